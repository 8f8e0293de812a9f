import { Checkbox, Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import { type CustomFieldValue, customFieldRoutes } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../../../api/client.ts";
import { FormSection } from "../../../../components/FormSection.tsx";
import { useBuilder } from "../builder-context.tsx";
import { useBuilderCall } from "../use-builder-call.ts";
import { customFieldChange, initialInput, MASK } from "./custom-field-input.ts";

function CustomFieldInput({ field }: { field: CustomFieldValue }) {
  const { organizationId, packageId, readOnly, setDirty } = useBuilder();
  const call = useBuilderCall();
  const [input, setInput] = useState(() => initialInput(field));
  const [problem, setProblem] = useState<string | null>(null);
  const dirtyKey = `custom-field:${field.customFieldId}`;

  const save = (raw: string) => {
    const change = customFieldChange(field, raw);
    if (!change) return setDirty(dirtyKey, false);
    if ("problem" in change) return setProblem(change.problem);
    setProblem(null);
    void call(() =>
      api(customFieldRoutes.setPackageCustomField, {
        params: { orgId: organizationId, packageId, customFieldId: field.customFieldId },
        body: { value: change.value, ...(field.version ? { version: field.version } : {}) },
        passThrough: true,
      }),
    ).then((ok) => setDirty(dirtyKey, !ok));
  };
  const edit = (value: string) => {
    setInput(value);
    setDirty(dirtyKey, true);
  };

  const common = {
    label: field.name,
    required: field.required,
    error: problem,
    disabled: readOnly,
  };
  if (field.dataType === "BOOLEAN") {
    return (
      <Checkbox
        label={field.name}
        disabled={readOnly}
        checked={input === "true"}
        onChange={(event) => save(event.currentTarget.checked ? "true" : "false")}
      />
    );
  }
  if (field.dataType === "SELECT") {
    return (
      <Select
        {...common}
        data={field.selectOptions}
        value={input || null}
        clearable={!field.required}
        onChange={(value) => {
          setInput(value ?? "");
          save(value ?? "");
        }}
      />
    );
  }
  return (
    <TextInput
      {...common}
      type={field.dataType === "DATE" ? "date" : field.dataType === "EMAIL" ? "email" : "text"}
      placeholder={field.encrypted && field.isSet ? `${MASK} (encrypted; type to replace)` : undefined}
      value={input}
      onChange={(event) => edit(event.currentTarget.value)}
      onBlur={(event) => save(event.currentTarget.value)}
    />
  );
}

/** Step 1 (spec §2): the values of the organization's active package custom fields. */
export function PackageCustomFields() {
  const { organizationId, packageId } = useBuilder();
  const fields = useQuery({
    queryKey: ["packages", organizationId, packageId, "custom-fields"],
    queryFn: ({ signal }) =>
      api(customFieldRoutes.listPackageCustomFields, { params: { orgId: organizationId, packageId }, signal }),
  });
  const records = fields.data?.records ?? [];
  return (
    <FormSection title="Custom fields" description="Values of your organization's package fields.">
      {fields.isError && <Text c="red">The custom fields could not be loaded.</Text>}
      {fields.isSuccess && records.length === 0 && (
        <Text size="sm" c="dimmed">
          Your organization has no package custom fields.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {records.map((field) => (
          <CustomFieldInput key={`${field.customFieldId}:${field.version ?? 0}`} field={field} />
        ))}
      </SimpleGrid>
    </FormSection>
  );
}
