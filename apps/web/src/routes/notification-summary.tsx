import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/ComingSoon.tsx";

// Spec §2 Guards: the notification pages need no guard.
export const Route = createFileRoute("/notification-summary")({
  component: () => <ComingSoon title="Notification summary" what="The notification summary" />,
});
