import {
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
} from "@mantine/core";
import {
  type CreateCustomField,
  CUSTOM_FIELD_DATA_TYPES,
  CUSTOM_FIELD_DATE_FORMATS,
  CUSTOM_FIELD_SCOPES,
  type CustomField,
  type CustomFieldDataType,
  type CustomFieldDateFormat,
  type CustomFieldScope,
  customFieldRoutes,
} from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { FormSection } from "../../components/FormSection.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";
import { useHasPermission } from "../../session/permissions.ts";
import { EditCustomFieldModal } from "./EditCustomFieldModal.tsx";

const TYPE_LABELS: Record<CustomFieldDataType, string> = {
  TEXT: "Text",
  WHOLE_NUMBER: "Whole number",
  REAL_NUMBER: "Number",
  DATE: "Date",
  SELECT: "List",
  BOOLEAN: "Yes / no",
  EMAIL: "Email",
  PHONE: "Phone",
};
const DATE_LABELS: Record<CustomFieldDateFormat, string> = {
  DATE_LONG: "Long (November 23, 2026)",
  DATE_MEDIUM: "Medium (Nov 23, 2026)",
  DATE_SHORT: "Short (11/23/2026)",
};

const empty = {
  customFieldId: "",
  name: "",
  scope: "PACKAGE" as CustomFieldScope,
  dataType: "TEXT" as CustomFieldDataType,
  dateFormat: "DATE_MEDIUM" as CustomFieldDateFormat,
  selectOptions: [] as string[],
  required: false,
  encrypted: false,
  min: "" as number | "",
  max: "" as number | "",
};

/** The organization's custom field definitions (spec §3): list, define, edit (issue 13 §2), archive. */
export function CustomFieldsSettings({ organizationId }: { organizationId: string }) {
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const client = useQueryClient();
  const key = ["settings", organizationId, "custom-fields"];
  const fields = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api(customFieldRoutes.listCustomFields, {
        params: { orgId: organizationId },
        query: { includeArchived: "true" },
        signal,
      }),
  });
  const [draft, setDraft] = useState(empty);
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState<CustomField | null>(null);
  // a half-filled new field asks before the page is left
  const { allowLeave } = useUnsavedChangesGuard(Boolean(draft.name.trim() || draft.customFieldId.trim()) && !saving);
  const set = <K extends keyof typeof empty>(name: K, value: (typeof empty)[K]) =>
    setDraft((current) => ({ ...current, [name]: value }));

  async function run(work: () => Promise<unknown>, success: string) {
    setSaving(true);
    try {
      await work();
      toastSuccess(success);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
      return false;
    } finally {
      setSaving(false);
      await client.invalidateQueries({ queryKey: key });
    }
  }

  const create = async () => {
    const numeric =
      draft.dataType === "WHOLE_NUMBER" ? "WholeNumber" : draft.dataType === "REAL_NUMBER" ? "RealNumber" : null;
    const body: CreateCustomField = {
      customFieldId: draft.customFieldId.trim(),
      name: draft.name.trim(),
      scope: draft.scope,
      dataType: draft.dataType,
      dateFormat: draft.dataType === "DATE" ? draft.dateFormat : null,
      selectOptions: draft.dataType === "SELECT" ? draft.selectOptions : [],
      required: draft.required,
      encrypted: draft.encrypted,
      active: true,
      ...(numeric && draft.min !== "" ? { [`minRange${numeric}`]: draft.min } : {}),
      ...(numeric && draft.max !== "" ? { [`maxRange${numeric}`]: draft.max } : {}),
    };
    const ok = await run(
      () => api(customFieldRoutes.createCustomField, { params: { orgId: organizationId }, body, passThrough: true }),
      "Custom field saved.",
    );
    if (ok) {
      allowLeave();
      setDraft(empty);
    }
  };

  const archive = async (field: CustomField) => {
    const ok = await openConfirmDialog({
      title: "Archive custom field",
      message: `'${field.name}' takes no new values once archived. Values already stored stay readable.`,
      confirmLabel: "Archive",
      confirmColor: "red",
    });
    if (!ok) return;
    await run(
      () =>
        api(customFieldRoutes.archiveCustomField, {
          params: { orgId: organizationId, customFieldId: field.id },
          query: { version: field.version },
          passThrough: true,
        }),
      "Custom field archived.",
    );
  };

  return (
    <Stack gap="lg">
      <FormSection title="Custom fields" description="Values senders fill in on packages or documents.">
        <Table aria-label="Custom fields" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Scope</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th />
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(fields.data?.records ?? []).map((field) => (
              <Table.Tr key={field.id}>
                <Table.Td>{field.name}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {field.customFieldId}
                  </Text>
                </Table.Td>
                <Table.Td>{field.scope === "PACKAGE" ? "Package" : "Document"}</Table.Td>
                <Table.Td>{TYPE_LABELS[field.dataType]}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {field.required && <Badge variant="light">Required</Badge>}
                    {field.encrypted && (
                      <Badge variant="light" color="grape">
                        Encrypted
                      </Badge>
                    )}
                    {field.archived && (
                      <Badge variant="light" color="gray">
                        Archived
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {!field.archived && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      disabled={!canManage}
                      aria-label={`Edit ${field.name}`}
                      onClick={() => setEditing(field)}
                      mr={4}
                    >
                      Edit
                    </Button>
                  )}
                  {!field.archived && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      disabled={!canManage}
                      onClick={() => void archive(field)}
                    >
                      Archive
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {fields.data?.count === 0 && <Text c="dimmed">No custom fields yet.</Text>}
        {editing && (
          <EditCustomFieldModal
            organizationId={organizationId}
            field={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void client.invalidateQueries({ queryKey: key });
            }}
          />
        )}
      </FormSection>
      {canManage && (
        <FormSection title="Add a custom field">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              required
              value={draft.name}
              onChange={(event) => set("name", event.currentTarget.value)}
            />
            <TextInput
              label="Key"
              description="For integrations: letters, digits and underscores"
              required
              value={draft.customFieldId}
              onChange={(event) => set("customFieldId", event.currentTarget.value)}
            />
            <Select
              label="Scope"
              data={CUSTOM_FIELD_SCOPES.map((value) => ({
                value,
                label: value === "PACKAGE" ? "Package" : "Document",
              }))}
              value={draft.scope}
              allowDeselect={false}
              onChange={(value) => value && set("scope", value as CustomFieldScope)}
            />
            <Select
              label="Type"
              data={CUSTOM_FIELD_DATA_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
              value={draft.dataType}
              allowDeselect={false}
              onChange={(value) => value && set("dataType", value as CustomFieldDataType)}
            />
            {draft.dataType === "DATE" && (
              <Select
                label="Date format"
                data={CUSTOM_FIELD_DATE_FORMATS.map((value) => ({ value, label: DATE_LABELS[value] }))}
                value={draft.dateFormat}
                allowDeselect={false}
                onChange={(value) => value && set("dateFormat", value as CustomFieldDateFormat)}
              />
            )}
            {draft.dataType === "SELECT" && (
              <TagsInput
                label="Options"
                value={draft.selectOptions}
                onChange={(value) => set("selectOptions", value)}
              />
            )}
            {(draft.dataType === "WHOLE_NUMBER" || draft.dataType === "REAL_NUMBER") && (
              <Group grow>
                <NumberInput
                  label="Minimum"
                  value={draft.min}
                  onChange={(value) => set("min", typeof value === "number" ? value : "")}
                />
                <NumberInput
                  label="Maximum"
                  value={draft.max}
                  onChange={(value) => set("max", typeof value === "number" ? value : "")}
                />
              </Group>
            )}
          </SimpleGrid>
          <Group>
            <Checkbox
              label="Required"
              checked={draft.required}
              onChange={(event) => set("required", event.currentTarget.checked)}
            />
            <Checkbox
              label="Encrypted (stored encrypted, for sensitive values)"
              checked={draft.encrypted}
              onChange={(event) => set("encrypted", event.currentTarget.checked)}
            />
          </Group>
          <Group justify="flex-end">
            <Button
              onClick={() => void create()}
              loading={saving}
              disabled={!draft.name.trim() || !draft.customFieldId.trim()}
            >
              Add custom field
            </Button>
          </Group>
        </FormSection>
      )}
    </Stack>
  );
}
