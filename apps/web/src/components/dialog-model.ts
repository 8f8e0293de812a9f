import { hasAnyPermission, type PermissionName, UI } from "@signet/contract";

export type AlertType = "Confirm" | "Error" | "Info" | "Warning";

/** Spec §2 Shared dialogs: titles are cut at 40 characters with an ellipsis; the full title goes in a tooltip. */
export function truncateTitle(title: string, max: number = UI.titleTruncation): { text: string; truncated: boolean } {
  const chars = Array.from(title);
  if (chars.length <= max) return { text: title, truncated: false };
  return { text: `${chars.slice(0, max).join("").trimEnd()}…`, truncated: true };
}

export interface DialogButtons {
  confirm: string | null;
  cancel: string;
  /** Warning dialogs show the heading 'Warning' above their message */
  heading: "Warning" | null;
}

/** Error and Info show only Cancel; Confirm and Warning show both (default labels Confirm / Cancel). */
export function dialogButtons(type: AlertType, labels: { confirm?: string; cancel?: string } = {}): DialogButtons {
  const both = type === "Confirm" || type === "Warning";
  return {
    confirm: both ? (labels.confirm ?? "Confirm") : null,
    cancel: labels.cancel ?? "Cancel",
    heading: type === "Warning" ? "Warning" : null,
  };
}

/** Spec §2 Modal footer: submit is disabled while loading or without the permission (any one of a list suffices). */
export function submitDisabled(
  loading: boolean,
  permissions: number | null,
  required: PermissionName | readonly PermissionName[] | undefined,
): boolean {
  if (loading) return true;
  if (required === undefined) return false;
  return permissions === null || !hasAnyPermission(permissions, required);
}
