import { Button, Group, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { type AlertType, dialogButtons, truncateTitle } from "./dialog-model.ts";
import { modalsReady } from "./ModalsHost.tsx";

export interface ConfirmDialogOptions {
  type?: AlertType;
  title: string;
  message?: ReactNode;
  /** shown by Error dialogs */
  errorMessage?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** e.g. red for destructive confirmations */
  confirmColor?: string;
}

/** A dialog title cut at 40 characters, with the full title as tooltip. */
export function DialogTitle({ title }: { title: string }) {
  const { text, truncated } = truncateTitle(title);
  if (!truncated) return <>{text}</>;
  return (
    <Tooltip label={title} multiline maw={360} withinPortal>
      <span>{text}</span>
    </Tooltip>
  );
}

function ConfirmDialogBody({
  type = "Confirm",
  message,
  errorMessage,
  confirmLabel,
  cancelLabel,
  confirmColor,
  loading = false,
  onConfirm,
  onCancel,
}: Omit<ConfirmDialogOptions, "title"> & { loading?: boolean; onConfirm: () => void; onCancel: () => void }) {
  const buttons = dialogButtons(type, { confirm: confirmLabel, cancel: cancelLabel });
  return (
    <Stack gap="md">
      {buttons.heading && (
        <Group gap="xs">
          <IconAlertTriangle size={18} color="var(--mantine-color-orange-8)" aria-hidden />
          {/* dark text: orange text on white falls short of the 4.5:1 contrast WCAG asks */}
          <Text fw={700}>{buttons.heading}</Text>
        </Group>
      )}
      {type === "Error" && errorMessage && (
        <Text c="red.8" role="alert">
          {errorMessage}
        </Text>
      )}
      {message && (typeof message === "string" ? <Text>{message}</Text> : message)}
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {buttons.cancel}
        </Button>
        {buttons.confirm && (
          <Button color={strongShade(confirmColor)} onClick={onConfirm} loading={loading} data-autofocus>
            {buttons.confirm}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** A colour name at a shade white text reads on at 4.5:1 (red → red.9); an explicit shade is kept. */
function strongShade(color: string | undefined): string | undefined {
  return color && !color.includes(".") ? `${color}.9` : color;
}

const closeButtonProps = { "aria-label": "Close" };

/** The shared confirmation dialog (alert types Confirm, Error, Info, Warning), controlled by its parent. */
export function ConfirmDialog({
  opened,
  title,
  onConfirm,
  onCancel,
  loading,
  ...options
}: Omit<ConfirmDialogOptions, "title"> & {
  opened: boolean;
  title: string;
  loading?: boolean;
  onConfirm?: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={<DialogTitle title={title} />}
      centered
      closeButtonProps={closeButtonProps}
    >
      <ConfirmDialogBody {...options} loading={loading} onConfirm={onConfirm ?? onCancel} onCancel={onCancel} />
    </Modal>
  );
}

/**
 * Opens the confirmation dialog through the modals manager and resolves true on Confirm, false on
 * Cancel or when the dialog is dismissed (including by navigation).
 */
export async function openConfirmDialog(options: ConfirmDialogOptions): Promise<boolean> {
  await modalsReady();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const id = modals.open({
      title: <DialogTitle title={options.title} />,
      centered: true,
      closeButtonProps,
      onClose: () => settle(false),
      children: (
        <ConfirmDialogBody
          {...options}
          onConfirm={() => {
            settle(true);
            modals.close(id);
          }}
          onCancel={() => {
            settle(false);
            modals.close(id);
          }}
        />
      ),
    });
  });
}
