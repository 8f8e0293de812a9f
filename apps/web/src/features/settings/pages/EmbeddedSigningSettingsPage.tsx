import { TagsInput } from "@mantine/core";
import { SETTINGS_TOASTS, settingsOfPage } from "@signet/contract";
import { FormSection } from "../../../components/FormSection.tsx";
import { cleanOrigins } from "../signing-room-form.ts";
import { MetaDataSettingsForm } from "./MetaDataSettingsForm.tsx";
import { list, type SettingsPageProps as Props } from "./setting-values.ts";

export function EmbeddedSigningSettingsPage({ organizationId }: Props) {
  return (
    <MetaDataSettingsForm
      organizationId={organizationId}
      names={settingsOfPage("embedded-signing")}
      label="Embedded signing settings"
      saveLabel="Save embedded signing"
      toast={SETTINGS_TOASTS.embeddedSigning}
    >
      {({ values, set, errors, disabled }) => (
        <FormSection
          title="Embedded signing"
          description="Applications allowed to show the signing room in a frame. This application's origin is always allowed."
        >
          <TagsInput
            label="Embedded signing allowed origins"
            description="Origins such as https://portal.example.com (press Enter after each; at most 20)"
            placeholder="https://portal.example.com"
            value={list(values.embedded_allowed_origins)}
            disabled={disabled}
            error={errors.embedded_allowed_origins}
            onChange={(origins) => set("embedded_allowed_origins", cleanOrigins(origins))}
          />
        </FormSection>
      )}
    </MetaDataSettingsForm>
  );
}
