import { hasAnyPermission, type PermissionName } from "@signet/contract";
import { IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useSessionUser } from "../../app/services-context.tsx";
import { ButtonLink } from "../../components/links.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { usePermissionBits } from "../../session/permissions.ts";
import { PERMISSION_LABELS } from "../access/roles/permission-groups.ts";
import { ErrorPanel } from "./ErrorPanel.tsx";

export type RefusalReason =
  /** the organization's roles do not give the user this permission */
  | { permission: PermissionName }
  /** only support staff may open it */
  | { supportOnly: true }
  /** the server refused an action without saying which permission it needed */
  | { unknown: true };

/**
 * The one refusal page (UX.md "Honest state"): what the person cannot open, whom to ask, and a way
 * back. A signed-in person who lacks a permission is never told that their session has ended.
 */
export function RefusalPage({
  area,
  reason,
  traceId,
  level = 1,
}: {
  area: string;
  reason: RefusalReason;
  traceId?: string | undefined;
  /** 2 inside a page that already has its own title */
  level?: 1 | 2;
}) {
  const user = useSessionUser();
  const organization = user?.organizationName ?? "your organization";
  const ask =
    "permission" in reason
      ? `Ask an administrator of ${organization} to give you the “${PERMISSION_LABELS[reason.permission].label}” permission.`
      : "supportOnly" in reason
        ? "Only Signet support staff can open it. If you need something from it, contact your support team."
        : `Ask an administrator of ${organization} for the permission you need.`;
  return (
    <ErrorPanel
      title={`You don't have permission to open ${area}`}
      message={ask}
      traceId={traceId}
      icon={<IconLock size={22} />}
      color="gray"
      level={level}
      testId="refusal"
      actions={<ButtonLink to="/workspace">Go to the workspace</ButtonLink>}
    />
  );
}

/** A page that needs one of `permission`: its children (and their server calls) only run once allowed. */
export function RequirePermission({
  area,
  permission,
  children,
}: {
  area: string;
  permission: PermissionName | readonly [PermissionName, ...PermissionName[]];
  children: ReactNode;
}) {
  const bits = usePermissionBits();
  if (bits === null) return <Spinner />;
  if (hasAnyPermission(bits, permission)) return <>{children}</>;
  const named = typeof permission === "string" ? permission : permission[0];
  return <RefusalPage area={area} reason={{ permission: named }} />;
}
