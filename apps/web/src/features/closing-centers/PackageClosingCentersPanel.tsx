import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  CLOSING_CENTER_KIND_LABELS,
  CLOSING_CENTER_MESSAGES,
  type ClosingCenterPermission,
  type ClosingCenterShare,
  closingCenterRoutes,
  normalizeClosingCenterPermissions,
  type PackageStatus,
} from "@signet/contract";
import { IconBuildingEstate, IconDots, IconPencil, IconShare, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { FormError } from "../../components/FormError.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useClosingCenterViewer, usePermissionsQuery } from "../../session/permissions.ts";
import { formatDateTime } from "../access/format.ts";
import { GuardedButton, GuardedMenuItem } from "../settings/webhooks/GuardedControls.tsx";
import { ClosingCenterWork } from "./ClosingCenterWork.tsx";
import { grantsText, PERMISSION_OPTIONS } from "./closing-center-format.ts";
import { closingCenterQueries, refreshShares } from "./closing-center-queries.ts";

export const SHARE_REASON = "You need to be able to change this package to share it with a closing center";

/**
 * The package page's closing centers (issue 16 §3): whom the package is shared with and what each
 * may do, for senders; for a closing-center user, what their own closing center may do here.
 * Hidden while the organization has Closing Center off.
 */
export function PackageClosingCentersPanel({
  organizationId,
  packageId,
  canManage,
  status,
}: {
  organizationId: string;
  packageId: string;
  canManage: boolean;
  status: PackageStatus;
}) {
  const permissions = usePermissionsQuery();
  const viewer = useClosingCenterViewer();
  const enabled = permissions.data?.organization.enabledClosingCenter === true;
  const shares = useQuery({ ...closingCenterQueries.shares(organizationId, packageId), enabled });
  const [sharing, setSharing] = useState<{ share: ClosingCenterShare | null } | null>(null);
  if (!enabled) return null;

  if (viewer) {
    const mine = shares.data?.records[0];
    return (
      <Paper withBorder p="lg" component="section" aria-labelledby="closing-center-share-title">
        <Group gap="xs" wrap="nowrap" align="center">
          <IconBuildingEstate size={20} aria-hidden />
          <Title order={2} fz="md" id="closing-center-share-title">
            Shared with your closing center
          </Title>
        </Group>
        <Text size="sm" mt="xs">
          {mine
            ? `${mine.sharedBy ?? "The lender"} shared this package with ${viewer.name} on ${formatDateTime(mine.sharedAt)}. You may: ${grantsText(mine.permissions)}.`
            : "Loading what your closing center may do on this package…"}
        </Text>
        {mine && (
          <ClosingCenterWork
            organizationId={organizationId}
            packageId={packageId}
            status={status}
            grants={mine.permissions}
          />
        )}
      </Paper>
    );
  }

  const reason = canManage ? null : SHARE_REASON;
  const records = shares.data?.records ?? [];
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="closing-centers-title">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} fz="md" id="closing-centers-title">
            Closing centers
          </Title>
          <GuardedButton
            size="sm"
            variant="light"
            leftSection={<IconShare size={16} aria-hidden />}
            reason={reason}
            onClick={() => setSharing({ share: null })}
          >
            Share with closing center
          </GuardedButton>
        </Group>
        {shares.isPending ? (
          <Skeleton height={48} radius="sm" />
        ) : shares.error ? (
          <Alert color="red">{errorMessage(shares.error)}</Alert>
        ) : records.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not shared with a closing center. Share it to let a settlement or title agent work on it.
          </Text>
        ) : (
          records.map((share) => (
            <ShareRow
              key={share.id}
              organizationId={organizationId}
              share={share}
              reason={reason}
              onEdit={() => setSharing({ share })}
            />
          ))
        )}
      </Stack>
      <ShareModal
        organizationId={organizationId}
        packageId={packageId}
        share={sharing?.share ?? null}
        sharedWith={records.map((share) => share.closingCenterId)}
        opened={sharing !== null}
        onClose={() => setSharing(null)}
      />
    </Paper>
  );
}

function ShareRow({
  organizationId,
  share,
  reason,
  onEdit,
}: {
  organizationId: string;
  share: ClosingCenterShare;
  reason: string | null;
  onEdit: () => void;
}) {
  const client = useQueryClient();
  const stop = async () => {
    const confirmed = await openConfirmDialog({
      title: "Stop sharing",
      message: `Stop sharing this package with ${share.closingCenterName}? Its users lose it at once.`,
      confirmLabel: "Stop sharing",
      confirmColor: "red",
    });
    if (!confirmed) return;
    try {
      await api(closingCenterRoutes.unshareWithClosingCenter, {
        params: { orgId: organizationId, packageId: share.packageId, closingCenterId: share.closingCenterId },
        query: { version: share.version },
        passThrough: true,
      });
      toastSuccess(CLOSING_CENTER_MESSAGES.unshared);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      await refreshShares(client, organizationId, share.packageId);
    }
  };
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={500}>{share.closingCenterName}</Text>
          <Badge variant="light" color="gray">
            {CLOSING_CENTER_KIND_LABELS[share.closingCenterKind]}
          </Badge>
          {!share.closingCenterEnabled && (
            <Badge variant="light" color="orange">
              Disabled
            </Badge>
          )}
        </Group>
        <Text size="sm">May: {grantsText(share.permissions)}</Text>
        <Text size="xs" c="dimmed">
          Shared {share.sharedBy ? `by ${share.sharedBy} ` : ""}on {formatDateTime(share.sharedAt)}
        </Text>
      </div>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" size={44} aria-label={`Actions for ${share.closingCenterName}`}>
            <IconDots size={20} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <GuardedMenuItem reason={reason} icon={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
            Change permissions
          </GuardedMenuItem>
          <GuardedMenuItem
            reason={reason}
            icon={<IconTrash size={16} aria-hidden />}
            color="red"
            onClick={() => void stop()}
          >
            Stop sharing
          </GuardedMenuItem>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function ShareModal({
  organizationId,
  packageId,
  share,
  sharedWith,
  opened,
  onClose,
}: {
  organizationId: string;
  packageId: string;
  share: ClosingCenterShare | null;
  sharedWith: string[];
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery("(max-width: 48em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={share ? `What ${share.closingCenterName} may do` : "Share with closing center"}
      centered
      fullScreen={phone}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {opened && (
        <ShareForm
          organizationId={organizationId}
          packageId={packageId}
          share={share}
          sharedWith={sharedWith}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function ShareForm({
  organizationId,
  packageId,
  share,
  sharedWith,
  onDone,
}: {
  organizationId: string;
  packageId: string;
  share: ClosingCenterShare | null;
  sharedWith: string[];
  onDone: () => void;
}) {
  const client = useQueryClient();
  const centers = useQuery({ ...closingCenterQueries.list(organizationId), enabled: share === null });
  const [centerId, setCenterId] = useState<string | null>(share?.closingCenterId ?? null);
  const [permissions, setPermissions] = useState<ClosingCenterPermission[]>(share?.permissions ?? []);
  // Save pressed with no closing center chosen: said where a refusal would be
  const [choiceMissing, setChoiceMissing] = useState(false);
  const choices = (centers.data?.records ?? []).filter((center) => center.enabled && !sharedWith.includes(center.id));

  const choose = (id: string | null) => {
    setCenterId(id);
    // a closing center's defaults are what a share grants unless the sender changes them
    const center = choices.find((candidate) => candidate.id === id);
    if (center) setPermissions(center.defaultPermissions);
  };

  const saving = useMutation({
    mutationFn: async (chosenId: string) => {
      const granted = normalizeClosingCenterPermissions(permissions);
      if (share) {
        await api(closingCenterRoutes.updateClosingCenterShare, {
          params: { orgId: organizationId, packageId, closingCenterId: share.closingCenterId },
          body: { version: share.version, permissions: granted },
          passThrough: true,
        });
        return `${share.closingCenterName}'s permissions changed.`;
      }
      await api(closingCenterRoutes.shareWithClosingCenter, {
        params: { orgId: organizationId, packageId },
        body: { closingCenterId: chosenId, permissions: granted },
        passThrough: true,
      });
      return CLOSING_CENTER_MESSAGES.shared;
    },
    onSuccess: async (message) => {
      toastSuccess(message);
      await refreshShares(client, organizationId, packageId);
      onDone();
    },
  });
  const error = choiceMissing
    ? "Choose the closing center to share with."
    : saving.error
      ? errorMessage(saving.error)
      : null;
  const save = () => {
    setChoiceMissing(!centerId);
    if (centerId) saving.mutate(centerId);
  };
  return (
    <Stack gap="md">
      <FormError message={error} />
      {!share &&
        (centers.isPending ? (
          <Skeleton height={60} />
        ) : choices.length === 0 ? (
          <Alert color="gray">
            No enabled closing center is left to share with. An administrator adds closing centers in Settings › Closing
            centers.
          </Alert>
        ) : (
          <Select
            label="Closing center"
            placeholder="Choose a closing center"
            data={choices.map((center) => ({
              value: center.id,
              label: `${center.name} (${CLOSING_CENTER_KIND_LABELS[center.kind]})`,
            }))}
            value={centerId}
            onChange={choose}
            required
            data-autofocus
          />
        ))}
      <Checkbox.Group
        label="Its users may"
        value={normalizeClosingCenterPermissions(permissions)}
        onChange={(value) => setPermissions(value as ClosingCenterPermission[])}
      >
        <Stack gap="xs" mt="xs">
          {PERMISSION_OPTIONS.map((option) => (
            <Checkbox
              key={option.value}
              value={option.value}
              label={option.label}
              disabled={option.locked || (!share && !centerId)}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={saving.isPending}>
          Cancel
        </Button>
        <Button onClick={save} loading={saving.isPending} disabled={!share && choices.length === 0}>
          {share ? "Save permissions" : "Share package"}
        </Button>
      </Group>
    </Stack>
  );
}
