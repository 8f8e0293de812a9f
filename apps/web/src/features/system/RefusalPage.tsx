import { Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { hasAnyPermission, type PermissionName } from "@signet/contract";
import { IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useSessionUser } from "../../app/services-context.tsx";
import { ButtonLink } from "../../components/links.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { usePermissionBits } from "../../session/permissions.ts";
import { PERMISSION_LABELS } from "../access/roles/permission-groups.ts";

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
    <Paper withBorder shadow="xs" p="xl" maw={640} mx="auto" my={48} w="100%" data-testid="refusal">
      <Stack gap="md">
        <ThemeIcon color="gray" variant="light" size={40} radius="xl" aria-hidden>
          <IconLock size={22} />
        </ThemeIcon>
        <Title order={level} fz={22}>
          You don't have permission to open {area}
        </Title>
        <Text>{ask}</Text>
        {traceId && (
          <Text size="sm" c="dimmed">
            Reference for support: {traceId}
          </Text>
        )}
        <div>
          <ButtonLink to="/workspace">Go to the workspace</ButtonLink>
        </div>
      </Stack>
    </Paper>
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
