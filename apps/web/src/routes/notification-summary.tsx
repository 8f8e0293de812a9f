import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { NotificationSummaryPage } from "../features/notifications/NotificationLinkPages.tsx";

// Spec §2 Guards: the notification pages need no guard; the signed, expiring token in the link is theirs.
export const Route = createFileRoute("/notification-summary")({
  validateSearch: z.object({ token: z.string().optional().catch(undefined) }),
  component: () => <NotificationSummaryPage token={Route.useSearch().token} />,
});
