import { NumberInput, SimpleGrid, Stack, Switch } from "@mantine/core";
import { SETTINGS_TOASTS, settingsOfPage } from "@signet/contract";
import { FormSection } from "../../../components/FormSection.tsx";
import { MetaDataSettingsForm } from "../pages/MetaDataSettingsForm.tsx";
import { EmailNotificationRules } from "./EmailNotificationRules.tsx";

// Issue 14 §2: the Notifications settings page — the organization's automatic reminder defaults
// (settings registry, AUTOMATION) and its email notification rules (spec §7 email notifications).

const num = (value: unknown) => (typeof value === "number" ? value : 0);

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
