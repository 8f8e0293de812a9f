import { Alert, Checkbox, Group, Modal, Select, Stack, TagsInput, Text, Textarea, TextInput } from "@mantine/core";
import {
  CUSTOM_FIELD_DATE_FORMATS,
  type CustomField,
  type CustomFieldDateFormat,
  customFieldRoutes,
  SETTINGS_TOASTS,
  type UpdateCustomField,
} from "@signet/contract";
import { useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { ModalFooter } from "../../components/ModalFooter.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";

const DATE_LABELS: Record<CustomFieldDateFormat, string> = {
  DATE_LONG: "Long (November 23, 2026)",
  DATE_MEDIUM: "Medium (Nov 23, 2026)",
  DATE_SHORT: "Short (11/23/2026)",
};

/**
 * Issue 13 §2: edit a custom field definition at the version read (PATCH; 'Version not matched'
 * when someone changed it meanwhile). The key, scope, type and encryption stay as they are: values
 * may already be stored under the key in that type, and encrypted values stay encrypted (turning
 * encryption off would leave ciphertext where plain values are read, and on, plain text where
 * ciphertext is expected), so those four are shown, not edited.
 */
export function EditCustomFieldModal(props: {
  organizationId: string;
  field: CustomField;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { field } = props;
  const initial = {
    name: field.name,
    description: field.description ?? "",
    required: field.required,
    active: field.active,
    dateFormat: (field.dateFormat ?? "DATE_MEDIUM") as CustomFieldDateFormat,
    selectOptions: field.selectOptions,
  };
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const { confirmDiscard, allowLeave } = useUnsavedChangesGuard(dirty);
  const set = <K extends keyof typeof initial>(name: K, value: (typeof initial)[K]) =>
    setDraft((current) => ({ ...current, [name]: value }));

  async function close() {
    if (await confirmDiscard()) props.onClose();
  }

  async function save() {
    setError(null);
    if (!draft.name.trim()) {
      setError("Enter a name.");
      return;
    }
    const body: UpdateCustomField = {
      version: field.version,
      name: draft.name.trim(),
      description: draft.description.trim() || null,
      required: draft.required,
      active: draft.active,
      ...(field.dataType === "DATE" ? { dateFormat: draft.dateFormat } : {}),
      ...(field.dataType === "SELECT" ? { selectOptions: draft.selectOptions } : {}),
    };
    setSaving(true);
    try {
      await api(customFieldRoutes.updateCustomField, {
        params: { orgId: props.organizationId, customFieldId: field.id },
        body,
        passThrough: true,
      });
      allowLeave();
      toastSuccess(SETTINGS_TOASTS.customField);
      props.onSaved();
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.handled)) setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      opened
      onClose={() => void close()}
      title={`Edit custom field ${field.name}`}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <form
        id="edit-custom-field"
        aria-label="Edit custom field"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <FormError message={error} />
          <TextInput
            label="Name"
            required
            maxLength={200}
            value={draft.name}
            onChange={(event) => set("name", event.currentTarget.value)}
          />
          <Textarea
            label="Description"
            autosize
            maxLength={1000}
            value={draft.description}
            onChange={(event) => set("description", event.currentTarget.value)}
          />
          {field.dataType === "DATE" && (
            <Select
              label="Date format"
              data={CUSTOM_FIELD_DATE_FORMATS.map((value) => ({ value, label: DATE_LABELS[value] }))}
              value={draft.dateFormat}
              allowDeselect={false}
              onChange={(value) => value && set("dateFormat", value as CustomFieldDateFormat)}
            />
          )}
          {field.dataType === "SELECT" && (
            <TagsInput label="Options" value={draft.selectOptions} onChange={(value) => set("selectOptions", value)} />
          )}
          <Group>
            <Checkbox
              label="Required"
              checked={draft.required}
              onChange={(event) => set("required", event.currentTarget.checked)}
            />
            <Checkbox
              label="Active (offered on new packages)"
              checked={draft.active}
              onChange={(event) => set("active", event.currentTarget.checked)}
            />
          </Group>
          <Alert color="gray" variant="light">
            <Text size="sm">
              Key <code>{field.customFieldId}</code>, scope, type and encryption (
              {field.encrypted ? "encrypted" : "not encrypted"}) stay as they are: values may already be stored in that
              form.
            </Text>
          </Alert>
          <ModalFooter
            form="edit-custom-field"
            submitLabel="Save custom field"
            loading={saving}
            permission="MANAGE_ADMIN_SETTINGS"
            onCancel={() => void close()}
          />
        </Stack>
      </form>
    </Modal>
  );
}
