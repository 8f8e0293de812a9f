import { Button, Group } from "@mantine/core";
import type { PermissionName } from "@signet/contract";
import { usePermissionBits } from "../session/permissions.ts";
import { submitDisabled } from "./dialog-model.ts";

export interface ModalFooterProps {
  submitLabel?: string;
  cancelLabel?: string;
  loading?: boolean;
  /** one permission or a list: any one suffices */
  permission?: PermissionName | readonly PermissionName[];
  /** id of the form the submit button submits; without it the button calls onSubmit */
  form?: string;
  onSubmit?: () => void;
  onCancel: () => void;
}

/** Spec §2 Modal footer: cancel, and a submit disabled while loading or without the permission. */
export function ModalFooter({
  submitLabel = "Save",
  cancelLabel = "Cancel",
  loading = false,
  permission,
  form,
  onSubmit,
  onCancel,
}: ModalFooterProps) {
  const bits = usePermissionBits();
  const disabled = submitDisabled(loading, bits, permission);
  return (
    <Group justify="flex-end" gap="sm" mt="lg">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button
        type={form ? "submit" : "button"}
        form={form}
        onClick={form ? undefined : onSubmit}
        loading={loading}
        disabled={disabled}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}
