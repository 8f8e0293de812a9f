import { Badge, Button, Group } from "@mantine/core";
import {
  EMAIL_NOTIFICATION_EVENT_LABELS,
  EMAIL_NOTIFICATION_MESSAGES,
  type EmailNotification,
  notificationRuleRoutes,
} from "@signet/contract";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { openConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { FormSection } from "../../../components/FormSection.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useHasPermission } from "../../../session/permissions.ts";

import { EmailNotificationRuleEditor } from "./EmailNotificationRuleEditor.tsx";
import { rulesKey } from "./email-notification-queries.ts";

function recipientsText(rule: EmailNotification): string {
  const parts = [
    ...(rule.notifySender ? ["The sender"] : []),
    ...(rule.notifyPackageGroups ? ["The package's groups"] : []),
    ...rule.addresses,
  ];
  return parts.join(", ");
}

/** The email notification rules: list, add, edit, delete. */
export function EmailNotificationRules({ organizationId }: { organizationId: string }) {
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const client = useQueryClient();
  const query = useQuery({
    queryKey: rulesKey(organizationId),
    queryFn: ({ signal }) =>
      api(notificationRuleRoutes.listEmailNotifications, { params: { orgId: organizationId }, signal }),
  });
  const [editing, setEditing] = useState<EmailNotification | "new" | null>(null);
  const removal = useMutation({
    mutationFn: (rule: EmailNotification) =>
      api(notificationRuleRoutes.deleteEmailNotification, {
        params: { orgId: organizationId, uid: rule.uid },
        query: { version: rule.version },
      }),
    onSuccess: async () => {
      toastSuccess(EMAIL_NOTIFICATION_MESSAGES.deleted);
      await client.invalidateQueries({ queryKey: rulesKey(organizationId) });
    },
  });
  const error =
    removal.error && !(removal.error instanceof ApiError && removal.error.handled) ? errorMessage(removal.error) : null;

  async function remove(rule: EmailNotification) {
    const confirmed = await openConfirmDialog({
      title: "Delete this email notification?",
      message: `“${rule.name}” stops sending emails.`,
      confirmLabel: "Delete",
      confirmColor: "red",
    });
    if (confirmed) removal.mutate(rule);
  }

  const columns: Column<EmailNotification>[] = [
    { key: "name", label: "Name", render: (rule) => rule.name },
    {
      key: "events",
      label: "Events",
      render: (rule) => rule.events.map((event) => EMAIL_NOTIFICATION_EVENT_LABELS[event]).join(", "),
    },
    { key: "recipients", label: "Recipients", render: recipientsText },
    {
      key: "status",
      label: "Status",
      render: (rule) => (
        <Badge color={rule.enabled ? "teal" : "gray"} variant="light" tt="none">
          {rule.enabled ? "On" : "Off"}
        </Badge>
      ),
    },
    {
      key: "actions",
      label: "Actions",
      labelHidden: true,
      render: (rule) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPencil size={14} />}
            disabled={!canManage}
            aria-label={`Edit ${rule.name}`}
            onClick={() => setEditing(rule)}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            disabled={!canManage}
            aria-label={`Delete ${rule.name}`}
            loading={removal.isPending && removal.variables?.uid === rule.uid}
            onClick={() => void remove(rule)}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <FormSection
      title="Email notifications"
      description="Which events email whom: the member who sent the package, the members of its groups, or fixed addresses."
    >
      <FormError message={error ?? (query.error ? errorMessage(query.error) : null)} />
      <DataTable
        label="Email notifications"
        columns={columns}
        rows={query.data?.items}
        rowKey={(rule) => rule.uid}
        empty="No email notifications yet. Add one to email people when a package completes, is declined, expires and more."
        minWidth={560}
        framed={false}
      />
      <Group>
        <Button leftSection={<IconPlus size={16} />} disabled={!canManage} onClick={() => setEditing("new")}>
          Add email notification
        </Button>
      </Group>
      {editing !== null && (
        <EmailNotificationRuleEditor
          organizationId={organizationId}
          rule={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </FormSection>
  );
}
