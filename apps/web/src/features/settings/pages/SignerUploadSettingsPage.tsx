import { Chip, Group, NumberInput, Text } from "@mantine/core";
import { SETTINGS_TOASTS, SIGNER_UPLOAD_MAX_MB, SIGNER_UPLOAD_TYPES, settingsOfPage } from "@signet/contract";
import { FormSection } from "../../../components/FormSection.tsx";
import { MetaDataSettingsForm } from "./MetaDataSettingsForm.tsx";
import { list, num, type SettingsPageProps as Props } from "./setting-values.ts";

export function SignerUploadSettingsPage({ organizationId }: Props) {
  return (
    <MetaDataSettingsForm
      organizationId={organizationId}
      names={settingsOfPage("signer-uploads")}
      label="Signer upload settings"
      saveLabel="Save signer uploads"
      toast={SETTINGS_TOASTS.signerUpload}
    >
      {({ values, set, errors, disabled }) => (
        <FormSection
          title="Signer uploads"
          description="What participants may upload when a package asks them for a file (checked by the file's content, not its name)."
        >
          <Chip.Group
            multiple
            value={list(values.signer_upload_allowed_types)}
            onChange={(types) =>
              set(
                "signer_upload_allowed_types",
                SIGNER_UPLOAD_TYPES.filter((type) => types.includes(type)),
              )
            }
          >
            <Group gap="xs" role="group" aria-label="Allowed file types">
              {SIGNER_UPLOAD_TYPES.map((type) => (
                <Chip key={type} value={type} disabled={disabled}>
                  {type}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {errors.signer_upload_allowed_types && (
            <Text size="sm" c="red" role="alert">
              {errors.signer_upload_allowed_types}
            </Text>
          )}
          <NumberInput
            label="Largest file (MB)"
            description={`1 to ${SIGNER_UPLOAD_MAX_MB} MB`}
            min={1}
            max={SIGNER_UPLOAD_MAX_MB}
            value={num(values.signer_upload_max_mb)}
            disabled={disabled}
            error={errors.signer_upload_max_mb}
            onChange={(value) => set("signer_upload_max_mb", typeof value === "number" ? value : Number(value))}
            maw={240}
          />
        </FormSection>
      )}
    </MetaDataSettingsForm>
  );
}
