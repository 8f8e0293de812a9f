import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import {
  EMAIL_TEMPLATE_MESSAGES,
  type EmailSettings,
  emailTemplateRoutes,
  updateEmailSettingsQuerySchema,
} from "@signet/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { useFormMutation } from "../../../kit/use-form-mutation.ts";
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

type EmailSettingsInput = z.input<typeof updateEmailSettingsQuerySchema>;
type EmailSettingsOutput = z.output<typeof updateEmailSettingsQuerySchema>;

function Form({ organizationId, initial }: { organizationId: string; initial: EmailSettings }) {
  const queryClient = useQueryClient();
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const form = useForm<EmailSettingsInput, unknown, EmailSettingsOutput>({
    resolver: zodResolver(updateEmailSettingsQuerySchema),
    // a field is checked once left, as the address is typed
    mode: "onTouched",
    defaultValues: { fromText: initial.fromText, replyTo: initial.replyTo },
  });
  const { errors, isDirty } = form.formState;
  const { allowLeave } = useUnsavedChangesGuard(isDirty);

  const { submit, formError, mutation } = useFormMutation(form, {
    mutationFn: (query: EmailSettingsOutput) =>
      api(emailTemplateRoutes.updateEmailSettings, { params: { orgId: organizationId }, query }),
    onSuccess: (saved) => {
      allowLeave();
      queryClient.setQueryData(emailTemplateQueries.settings(organizationId).queryKey, saved);
      toastSuccess(EMAIL_TEMPLATE_MESSAGES.settingsUpdated);
    },
  });

  return (
    <Paper withBorder p="lg" maw={640} component="form" noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Every email your organization sends — invitations, reminders, notices and summaries — shows these.
        </Text>
        {!canManage && (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            You need the Manage settings permission to change the email settings.
          </Alert>
        )}
        <FormError message={formError} />
        <TextInput
          label="From name"
          description="The name recipients see as the sender. Empty: your organization's name."
          placeholder="First Street Bank"
          maxLength={100}
          readOnly={!canManage}
          {...form.register("fromText")}
          error={errors.fromText?.message}
        />
        <Controller
          control={form.control}
          name="replyTo"
          render={({ field }) => (
            <TextInput
              label="Reply-to address"
              description="Where replies go. Empty: replies go nowhere."
              placeholder="loans@example.com"
              type="email"
              readOnly={!canManage}
              value={field.value ?? ""}
              onChange={(event) => field.onChange(event.currentTarget.value.trim())}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.replyTo?.message}
            />
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} disabled={!canManage || !isDirty}>
            Save email settings
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
