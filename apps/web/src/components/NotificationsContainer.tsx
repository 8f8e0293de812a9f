import { Notifications } from "@mantine/notifications";

/** Where toasts show (loaded by NotificationsHost with the first one). */
export default function NotificationsContainer() {
  return <Notifications position="top-right" zIndex={2000} />;
}
