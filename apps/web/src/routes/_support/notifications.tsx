import { createFileRoute } from "@tanstack/react-router";
import { NotificationsPage } from "../../features/notifications/NotificationsPage.tsx";
import { notificationSearchSchema } from "../../features/notifications/notification-search.ts";

// Spec §2 menu: Notifications is for support users only (the _support layout's guard).
export const Route = createFileRoute("/_support/notifications")({
  validateSearch: notificationSearchSchema,
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <NotificationsPage search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />;
}
