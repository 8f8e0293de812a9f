import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import {
  createEmailNotificationSchema,
  EMAIL_NOTIFICATION_EVENT_LABELS,
  EMAIL_NOTIFICATION_EVENTS,
  EMAIL_NOTIFICATION_MESSAGES,
  type EmailNotification,
  type EmailNotificationEvent,
  notificationRuleRoutes,
  SETTINGS_TOASTS,
  settingsOfPage,
} from "@signet/contract";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { openConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { FormSection } from "../../../components/FormSection.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { useHasPermission } from "../../../session/permissions.ts";
import { MetaDataSettingsForm } from "../pages/MetaDataSettingsForm.tsx";

// Issue 14 §2: the Notifications settings page — the organization's automatic reminder defaults
// (settings registry, AUTOMATION) and its email notification rules (spec §7 email notifications).

const num = (value: unknown) => (typeof value === "number" ? value : 0);
const rulesKey = (orgId: string) => ["settings", orgId, "email-notifications"];

export function NotificationsSettings({ organizationId }: { organizationId: string }) {
  return (
    <Stack gap="xl">
      <ReminderDefaults organizationId={organizationId} />
      <EmailNotificationRules organizationId={organizationId} />
    </Stack>
  );
}

function ReminderDefaults({ organizationId }: { organizationId: string }) {
  return (
    <MetaDataSettingsForm
      organizationId={organizationId}
      names={settingsOfPage("notifications")}
      label="Reminder settings"
      saveLabel="Save reminders"
      toast={SETTINGS_TOASTS.notifications}
    >
      {({ values, set, errors, disabled }) => (
        <FormSection
          title="Automatic reminders"
          description="Participants whose turn it is and who have not finished get a fresh link by email or text. A package may use its own settings instead (step 3 of the package)."
        >
          <Switch
            label="Send automatic reminders"
            checked={values.reminders_enabled === true}
            disabled={disabled}
            onChange={(event) => set("reminders_enabled", event.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="First reminder after (days)"
              min={1}
              max={365}
              value={num(values.reminder_first_after_days)}
              disabled={disabled || values.reminders_enabled !== true}
              error={errors.reminder_first_after_days}
              onChange={(value) => typeof value === "number" && set("reminder_first_after_days", value)}
            />
            <NumberInput
              label="Then every (days)"
              min={1}
              max={365}
              value={num(values.reminder_interval_days)}
              disabled={disabled || values.reminders_enabled !== true}
              error={errors.reminder_interval_days}
              onChange={(value) => typeof value === "number" && set("reminder_interval_days", value)}
            />
            <NumberInput
              label="At most (reminders)"
              min={1}
              max={50}
              value={num(values.reminder_max_count)}
              disabled={disabled || values.reminders_enabled !== true}
              error={errors.reminder_max_count}
              onChange={(value) => typeof value === "number" && set("reminder_max_count", value)}
            />
          </SimpleGrid>
          <NumberInput
            label="Expiring-soon notice (days before the package expires, 0 for none)"
            min={0}
            max={365}
            maw={420}
            value={num(values.expiring_soon_days)}
            disabled={disabled}
            error={errors.expiring_soon_days}
            onChange={(value) => typeof value === "number" && set("expiring_soon_days", value)}
          />
        </FormSection>
      )}
    </MetaDataSettingsForm>
  );
}

function recipientsText(rule: EmailNotification): string {
  const parts = [
    ...(rule.notifySender ? ["The sender"] : []),
    ...(rule.notifyPackageGroups ? ["The package's groups"] : []),
    ...rule.addresses,
  ];
  return parts.join(", ");
}

function EmailNotificationRules({ organizationId }: { organizationId: string }) {
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const client = useQueryClient();
  const query = useQuery({
    queryKey: rulesKey(organizationId),
    queryFn: ({ signal }) =>
      api(notificationRuleRoutes.listEmailNotifications, { params: { orgId: organizationId }, signal }),
  });
  const [editing, setEditing] = useState<EmailNotification | "new" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function remove(rule: EmailNotification) {
    const confirmed = await openConfirmDialog({
      title: "Delete this email notification?",
      message: `“${rule.name}” stops sending emails.`,
      confirmLabel: "Delete",
      confirmColor: "red",
    });
    if (!confirmed) return;
    try {
      await api(notificationRuleRoutes.deleteEmailNotification, {
        params: { orgId: organizationId, uid: rule.uid },
        query: { version: rule.version },
      });
      toastSuccess(EMAIL_NOTIFICATION_MESSAGES.deleted);
      await client.invalidateQueries({ queryKey: rulesKey(organizationId) });
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.handled)) setError(errorMessage(caught));
    }
  }

  const rules = query.data?.items ?? [];
  return (
    <FormSection
      title="Email notifications"
      description="Which events email whom: the member who sent the package, the members of its groups, or fixed addresses."
    >
      <FormError message={error ?? (query.error ? errorMessage(query.error) : null)} />
      {query.isPending ? (
        <Stack gap="xs" aria-label="Loading email notifications">
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      ) : rules.length === 0 ? (
        <Text c="dimmed" size="sm">
          No email notifications yet. Add one to email people when a package completes, is declined, expires and more.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Email notifications" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Events</Table.Th>
                <Table.Th>Recipients</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((rule) => (
                <Table.Tr key={rule.uid}>
                  <Table.Td>{rule.name}</Table.Td>
                  <Table.Td>{rule.events.map((event) => EMAIL_NOTIFICATION_EVENT_LABELS[event]).join(", ")}</Table.Td>
                  <Table.Td>{recipientsText(rule)}</Table.Td>
                  <Table.Td>
                    <Badge color={rule.enabled ? "teal" : "gray"} variant="light" tt="none">
                      {rule.enabled ? "On" : "Off"}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
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
                        onClick={() => void remove(rule)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <Button leftSection={<IconPlus size={16} />} disabled={!canManage} onClick={() => setEditing("new")}>
          Add email notification
        </Button>
      </Group>
      {editing !== null && (
        <RuleEditor
          organizationId={organizationId}
          rule={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </FormSection>
  );
}

interface Draft {
  name: string;
  enabled: boolean;
  events: EmailNotificationEvent[];
  notifySender: boolean;
  notifyPackageGroups: boolean;
  addresses: string[];
}

function RuleEditor(props: { organizationId: string; rule: EmailNotification | null; onClose: () => void }) {
  const client = useQueryClient();
  const initial: Draft = {
    name: props.rule?.name ?? "",
    enabled: props.rule?.enabled ?? true,
    events: props.rule?.events ?? [],
    notifySender: props.rule?.notifySender ?? true,
    notifyPackageGroups: props.rule?.notifyPackageGroups ?? false,
    addresses: props.rule?.addresses ?? [],
  };
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const { confirmDiscard, allowLeave } = useUnsavedChangesGuard(dirty && !saving);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: "" }));
  };

  async function close() {
    if (await confirmDiscard()) {
      allowLeave();
      props.onClose();
    }
  }

  async function save() {
    setFormError(null);
    const parsed = createEmailNotificationSchema.safeParse(draft);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "name");
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      if (props.rule) {
        await api(notificationRuleRoutes.updateEmailNotification, {
          params: { orgId: props.organizationId, uid: props.rule.uid },
          body: { ...parsed.data, version: props.rule.version },
        });
      } else {
        await api(notificationRuleRoutes.createEmailNotification, {
          params: { orgId: props.organizationId },
          body: parsed.data,
        });
      }
      allowLeave();
      toastSuccess(props.rule ? SETTINGS_TOASTS.notifications : EMAIL_NOTIFICATION_MESSAGES.created);
      await client.invalidateQueries({ queryKey: rulesKey(props.organizationId) });
      props.onClose();
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.handled)) setFormError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      opened
      onClose={() => void close()}
      title={props.rule ? "Edit email notification" : "Add email notification"}
      size="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <form
        aria-label="Email notification"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack>
          <FormError message={formError} />
          <TextInput
            label="Name"
            required
            value={draft.name}
            error={errors.name || undefined}
            onChange={(event) => set("name", event.currentTarget.value)}
          />
          <Checkbox.Group
            label="Events"
            description="Any of these sends the email"
            value={draft.events}
            error={errors.events || undefined}
            onChange={(value) => set("events", value as EmailNotificationEvent[])}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {EMAIL_NOTIFICATION_EVENTS.map((event) => (
                <Checkbox key={event} value={event} label={EMAIL_NOTIFICATION_EVENT_LABELS[event]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Recipients
            </Text>
            <Checkbox
              label="The member who sent the package"
              checked={draft.notifySender}
              onChange={(event) => set("notifySender", event.currentTarget.checked)}
            />
            <Checkbox
              label="The members of the package's groups"
              checked={draft.notifyPackageGroups}
              onChange={(event) => set("notifyPackageGroups", event.currentTarget.checked)}
            />
            <TagsInput
              label="Other addresses"
              description="Press Enter after each address"
              value={draft.addresses}
              error={errors.addresses || undefined}
              onChange={(value) => set("addresses", value)}
            />
          </Stack>
          <Switch
            label="On"
            checked={draft.enabled}
            onChange={(event) => set("enabled", event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void close()}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {props.rule ? "Save email notification" : "Add email notification"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
