import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod/mini";
import { lenient } from "../app/search.ts";
import { NotificationReportPage } from "../features/notifications/NotificationLinkPages.tsx";

// Spec §2 Guards: the notification pages need no guard; the signed, expiring token in the link is theirs.
export const Route = createFileRoute("/notification-report")({
  validateSearch: z.object({ token: lenient(z.string()) }),
  component: () => <NotificationReportPage token={Route.useSearch().token} />,
});
