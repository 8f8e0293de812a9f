import { useHasPermission, usePermissionBits } from "../../../session/permissions.ts";

export const MANAGE_WEBHOOKS_TOOLTIP = "You need the Manage settings permission to change webhooks";

/** Who may read and change webhooks (the API's readers and writers), and whether that is known yet. */
export function useWebhookAccess() {
  const known = usePermissionBits() !== null;
  const canView = useHasPermission(["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"]);
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  return { known, canView, canManage };
}
