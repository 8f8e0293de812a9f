import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput } from "@mantine/core";
import {
  createEmailNotificationSchema,
  EMAIL_NOTIFICATION_EVENT_LABELS,
  EMAIL_NOTIFICATION_EVENTS,
  EMAIL_NOTIFICATION_MESSAGES,
  type EmailNotification,
  type EmailNotificationEvent,
  notificationRuleRoutes,
  SETTINGS_TOASTS,
} from "@signet/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { useFormMutation } from "../../../kit/use-form-mutation.ts";
import { rulesKey } from "./email-notification-queries.ts";

type RuleInput = z.input<typeof createEmailNotificationSchema>;
type RuleOutput = z.output<typeof createEmailNotificationSchema>;

/** Adds or edits an email notification rule: which events email whom. */
export function EmailNotificationRuleEditor(props: {
  organizationId: string;
  rule: EmailNotification | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const form = useForm<RuleInput, unknown, RuleOutput>({
    resolver: zodResolver(createEmailNotificationSchema),
    defaultValues: {
      name: props.rule?.name ?? "",
      enabled: props.rule?.enabled ?? true,
      events: props.rule?.events ?? [],
      notifySender: props.rule?.notifySender ?? true,
      notifyPackageGroups: props.rule?.notifyPackageGroups ?? false,
      addresses: props.rule?.addresses ?? [],
    },
  });
  const { errors, isDirty } = form.formState;

  const { submit, formError, mutation } = useFormMutation(form, {
    mutationFn: async (values: RuleOutput) => {
      if (props.rule) {
        await api(notificationRuleRoutes.updateEmailNotification, {
          params: { orgId: props.organizationId, uid: props.rule.uid },
          body: { ...values, version: props.rule.version },
        });
      } else {
        await api(notificationRuleRoutes.createEmailNotification, {
          params: { orgId: props.organizationId },
          body: values,
        });
      }
    },
    onSuccess: async () => {
      allowLeave();
      toastSuccess(props.rule ? SETTINGS_TOASTS.notifications : EMAIL_NOTIFICATION_MESSAGES.created);
      await client.invalidateQueries({ queryKey: rulesKey(props.organizationId) });
      props.onClose();
    },
  });
  const { confirmDiscard, allowLeave } = useUnsavedChangesGuard(isDirty && !mutation.isPending);

  async function close() {
    if (await confirmDiscard()) {
      allowLeave();
      props.onClose();
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
      <form aria-label="Email notification" noValidate onSubmit={submit}>
        <Stack>
          <FormError message={formError} />
          <TextInput label="Name" required {...form.register("name")} error={errors.name?.message} />
          <Controller
            control={form.control}
            name="events"
            render={({ field }) => (
              <Checkbox.Group
                label="Events"
                description="Any of these sends the email"
                value={field.value}
                error={errors.events?.message}
                onChange={(value) => field.onChange(value as EmailNotificationEvent[])}
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                  {EMAIL_NOTIFICATION_EVENTS.map((event) => (
                    <Checkbox key={event} value={event} label={EMAIL_NOTIFICATION_EVENT_LABELS[event]} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Recipients
            </Text>
            <Checkbox label="The member who sent the package" {...form.register("notifySender")} />
            <Checkbox label="The members of the package's groups" {...form.register("notifyPackageGroups")} />
            <Controller
              control={form.control}
              name="addresses"
              render={({ field }) => (
                <TagsInput
                  label="Other addresses"
                  description="Press Enter after each address"
                  value={field.value ?? []}
                  error={errors.addresses?.message ?? errors.addresses?.root?.message}
                  onChange={field.onChange}
                />
              )}
            />
          </Stack>
          <Switch label="On" {...form.register("enabled")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void close()}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {props.rule ? "Save email notification" : "Add email notification"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
