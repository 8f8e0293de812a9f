import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Checkbox, Group, Modal, Select, Stack, TagsInput, Text, Textarea, TextInput } from "@mantine/core";
import {
  CUSTOM_FIELD_DATE_FORMATS,
  type CustomField,
  type CustomFieldDateFormat,
  customFieldRoutes,
  SETTINGS_TOASTS,
  updateCustomFieldSchema,
} from "@signet/contract";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { ModalFooter } from "../../components/ModalFooter.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { DATE_LABELS } from "./custom-field-labels.ts";

/**
 * Issue 13 §2: edit a custom field definition at the version read (PATCH; 'Version not matched'
 * when someone changed it meanwhile). The key, scope, type and encryption stay as they are: values
 * may already be stored under the key in that type, and encrypted values stay encrypted (turning
 * encryption off would leave ciphertext where plain values are read, and on, plain text where
 * ciphertext is expected), so those four are shown, not edited.
 */
// The contract's update with the fields this dialog edits; a name is needed here (the API leaves it out to keep it)
const editFormSchema = updateCustomFieldSchema
  .pick({ name: true, description: true, dateFormat: true, selectOptions: true, required: true, active: true })
  .required({ name: true });
type EditInput = z.input<typeof editFormSchema>;
type EditOutput = z.output<typeof editFormSchema>;

export function EditCustomFieldModal(props: {
  organizationId: string;
  field: CustomField;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { field } = props;
  const form = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(editFormSchema),
    defaultValues: {
      name: field.name,
      description: field.description ?? "",
      required: field.required,
      active: field.active,
      dateFormat: field.dateFormat ?? "DATE_MEDIUM",
      selectOptions: field.selectOptions,
    },
  });
  const { errors, isDirty } = form.formState;
  const { confirmDiscard, allowLeave } = useUnsavedChangesGuard(isDirty);

  async function close() {
    if (await confirmDiscard()) props.onClose();
  }

  const { submit, formError, mutation } = useFormMutation(form, {
    mutationFn: (values: EditOutput) =>
      api(customFieldRoutes.updateCustomField, {
        params: { orgId: props.organizationId, customFieldId: field.id },
        body: {
          version: field.version,
          name: values.name,
          description: values.description || null,
          required: values.required,
          active: values.active,
          ...(field.dataType === "DATE" ? { dateFormat: values.dateFormat } : {}),
          ...(field.dataType === "SELECT" ? { selectOptions: values.selectOptions } : {}),
        },
        passThrough: true,
      }),
    onSuccess: () => {
      allowLeave();
      toastSuccess(SETTINGS_TOASTS.customField);
      props.onSaved();
    },
  });

  return (
    <Modal
      opened
      onClose={() => void close()}
      title={`Edit custom field ${field.name}`}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <form id="edit-custom-field" aria-label="Edit custom field" noValidate onSubmit={submit}>
        <Stack gap="md">
          <FormError message={formError} />
          <TextInput label="Name" required maxLength={200} {...form.register("name")} error={errors.name?.message} />
          <Textarea
            label="Description"
            autosize
            maxLength={1000}
            {...form.register("description")}
            error={errors.description?.message}
          />
          {field.dataType === "DATE" && (
            <Controller
              control={form.control}
              name="dateFormat"
              render={({ field: input }) => (
                <Select
                  label="Date format"
                  data={CUSTOM_FIELD_DATE_FORMATS.map((value) => ({ value, label: DATE_LABELS[value] }))}
                  value={input.value ?? null}
                  allowDeselect={false}
                  onChange={(value) => value && input.onChange(value as CustomFieldDateFormat)}
                />
              )}
            />
          )}
          {field.dataType === "SELECT" && (
            <Controller
              control={form.control}
              name="selectOptions"
              render={({ field: input }) => (
                <TagsInput
                  label="Options"
                  value={input.value ?? []}
                  onChange={input.onChange}
                  error={errors.selectOptions?.message}
                />
              )}
            />
          )}
          <Group>
            <Checkbox label="Required" {...form.register("required")} />
            <Checkbox label="Active (offered on new packages)" {...form.register("active")} />
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
            loading={mutation.isPending}
            permission="MANAGE_ADMIN_SETTINGS"
            onCancel={() => void close()}
          />
        </Stack>
      </form>
    </Modal>
  );
}
