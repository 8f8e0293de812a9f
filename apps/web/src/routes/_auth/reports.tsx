import { createFileRoute } from "@tanstack/react-router";
import { ReportsLayout } from "../../features/admin/SectionLayouts.tsx";

export const Route = createFileRoute("/_auth/reports")({ component: ReportsLayout });
