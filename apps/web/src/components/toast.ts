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

/** `id`: one toast for one ongoing problem (a retried save), shown again only after it closed. */
export function toastError(message: string, id?: string): void {
  if (id) notifications.hide(id);
  notifications.show({
    ...(id ? { id } : {}),
    title: "Error",
    message,
    color: "red",
    autoClose: UI.toastMs,
    withBorder: true,
    closeButtonProps,
  });
}
