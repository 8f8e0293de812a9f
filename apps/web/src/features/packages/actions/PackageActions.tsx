import { ActionIcon, Button, Checkbox, Group, Menu, Modal, Stack, Text, TextInput } from "@mantine/core";
import {
  type ClosingCenterPermission,
  PACKAGE_ACTION_MESSAGES,
  PACKAGE_MESSAGES,
  type PackageAction,
  type PackageStatus,
  packageActionRoutes,
  packageRoutes,
} from "@signet/contract";
import { IconChevronDown, IconDots, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { openConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../../components/toast.ts";
import { useHasPermission } from "../../../session/permissions.ts";
import { useClosingCenterGrants } from "../../closing-centers/use-closing-center-grants.ts";
import { localInputToIso } from "../package-format.ts";
import { invalidatePackage, packageQueries } from "../package-queries.ts";
import { type ReactivationInput, reactivationBody, reactivationNeeds, reactivationProblem } from "./reactivation.ts";

export interface ActionablePackage {
  id: string;
  name: string;
  version: number;
  status: PackageStatus;
  allowedActions: PackageAction[];
  canManage: boolean;
  packageExpiresAt: string | null;
  /** sent with a future date: frozen until then (spec §4), so not editable */
  scheduled?: boolean;
}

type Dialog = "cancel" | "reactivate" | null;

const NOT_MANAGER =
  "You can view this package but not change it: ask an administrator to give you a role that manages packages in its group.";
const NOT_GRANTED = "Your closing center's access to this package does not include this.";
const NO_CORRECTION_PERMISSION =
  "Starting a correction needs the “Initiate correction” permission: ask an administrator of your organization.";
const REASON_IDS = new Map([
  [NOT_MANAGER, "package-action-reason-manage"],
  [NOT_GRANTED, "package-action-reason-grant"],
  [NO_CORRECTION_PERMISSION, "package-action-reason-correction"],
]);
const reasonId = (reason: string | undefined) => (reason ? REASON_IDS.get(reason) : undefined);

/**
 * The lifecycle actions a package offers (spec §4), as the status machine and the caller's
 * permissions allow: edit, remind, cancel (optionally notifying), reactivate (rescheduled and
 * reopened), finish, correction and delete, each with its confirmation.
 */
export function PackageActions({
  organizationId,
  pkg,
  variant,
  onDeleted,
}: {
  organizationId: string;
  pkg: ActionablePackage;
  variant: "menu" | "buttons";
  onDeleted?: () => void;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const canCorrect = useHasPermission("INITIATE_CORRECTION");
  // a closing-center user reminds and finishes where their share allows it (issue 16 §3)
  const grants = useClosingCenterGrants(organizationId, pkg.id);
  const granted = (grant: ClosingCenterPermission) => (grants === null ? pkg.canManage : grants.includes(grant));
  const [dialog, setDialog] = useState<Dialog>(null);
  const params = { orgId: organizationId, packageId: pkg.id };

  const action = useMutation({
    mutationFn: ({ work }: { work: () => Promise<unknown>; success: string }) => work(),
    onSuccess: (_result, { success }) => {
      toastSuccess(success);
      setDialog(null);
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
      // someone changed the package meanwhile: the dialog's choice no longer applies to what refetches
      if (error instanceof ApiError && error.status === 409) setDialog(null);
    },
  });
  const busy = action.isPending;

  async function run(work: () => Promise<unknown>, success: string) {
    // a refusal is toasted by the mutation; the package reloads either way
    await action.mutateAsync({ work, success }).catch(() => undefined);
    await invalidatePackage(client, organizationId, pkg.id);
  }

  const remind = () =>
    run(async () => {
      const result = await api(packageActionRoutes.sendInvitationReminders, { params, body: {}, passThrough: true });
      if (result.sent === 0)
        throw new ApiError({ status: 400, code: "NONE", message: PACKAGE_ACTION_MESSAGES.reminderFailed });
    }, PACKAGE_ACTION_MESSAGES.reminderSent);

  const finish = async () => {
    const ok = await openConfirmDialog({
      title: "Finish package",
      message: "Confirm that the paper documents were executed. The package becomes Completed.",
      confirmLabel: "Finish",
    });
    if (ok)
      await run(
        () => api(packageActionRoutes.finishPackage, { params, body: { version: pkg.version }, passThrough: true }),
        "Package finished.",
      );
  };

  const correct = async () => {
    const ok = await openConfirmDialog({
      title: "Start a correction",
      message: "The package returns to Draft so it can be changed. Open signing sessions and links expire.",
      confirmLabel: "Start correction",
    });
    if (!ok) return;
    await run(
      () => api(packageActionRoutes.correctPackage, { params, body: { version: pkg.version }, passThrough: true }),
      "Correction started.",
    );
    await navigate({ to: "/packages/$packageId/build", params: { packageId: pkg.id }, search: { step: 1 } });
  };

  const remove = async () => {
    const ok = await openConfirmDialog({
      title: PACKAGE_MESSAGES.deletePackageTitle,
      message: PACKAGE_MESSAGES.deletePackageConfirm,
      confirmLabel: "Delete",
      confirmColor: "red",
    });
    if (!ok) return;
    await run(
      () => api(packageRoutes.deletePackage, { params, query: { version: pkg.version }, passThrough: true }),
      PACKAGE_MESSAGES.packageDeleted,
    );
    onDeleted?.();
  };

  // Spec §5: an action the status allows shows even without the permission, disabled, with the
  // reason beside it (UX.md "Every persona"); actions the status does not allow are left out.
  const items: {
    key: string;
    label: string;
    color?: string;
    disabled: boolean;
    /** why it is disabled, in words */
    reason?: string;
    onClick: () => void;
  }[] = [];
  const manageReason = grants === null ? NOT_MANAGER : NOT_GRANTED;
  const offer = (
    action: PackageAction,
    item: Omit<(typeof items)[number], "disabled" | "reason">,
    permitted = pkg.canManage,
    reason = manageReason,
  ) => {
    if (pkg.allowedActions.includes(action)) items.push({ ...item, disabled: !permitted, reason });
  };
  if (pkg.status === "STARTED" && !pkg.scheduled) {
    items.push({
      key: "edit",
      label: "Edit",
      disabled: !pkg.canManage,
      reason: NOT_MANAGER,
      onClick: () =>
        void navigate({ to: "/packages/$packageId/build", params: { packageId: pkg.id }, search: { step: 1 } }),
    });
  }
  if (pkg.status === "AVAILABLE_TO_SIGNERS")
    offer("remind", { key: "remind", label: "Send reminder", onClick: () => void remind() }, granted("SEND_REMINDERS"));
  offer("finish", { key: "finish", label: "Finish", onClick: () => void finish() }, granted("MANAGE_PAPER"));
  offer(
    "correct",
    { key: "correct", label: "Start correction", onClick: () => void correct() },
    pkg.canManage && canCorrect,
    pkg.canManage ? NO_CORRECTION_PERMISSION : NOT_MANAGER,
  );
  offer("cancel", { key: "cancel", label: "Cancel package", color: "red", onClick: () => setDialog("cancel") });
  offer("reactivate", { key: "reactivate", label: "Reactivate", onClick: () => setDialog("reactivate") });
  offer("delete", { key: "delete", label: "Delete", color: "red", onClick: () => void remove() });

  return (
    <>
      {variant === "menu" ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="subtle"
              size="xs"
              rightSection={<IconChevronDown size={14} />}
              disabled={items.every((item) => item.disabled) || busy}
              aria-label={`Actions for ${pkg.name}`}
            >
              Actions
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {items.map((item) => (
              <Menu.Item key={item.key} color={item.color} disabled={item.disabled} onClick={item.onClick}>
                {item.label}
                {item.disabled && item.reason && (
                  <Text size="xs" c="dimmed" maw={260}>
                    {item.reason}
                  </Text>
                )}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Stack gap={4} align="flex-end">
          <Group gap="xs">
            {items
              .filter((item) => item.key !== "delete")
              .map((item) =>
                item.disabled ? (
                  // focusable while disabled, so a keyboard or screen reader reaches it and hears why
                  <Button
                    key={item.key}
                    variant="default"
                    data-disabled
                    aria-disabled
                    aria-describedby={reasonId(item.reason)}
                    onClick={(event) => event.preventDefault()}
                  >
                    {item.label}
                  </Button>
                ) : (
                  <Button
                    key={item.key}
                    variant={item.color ? "light" : "default"}
                    color={item.color}
                    onClick={item.onClick}
                    loading={busy && dialog === null}
                  >
                    {item.label}
                  </Button>
                ),
              )}
            {/* deleting is rare and final: a secondary action behind a menu, never a button of its own */}
            {items
              .filter((item) => item.key === "delete")
              .map((item) => (
                <Menu key={item.key} position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="default" size="lg" aria-label="More actions" disabled={busy}>
                      <IconDots size={18} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      disabled={item.disabled}
                      onClick={item.onClick}
                    >
                      Delete package
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              ))}
          </Group>
          {[...new Set(items.filter((item) => item.disabled && item.key !== "delete").map((item) => item.reason))].map(
            (reason) =>
              reason && (
                <Text key={reason} id={reasonId(reason)} size="xs" c="dimmed" ta="right" maw={420}>
                  {reason}
                </Text>
              ),
          )}
        </Stack>
      )}
      <CancelDialog
        opened={dialog === "cancel"}
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={(notify) =>
          run(
            () =>
              api(packageActionRoutes.cancelPackage, {
                params,
                body: { version: pkg.version, notify },
                passThrough: true,
              }),
            "Package cancelled.",
          )
        }
      />
      <ReactivateDialog
        opened={dialog === "reactivate"}
        busy={busy}
        organizationId={organizationId}
        packageId={pkg.id}
        onClose={() => setDialog(null)}
        onConfirm={(version, input) =>
          run(
            () =>
              api(packageActionRoutes.reactivatePackage, {
                params,
                body: reactivationBody(version, input),
                passThrough: true,
              }),
            "Package reactivated.",
          )
        }
      />
    </>
  );
}

function CancelDialog(props: {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (notify: boolean) => void;
}) {
  const [notify, setNotify] = useState(true);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Cancel package" centered>
      <Stack gap="md">
        <Text size="sm">
          Cancelling cancels scheduled invitations and expires active signing sessions and links. The package can be
          reactivated later.
        </Text>
        <Checkbox
          label={PACKAGE_ACTION_MESSAGES.notifyParticipantsLabel}
          checked={notify}
          onChange={(event) => setNotify(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Keep package
          </Button>
          <Button color="red" loading={props.busy} onClick={() => props.onConfirm(notify)}>
            Cancel package
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ReactivateDialog(props: {
  opened: boolean;
  busy: boolean;
  organizationId: string;
  packageId: string;
  onClose: () => void;
  onConfirm: (version: number, input: ReactivationInput) => void;
}) {
  // The workspace row lacks the schedule and cancel reason: read the whole package when opened.
  const pkg = useQuery({ ...packageQueries.package(props.organizationId, props.packageId), enabled: props.opened });
  const [expiry, setExpiry] = useState("");
  const [scheduled, setScheduled] = useState("");
  const now = new Date();
  const needs = pkg.data ? reactivationNeeds(pkg.data, now) : { expiry: false, schedule: false };
  const input: ReactivationInput = {
    scheduledOn: localInputToIso(scheduled),
    packageExpiresAt: localInputToIso(expiry),
  };
  const problem = reactivationProblem(needs, input, now, PACKAGE_ACTION_MESSAGES);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Reactivate package" centered>
      <Stack gap="md">
        <Text size="sm">
          The package returns to Draft: review it, then send it again. Participants are invited when it is sent.
        </Text>
        <TextInput
          type="datetime-local"
          label="New scheduled date"
          description={
            needs.schedule
              ? PACKAGE_ACTION_MESSAGES.newScheduleRequired
              : "Optional: leave empty to make it available when sent."
          }
          required={needs.schedule}
          value={scheduled}
          error={problem?.field === "scheduledOn" && scheduled ? problem.message : undefined}
          onChange={(event) => setScheduled(event.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label="New expiration"
          description={
            needs.expiry ? PACKAGE_ACTION_MESSAGES.newExpiryRequired : "Optional: leave empty for no expiration."
          }
          required={needs.expiry}
          value={expiry}
          error={problem?.field === "packageExpiresAt" && expiry ? problem.message : undefined}
          onChange={(event) => setExpiry(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Close
          </Button>
          <Button
            loading={props.busy || pkg.isFetching}
            disabled={!pkg.data || problem !== null}
            onClick={() => pkg.data && props.onConfirm(pkg.data.version, input)}
          >
            Reactivate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
