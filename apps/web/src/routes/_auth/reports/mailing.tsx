import { createFileRoute } from "@tanstack/react-router";
import { MailingReportPage } from "../../../features/reports/MailingReportPage.tsx";

export const Route = createFileRoute("/_auth/reports/mailing")({ component: MailingReportPage });
