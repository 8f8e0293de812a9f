import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { type CustomField, customFieldRoutes } from "@signet/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { FormSection } from "../../components/FormSection.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useHasPermission } from "../../session/permissions.ts";
import { AddCustomField } from "./AddCustomField.tsx";
import { TYPE_LABELS } from "./custom-field-labels.ts";
import { EditCustomFieldModal } from "./EditCustomFieldModal.tsx";

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
  const [editing, setEditing] = useState<CustomField | null>(null);

  const archiveField = useMutation({
    mutationFn: (field: CustomField) =>
      api(customFieldRoutes.archiveCustomField, {
        params: { orgId: organizationId, customFieldId: field.id },
        query: { version: field.version },
        passThrough: true,
      }),
    onSuccess: () => toastSuccess("Custom field archived."),
    onError: (error) => {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    },
    // a refusal ('Version not matched') shows the list as it now is
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });

  const archive = async (field: CustomField) => {
    const ok = await openConfirmDialog({
      title: "Archive custom field",
      message: `'${field.name}' takes no new values once archived. Values already stored stay readable.`,
      confirmLabel: "Archive",
      confirmColor: "red",
    });
    if (ok) archiveField.mutate(field);
  };

  const columns: Column<CustomField>[] = [
    { key: "name", label: "Name", render: (field) => field.name },
    {
      key: "key",
      label: "Key",
      render: (field) => (
        <Text size="sm" ff="monospace">
          {field.customFieldId}
        </Text>
      ),
    },
    { key: "scope", label: "Scope", render: (field) => (field.scope === "PACKAGE" ? "Package" : "Document") },
    { key: "type", label: "Type", render: (field) => TYPE_LABELS[field.dataType] },
    {
      key: "flags",
      label: "",
      render: (field) => (
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
      ),
    },
    {
      key: "actions",
      label: "",
      render: (field) =>
        !field.archived && (
          <>
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
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              disabled={!canManage}
              loading={archiveField.isPending && archiveField.variables?.id === field.id}
              onClick={() => void archive(field)}
            >
              Archive
            </Button>
          </>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <FormSection title="Custom fields" description="Values senders fill in on packages or documents.">
        <DataTable
          label="Custom fields"
          columns={columns}
          rows={fields.data?.records}
          rowKey={(field) => field.id}
          empty="No custom fields yet."
          error={fields.error ? errorMessage(fields.error) : null}
          framed={false}
        />
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
      {canManage && <AddCustomField organizationId={organizationId} listKey={key} />}
    </Stack>
  );
}
