import { Checkbox, Select, Stack } from "@mantine/core";
import { CONSENT_TYPES, SETTINGS_TOASTS, settingsOfPage } from "@signet/contract";
import { FormSection } from "../../../components/FormSection.tsx";
import { CustomConsents } from "../CustomConsents.tsx";
import { MetaDataSettingsForm } from "./MetaDataSettingsForm.tsx";
import { type SettingsPageProps as Props, text } from "./setting-values.ts";

const CONSENT_LABELS: Record<(typeof CONSENT_TYPES)[number], string> = { DEFAULT: "Default", CUSTOM: "Custom" };

export function EsignConsentSettingsPage({ organizationId }: Props) {
  return (
    <Stack gap="lg">
      <MetaDataSettingsForm
        organizationId={organizationId}
        names={settingsOfPage("esign-consent")}
        label="eSign consent settings"
        saveLabel="Save eSign consent"
        toast={SETTINGS_TOASTS.esignConsent}
      >
        {({ values, set, errors, disabled }) => (
          <FormSection
            title="eSign consent"
            description="What participants agree to before they sign electronically (ESIGN Act consumer disclosure)."
          >
            <Select
              label="eSign consent"
              description="Custom uses the newest consent file uploaded below."
              data={CONSENT_TYPES.map((value) => ({ value, label: CONSENT_LABELS[value] }))}
              value={text(values.esign_consent_type)}
              allowDeselect={false}
              disabled={disabled}
              error={errors.esign_consent_type}
              onChange={(value) => value && set("esign_consent_type", value)}
              maw={320}
            />
            <Checkbox
              label="Require the consent code"
              description="Participants also type a code printed in the consent PDF before they agree, to show they can open PDF files. Off: they read the disclosure in the signing room and press I agree."
              checked={values.esign_consent_code_required === true}
              disabled={disabled}
              onChange={(event) => set("esign_consent_code_required", event.currentTarget.checked)}
            />
          </FormSection>
        )}
      </MetaDataSettingsForm>
      <FormSection
        title="Custom consent documents"
        description="The consent PDF participants read when the consent is Custom."
      >
        <CustomConsents organizationId={organizationId} />
      </FormSection>
    </Stack>
  );
}
