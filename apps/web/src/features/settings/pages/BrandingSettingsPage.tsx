import { ColorInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { SETTINGS_TOASTS, settingsOfPage } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { FormSection } from "../../../components/FormSection.tsx";
import { BrandingPreview } from "./BrandingPreview.tsx";
import { LogoUpload } from "./LogoUpload.tsx";
import { MetaDataSettingsForm, metaDataQuery } from "./MetaDataSettingsForm.tsx";
import { type SettingsPageProps as Props, text } from "./setting-values.ts";

export function BrandingSettingsPage({ organizationId }: Props) {
  const logo = useQuery(metaDataQuery(organizationId, ["logo_url"]));
  return (
    <Stack gap="lg">
      <LogoUpload organizationId={organizationId} current={logo.data?.records[0]?.value ?? ""} />
      <MetaDataSettingsForm
        organizationId={organizationId}
        names={settingsOfPage("branding")}
        label="Branding settings"
        saveLabel="Save branding"
        toast={SETTINGS_TOASTS.branding}
      >
        {({ values, set, errors, disabled }) => (
          <>
            <FormSection
              title="Branding"
              description="The colours and logo of the signing room and of the emails participants receive."
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <ColorInput
                  label="Primary color"
                  format="hex"
                  withEyeDropper={false}
                  disabled={disabled}
                  value={text(values.primary_color)}
                  error={errors.primary_color}
                  onChange={(value) => set("primary_color", value)}
                />
                <ColorInput
                  label="Primary font color"
                  description="Text on the primary color"
                  format="hex"
                  withEyeDropper={false}
                  disabled={disabled}
                  value={text(values.primary_font_color)}
                  error={errors.primary_font_color}
                  onChange={(value) => set("primary_font_color", value)}
                />
              </SimpleGrid>
              <TextInput
                label="Logo URL"
                description="The address of an image shown at the top of the signing room and emails (empty: none)"
                placeholder="https://www.example.com/logo.png"
                disabled={disabled}
                value={text(values.logo_url)}
                error={errors.logo_url}
                onChange={(event) => set("logo_url", event.currentTarget.value.trim())}
              />
            </FormSection>
            <BrandingPreview
              primaryColor={text(values.primary_color)}
              fontColor={text(values.primary_font_color)}
              logoUrl={text(values.logo_url)}
            />
          </>
        )}
      </MetaDataSettingsForm>
    </Stack>
  );
}
