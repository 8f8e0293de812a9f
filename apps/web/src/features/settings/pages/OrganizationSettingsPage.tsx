import { Select, TagsInput } from "@mantine/core";
import { SETTINGS_TOASTS, settingsOfPage } from "@signet/contract";
import { FormSection } from "../../../components/FormSection.tsx";
import { timeZoneOptions } from "../time-zone-options.ts";
import { MetaDataSettingsForm } from "./MetaDataSettingsForm.tsx";
import { list, type SettingsPageProps as Props, text } from "./setting-values.ts";

/** ORGANIZATION: the organization-wide settings (time zone, participant types). */
export function OrganizationSettingsPage({ organizationId }: Props) {
  return (
    <MetaDataSettingsForm
      organizationId={organizationId}
      names={settingsOfPage("organization")}
      label="Organization settings"
      saveLabel="Save settings"
      toast={SETTINGS_TOASTS.organization}
    >
      {({ values, set, errors, disabled }) => (
        <>
          <FormSection
            title="Time zone"
            description="Relative expirations end at their time in this zone; signing dates are written in it."
          >
            <Select
              label="Time zone"
              data={timeZoneOptions(text(values.timezone))}
              value={text(values.timezone)}
              searchable
              allowDeselect={false}
              nothingFoundMessage="No time zone found"
              disabled={disabled}
              error={errors.timezone}
              onChange={(value) => value && set("timezone", value)}
              maw={420}
            />
          </FormSection>
          <FormSection title="Participants" description="The participant types senders choose from.">
            <TagsInput
              label="Participant types"
              placeholder="Add a type and press Enter"
              value={list(values.participant_types)}
              disabled={disabled}
              error={errors.participant_types}
              onChange={(types) => set("participant_types", types)}
            />
          </FormSection>
        </>
      )}
    </MetaDataSettingsForm>
  );
}
