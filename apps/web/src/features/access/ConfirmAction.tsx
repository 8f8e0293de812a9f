import { Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { FormError } from "../../components/FormError.tsx";

/**
 * The shared confirmation dialog for a server action (delete, remove): it stays open while the call
 * runs and shows the server's refusal inside (e.g. 'This group has sub-groups…', 'Version not matched').
 */
export function ConfirmAction({
  opened,
  title,
  message,
  confirmLabel,
  type = "Warning",
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  type?: "Confirm" | "Warning";
  /** resolves when done; throws to keep the dialog open with the error */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) setError(null);
  }, [opened]);

  const confirm = async () => {
    setRunning(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.handled) onClose();
      else setError(errorMessage(e));
    } finally {
      setRunning(false);
    }
  };

  return (
    <ConfirmDialog
      opened={opened}
      type={type}
      title={title}
      confirmLabel={confirmLabel}
      confirmColor="red"
      loading={running}
      onConfirm={() => void confirm()}
      onCancel={() => {
        if (!running) onClose();
      }}
      message={
        <Stack gap="sm">
          <Text>{message}</Text>
          <FormError message={error} />
        </Stack>
      }
    />
  );
}
