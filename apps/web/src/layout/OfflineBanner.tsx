import { Alert } from "@mantine/core";
import { useNetwork } from "@mantine/hooks";
import { CONNECTION_TEXTS } from "@signet/contract";
import { IconWifiOff } from "@tabler/icons-react";

/** Issue 33 §4: a dropped connection keeps the page and says so, instead of replacing it. */
export function OfflineBanner() {
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Alert
      color="yellow"
      c="dark.9"
      styles={{ title: { color: "inherit" } }}
      icon={<IconWifiOff size={18} aria-hidden />}
      title={CONNECTION_TEXTS.offlineTitle}
      role="status"
      radius={0}
    >
      {CONNECTION_TEXTS.offlineBody}
    </Alert>
  );
}
