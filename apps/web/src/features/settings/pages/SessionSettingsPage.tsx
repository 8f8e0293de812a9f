import { NumberInput, Stack, Textarea, TextInput } from "@mantine/core";
import { SETTINGS_TOASTS, settingsOfPage } from "@signet/contract";
import { FormSection } from "../../../components/FormSection.tsx";
import { MetaDataSettingsForm } from "./MetaDataSettingsForm.tsx";
import { num, type SettingsPageProps as Props, text } from "./setting-values.ts";

/** Session entry, exit and in-session: three forms, each with its own save and spec §8 toast. */
export function SessionSettingsPage({ organizationId }: Props) {
  return (
    <Stack gap="lg">
      <MetaDataSettingsForm
        organizationId={organizationId}
        names={settingsOfPage("session", "session-entry")}
        label="Session entry settings"
        saveLabel="Save session entry"
        toast={SETTINGS_TOASTS.sessionEntry}
      >
        {({ values, set, errors, disabled }) => (
          <FormSection
            title="Session entry"
            description="What the signing room shows when a participant enters, before consent."
          >
            <Textarea
              label="Welcome message"
              description="Plain text, at most 2000 characters (empty: none)"
              autosize
              minRows={3}
              maxLength={2000}
              value={text(values.session_entry_message)}
              disabled={disabled}
              error={errors.session_entry_message}
              onChange={(event) => set("session_entry_message", event.currentTarget.value)}
            />
          </FormSection>
        )}
      </MetaDataSettingsForm>
      <MetaDataSettingsForm
        organizationId={organizationId}
        names={settingsOfPage("session", "session-exit")}
        label="Session exit settings"
        saveLabel="Save session exit"
        toast={SETTINGS_TOASTS.sessionExit}
      >
        {({ values, set, errors, disabled }) => (
          <FormSection
            title="Session exit"
            description="Where the signing room sends a participant afterwards: an https:// address of yours, or empty for Signet's own page. An embedded room leaves this to its host page."
          >
            <TextInput
              label="After finishing"
              placeholder="https://www.example.com/thank-you"
              value={text(values.session_exit_finish_url)}
              disabled={disabled}
              error={errors.session_exit_finish_url}
              onChange={(event) => set("session_exit_finish_url", event.currentTarget.value.trim())}
            />
            <TextInput
              label="After declining"
              placeholder="https://www.example.com/declined"
              value={text(values.session_exit_decline_url)}
              disabled={disabled}
              error={errors.session_exit_decline_url}
              onChange={(event) => set("session_exit_decline_url", event.currentTarget.value.trim())}
            />
            <TextInput
              label="After the session times out"
              placeholder="https://www.example.com/timed-out"
              value={text(values.session_exit_timeout_url)}
              disabled={disabled}
              error={errors.session_exit_timeout_url}
              onChange={(event) => set("session_exit_timeout_url", event.currentTarget.value.trim())}
            />
          </FormSection>
        )}
      </MetaDataSettingsForm>
      <MetaDataSettingsForm
        organizationId={organizationId}
        names={settingsOfPage("session", "in-session")}
        label="In-session settings"
        saveLabel="Save in-session"
        toast={SETTINGS_TOASTS.inSession}
      >
        {({ values, set, errors, disabled }) => (
          <FormSection title="In-session" description="A signing session ends after this long without activity.">
            <NumberInput
              label="Idle timeout (minutes)"
              description="5 to 120 minutes"
              min={5}
              max={120}
              value={num(values.session_idle_minutes)}
              disabled={disabled}
              error={errors.session_idle_minutes}
              onChange={(value) => set("session_idle_minutes", typeof value === "number" ? value : Number(value))}
              maw={240}
            />
          </FormSection>
        )}
      </MetaDataSettingsForm>
    </Stack>
  );
}
