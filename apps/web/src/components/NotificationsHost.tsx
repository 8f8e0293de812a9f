import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

// Mantine's notifications container (with its transitions) mounts with the first toast, not with
// every page: the sign-in page never shows one. Toasts go to the notifications store, which the
// container reads when it mounts, so a toast shown before it has loaded still appears.

const NotificationsContainer = lazy(() => import("./NotificationsContainer.tsx"));

export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (notifications.length > 0 || queue.length > 0)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
