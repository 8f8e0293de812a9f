import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/ComingSoon.tsx";

// Spec §2 Guards: the notification pages need no guard.
export const Route = createFileRoute("/notification-report")({
  component: () => <ComingSoon title="Notification report" what="The notification report" />,
});
