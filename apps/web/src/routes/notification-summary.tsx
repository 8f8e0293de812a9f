import { createFileRoute } from "@tanstack/react-router";
import { searchSchema, text } from "../app/search.ts";
import { NotificationSummaryPage } from "../features/notifications/NotificationLinkPages.tsx";

// Spec §2 Guards: the notification pages need no guard; the signed, expiring token in the link is theirs.
export const Route = createFileRoute("/notification-summary")({
  validateSearch: searchSchema({ token: text() }),
  component: () => <NotificationSummaryPage token={Route.useSearch().token} />,
});
