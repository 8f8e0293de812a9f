import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import {
  EMAIL_TEMPLATE_MESSAGES,
  type EmailSettings,
  emailTemplateRoutes,
  updateEmailSettingsQuerySchema,
} from "@signet/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { toastError, toastSuccess } from "../../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { useHasPermission } from "../../../session/permissions.ts";
import { emailTemplateQueries } from "./email-template-queries.ts";

/** Settings › Email: the From display text and Reply-To of every email the organization sends (spec §3). */
export function EmailSettingsForm({ organizationId }: { organizationId: string }) {
  const settings = useQuery({ ...emailTemplateQueries.settings(organizationId), enabled: organizationId !== "" });
  if (settings.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the email settings">
        <Skeleton height={60} />
        <Skeleton height={60} />
      </Stack>
    );
  }
  if (settings.isError) {
    return (
      <Alert color="red" role="alert" title="The email settings could not be loaded.">
        {errorMessage(settings.error)} Reload the page to try again.
      </Alert>
    );
  }
  return (
    <Form
      key={`${settings.data.fromText}|${settings.data.replyTo}`}
      organizationId={organizationId}
      initial={settings.data}
    />
  );
}

function Form({ organizationId, initial }: { organizationId: string; initial: EmailSettings }) {
  const queryClient = useQueryClient();
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState({ fromText: false, replyTo: false });
  const [saving, setSaving] = useState(false);
  const dirty = values.fromText !== initial.fromText || values.replyTo !== initial.replyTo;
  const { allowLeave } = useUnsavedChangesGuard(dirty);
  const parsed = updateEmailSettingsQuerySchema.safeParse(values);
  const errorOf = (field: "fromText" | "replyTo") =>
    touched[field] && !parsed.success
      ? parsed.error.issues.find((issue) => issue.path[0] === field)?.message
      : undefined;

  const save = async () => {
    setTouched({ fromText: true, replyTo: true });
    if (!parsed.success) return;
    setSaving(true);
    try {
      const saved = await api(emailTemplateRoutes.updateEmailSettings, {
        params: { orgId: organizationId },
        query: parsed.data,
      });
      allowLeave();
      queryClient.setQueryData(emailTemplateQueries.settings(organizationId).queryKey, saved);
      toastSuccess(EMAIL_TEMPLATE_MESSAGES.settingsUpdated);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper
      withBorder
      p="lg"
      maw={640}
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Every email your organization sends — invitations, reminders, notices and summaries — shows these.
        </Text>
        {!canManage && (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            You need the Manage settings permission to change the email settings.
          </Alert>
        )}
        <TextInput
          label="From name"
          description="The name recipients see as the sender. Empty: your organization's name."
          placeholder="First Street Bank"
          maxLength={100}
          value={values.fromText}
          readOnly={!canManage}
          onChange={(event) => {
            const fromText = event.currentTarget.value;
            setValues((v) => ({ ...v, fromText }));
          }}
          onBlur={() => setTouched((t) => ({ ...t, fromText: true }))}
          error={errorOf("fromText")}
        />
        <TextInput
          label="Reply-to address"
          description="Where replies go. Empty: replies go nowhere."
          placeholder="loans@example.com"
          type="email"
          value={values.replyTo}
          readOnly={!canManage}
          onChange={(event) => {
            const replyTo = event.currentTarget.value.trim();
            setValues((v) => ({ ...v, replyTo }));
          }}
          onBlur={() => setTouched((t) => ({ ...t, replyTo: true }))}
          error={errorOf("replyTo")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={!canManage || !dirty}>
            Save email settings
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
