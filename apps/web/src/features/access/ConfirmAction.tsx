import { Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
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
  const action = useMutation({
    mutationFn: onConfirm,
    onSuccess: onClose,
    // an error the client already acted on (an error page, the sign-in) needs no dialog any more
    onError: (e) => {
      if (e instanceof ApiError && e.handled) onClose();
    },
  });
  const running = action.isPending;
  const error =
    action.error && !(action.error instanceof ApiError && action.error.handled) ? errorMessage(action.error) : null;
  const { reset } = action;
  useEffect(() => {
    if (opened) reset();
  }, [opened, reset]);

  return (
    <ConfirmDialog
      opened={opened}
      type={type}
      title={title}
      confirmLabel={confirmLabel}
      confirmColor="red"
      loading={running}
      onConfirm={() => action.mutate()}
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
