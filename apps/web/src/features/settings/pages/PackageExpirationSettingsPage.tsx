import { Checkbox, NumberInput, Select, SimpleGrid, TextInput } from "@mantine/core";
import { PACKAGE_EXPIRATION_TYPES, SETTINGS_TOASTS, settingsOfPage } from "@signet/contract";
import { FormSection } from "../../../components/FormSection.tsx";
import { MetaDataSettingsForm } from "./MetaDataSettingsForm.tsx";
import { num, type SettingsPageProps as Props, text } from "./setting-values.ts";

const EXPIRATION_LABELS: Record<(typeof PACKAGE_EXPIRATION_TYPES)[number], string> = {
  NONE: "Never expires",
  RELATIVE: "Days after sending",
  FIXED: "On a date",
};

export function PackageExpirationSettingsPage({ organizationId }: Props) {
  return (
    <MetaDataSettingsForm
      organizationId={organizationId}
      names={settingsOfPage("package-expiration")}
      label="Package expiration settings"
      saveLabel="Save package expiration"
      toast={SETTINGS_TOASTS.packageExpiration}
    >
      {({ values, set, errors, disabled }) => (
        <FormSection title="Package expiration" description="Applied to new packages when default expiration is on.">
          <Checkbox
            label="Give new packages a default expiration"
            checked={values.enable_default_expiration_date === true}
            disabled={disabled}
            onChange={(event) => set("enable_default_expiration_date", event.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Default expiration"
              data={PACKAGE_EXPIRATION_TYPES.map((value) => ({ value, label: EXPIRATION_LABELS[value] }))}
              value={text(values.default_expiration_type)}
              allowDeselect={false}
              disabled={disabled}
              error={errors.default_expiration_type}
              onChange={(value) => value && set("default_expiration_type", value)}
            />
            <NumberInput
              label="Days after sending"
              min={0}
              max={3650}
              value={num(values.default_relative_expiration_days)}
              disabled={disabled}
              error={errors.default_relative_expiration_days}
              onChange={(value) => typeof value === "number" && set("default_relative_expiration_days", value)}
            />
            <TextInput
              type="time"
              label="At"
              value={text(values.default_relative_expiration_time)}
              disabled={disabled}
              error={errors.default_relative_expiration_time}
              onChange={(event) => set("default_relative_expiration_time", event.currentTarget.value)}
            />
          </SimpleGrid>
          <Checkbox
            label="Senders may change the expiration type of a package"
            checked={values.enable_edit_default_expiration_type === true}
            disabled={disabled}
            onChange={(event) => set("enable_edit_default_expiration_type", event.currentTarget.checked)}
          />
        </FormSection>
      )}
    </MetaDataSettingsForm>
  );
}
