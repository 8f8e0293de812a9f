import { ActionIcon, Alert, Badge, Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import { WATERMARK_MESSAGES, type WatermarkTemplate, watermarkRoutes } from "@signet/contract";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { TemplateEditor } from "./TemplateEditor.tsx";
import { refreshWatermarks, watermarkQueries } from "./watermark-queries.ts";

/** The organization's watermark templates: the list, and the editor of one (or a new one). */
export function TemplatesSection({
  organizationId,
  canManage,
  onDirty,
}: {
  organizationId: string;
  canManage: boolean;
  onDirty: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const templates = useQuery(watermarkQueries.templates(organizationId));
  const [editing, setEditing] = useState<WatermarkTemplate | "new" | null>(null);
  const [editorDirty, setEditorDirty] = useState(false);
  const markDirty = (dirty: boolean) => {
    setEditorDirty(dirty);
    onDirty(dirty);
  };

  const open = async (next: WatermarkTemplate | "new" | null) => {
    if (editorDirty) {
      const leave = await openConfirmDialog({
        title: "Unsaved changes",
        message: "You have unsaved changes to this watermark. Discard them?",
        confirmLabel: "Discard",
      });
      if (!leave) return;
    }
    markDirty(false);
    setEditing(next);
  };

  const deletion = useMutation({
    mutationFn: (template: WatermarkTemplate) =>
      api(watermarkRoutes.deleteWatermarkTemplate, {
        params: { orgId: organizationId, templateId: template.id },
        query: { version: template.version },
      }),
    onSuccess: async () => {
      toastSuccess(WATERMARK_MESSAGES.deleted);
      await refreshWatermarks(queryClient);
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  const remove = async (template: WatermarkTemplate) => {
    const sure = await openConfirmDialog({
      title: "Delete watermark template?",
      message: `“${template.name}” will be deleted.`,
      confirmLabel: "Delete",
    });
    if (sure) deletion.mutate(template);
  };

  const columns: Column<WatermarkTemplate>[] = [
    {
      key: "name",
      label: "Name",
      render: (template) => (
        <Group gap="xs">
          <Text size="sm">{template.name}</Text>
          {template.isDefault && <Badge variant="light">Default</Badge>}
        </Group>
      ),
    },
    {
      key: "text",
      label: "Text",
      render: (template) => (
        <Text size="sm" lineClamp={2}>
          {template.text}
        </Text>
      ),
    },
    {
      key: "actions",
      label: "Actions",
      labelHidden: true,
      render: (template) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => open(template)}>
            {canManage ? `Edit ${template.name}` : `View ${template.name}`}
          </Button>
          {canManage && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${template.name}`}
              onClick={() => remove(template)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ),
    },
  ];

  if (templates.isPending) return <Skeleton height={120} />;
  if (templates.isError) return <Alert color="red">{errorMessage(templates.error)}</Alert>;
  const records = templates.data.records;
  return (
    <Stack gap="md">
      {records.length === 0 ? (
        <Text c="dimmed" size="sm">
          No watermark templates yet: deposited packages use the system default below.
        </Text>
      ) : (
        <DataTable
          label="Watermark templates"
          columns={columns}
          rows={records}
          rowKey={(template) => template.id}
          empty={null}
          framed={false}
        />
      )}
      {canManage && editing === null && (
        <Group>
          <Button variant="light" onClick={() => open("new")}>
            Add watermark template
          </Button>
        </Group>
      )}
      {editing !== null && (
        <TemplateEditor
          key={editing === "new" ? "new" : `${editing.id}-${editing.version}`}
          organizationId={organizationId}
          template={editing === "new" ? null : editing}
          canManage={canManage}
          onDirty={markDirty}
          onClose={() => {
            markDirty(false);
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
