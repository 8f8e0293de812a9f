import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, TagsInput, TextInput } from "@mantine/core";
import {
  CUSTOM_FIELD_DATA_TYPES,
  CUSTOM_FIELD_DATE_FORMATS,
  CUSTOM_FIELD_SCOPES,
  type CustomFieldDataType,
  type CustomFieldDateFormat,
  type CustomFieldScope,
  createCustomFieldSchema,
  customFieldRoutes,
} from "@signet/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Controller, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { FormSection } from "../../components/FormSection.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { DATE_LABELS, TYPE_LABELS } from "./custom-field-labels.ts";

// The contract's create schema with one range pair: the API names the range after the type
// (minRangeWholeNumber or minRangeRealNumber), the form asks for it once.
const addFormSchema = createCustomFieldSchema
  .pick({
    customFieldId: true,
    name: true,
    scope: true,
    dataType: true,
    dateFormat: true,
    selectOptions: true,
    required: true,
    encrypted: true,
  })
  .extend({ min: z.number().optional(), max: z.number().optional() });
type AddInput = z.input<typeof addFormSchema>;
type AddOutput = z.output<typeof addFormSchema>;

const EMPTY: AddInput = {
  customFieldId: "",
  name: "",
  scope: "PACKAGE",
  dataType: "TEXT",
  dateFormat: "DATE_MEDIUM",
  selectOptions: [],
  required: false,
  encrypted: false,
  min: undefined,
  max: undefined,
};

/** Defines a new custom field (spec §3); the list shows it once saved. */
export function AddCustomField({ organizationId, listKey }: { organizationId: string; listKey: readonly unknown[] }) {
  const client = useQueryClient();
  const form = useForm<AddInput, unknown, AddOutput>({ resolver: zodResolver(addFormSchema), defaultValues: EMPTY });
  const [name, customFieldId, dataType] = useWatch({
    control: form.control,
    name: ["name", "customFieldId", "dataType"],
  });
  const { errors } = form.formState;
  // a half-filled new field asks before the page is left
  const { allowLeave } = useUnsavedChangesGuard(Boolean(name.trim() || customFieldId.trim()));

  const { submit, formError, mutation } = useFormMutation(form, {
    mutationFn: ({ min, max, ...values }: AddOutput) => {
      const numeric =
        values.dataType === "WHOLE_NUMBER" ? "WholeNumber" : values.dataType === "REAL_NUMBER" ? "RealNumber" : null;
      return api(customFieldRoutes.createCustomField, {
        params: { orgId: organizationId },
        body: {
          ...values,
          dateFormat: values.dataType === "DATE" ? values.dateFormat : null,
          selectOptions: values.dataType === "SELECT" ? values.selectOptions : [],
          active: true,
          ...(numeric && min !== undefined ? { [`minRange${numeric}`]: min } : {}),
          ...(numeric && max !== undefined ? { [`maxRange${numeric}`]: max } : {}),
        },
        passThrough: true,
      });
    },
    onSuccess: async () => {
      toastSuccess("Custom field saved.");
      allowLeave();
      form.reset(EMPTY);
      await client.invalidateQueries({ queryKey: listKey });
    },
  });

  return (
    <FormSection title="Add a custom field">
      <form id="add-custom-field" aria-label="Add a custom field" noValidate onSubmit={submit}>
        <FormError message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required {...form.register("name")} error={errors.name?.message} />
          <TextInput
            label="Key"
            description="For integrations: letters, digits and underscores"
            required
            {...form.register("customFieldId")}
            error={errors.customFieldId?.message}
          />
          <Controller
            control={form.control}
            name="scope"
            render={({ field }) => (
              <Select
                label="Scope"
                data={CUSTOM_FIELD_SCOPES.map((value) => ({
                  value,
                  label: value === "PACKAGE" ? "Package" : "Document",
                }))}
                value={field.value ?? "PACKAGE"}
                allowDeselect={false}
                onChange={(value) => value && field.onChange(value as CustomFieldScope)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="dataType"
            render={({ field }) => (
              <Select
                label="Type"
                data={CUSTOM_FIELD_DATA_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
                value={field.value ?? "TEXT"}
                allowDeselect={false}
                onChange={(value) => value && field.onChange(value as CustomFieldDataType)}
              />
            )}
          />
          {dataType === "DATE" && (
            <Controller
              control={form.control}
              name="dateFormat"
              render={({ field }) => (
                <Select
                  label="Date format"
                  data={CUSTOM_FIELD_DATE_FORMATS.map((value) => ({ value, label: DATE_LABELS[value] }))}
                  value={field.value ?? null}
                  allowDeselect={false}
                  onChange={(value) => value && field.onChange(value as CustomFieldDateFormat)}
                />
              )}
            />
          )}
          {dataType === "SELECT" && (
            <Controller
              control={form.control}
              name="selectOptions"
              render={({ field }) => (
                <TagsInput
                  label="Options"
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={errors.selectOptions?.message}
                />
              )}
            />
          )}
          {(dataType === "WHOLE_NUMBER" || dataType === "REAL_NUMBER") && (
            <Group grow>
              {(["min", "max"] as const).map((bound) => (
                <Controller
                  key={bound}
                  control={form.control}
                  name={bound}
                  render={({ field }) => (
                    <NumberInput
                      label={bound === "min" ? "Minimum" : "Maximum"}
                      value={field.value ?? ""}
                      onChange={(value) => field.onChange(typeof value === "number" ? value : undefined)}
                      error={errors[bound]?.message}
                    />
                  )}
                />
              ))}
            </Group>
          )}
        </SimpleGrid>
        <Group mt="md">
          <Checkbox label="Required" {...form.register("required")} />
          <Checkbox label="Encrypted (stored encrypted, for sensitive values)" {...form.register("encrypted")} />
        </Group>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={mutation.isPending} disabled={!name.trim() || !customFieldId.trim()}>
            Add custom field
          </Button>
        </Group>
      </form>
    </FormSection>
  );
}
