import { notifications } from "@mantine/notifications";
import { UI } from "@signet/contract";

// Mantine's close button has no name of its own (axe: button-name)
const closeButtonProps = { "aria-label": "Dismiss notification" };

// Spec §2: toasts are Success or Error and last 6 seconds.
export function toastSuccess(message: string): void {
  notifications.show({
    title: "Success",
    message,
    color: "teal",
    autoClose: UI.toastMs,
    withBorder: true,
    closeButtonProps,
  });
}

export function toastError(message: string): void {
  notifications.show({
    title: "Error",
    message,
    color: "red",
    autoClose: UI.toastMs,
    withBorder: true,
    closeButtonProps,
  });
}
