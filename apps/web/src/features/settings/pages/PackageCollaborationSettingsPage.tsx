import { Checkbox } from "@mantine/core";
import { SETTINGS_TOASTS, settingsOfPage } from "@signet/contract";
import { FormSection } from "../../../components/FormSection.tsx";
import { MetaDataSettingsForm } from "./MetaDataSettingsForm.tsx";
import type { SettingsPageProps as Props } from "./setting-values.ts";

export function PackageCollaborationSettingsPage({ organizationId }: Props) {
  return (
    <MetaDataSettingsForm
      organizationId={organizationId}
      names={settingsOfPage("package-collaboration")}
      label="Package collaboration settings"
      saveLabel="Save package collaboration"
      toast={SETTINGS_TOASTS.packageCollaboration}
    >
      {({ values, set, disabled }) => (
        <FormSection
          title="Package collaboration"
          description="Senders may invite collaborators who prepare a package with them before it is sent."
        >
          <Checkbox
            label="Allow package collaboration"
            checked={values.enable_pkg_collaboration === true}
            disabled={disabled}
            onChange={(event) => set("enable_pkg_collaboration", event.currentTarget.checked)}
          />
        </FormSection>
      )}
    </MetaDataSettingsForm>
  );
}
