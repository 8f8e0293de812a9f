import {
  CLOSING_CENTER_PERMISSION_LABELS,
  CLOSING_CENTER_PERMISSIONS,
  type ClosingCenterPermission,
} from "@signet/contract";

/** Every grant a share may hold, as the checkboxes list them (VIEW_PACKAGE is always on). */
export const PERMISSION_OPTIONS = CLOSING_CENTER_PERMISSIONS.map((value) => ({
  value,
  label: CLOSING_CENTER_PERMISSION_LABELS[value],
  locked: value === "VIEW_PACKAGE",
}));

/** "View the package, Download documents" — the grants in the order screens list them. */
export function grantsText(permissions: readonly ClosingCenterPermission[]): string {
  return CLOSING_CENTER_PERMISSIONS.filter((permission) => permissions.includes(permission))
    .map((permission) => CLOSING_CENTER_PERMISSION_LABELS[permission])
    .join(", ");
}

/** One line of a closing center's address, or null when none was given. */
export function addressText(center: {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
}): string | null {
  const cityLine = [center.city, [center.state, center.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const parts = [center.addressLine1, center.addressLine2, cityLine].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : null;
}
