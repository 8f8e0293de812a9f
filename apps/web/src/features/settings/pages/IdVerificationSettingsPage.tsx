import { Select } from "@mantine/core";
import { ID_VERIFICATION_METHODS, SETTINGS_PAGE_MESSAGES, SETTINGS_TOASTS, settingsOfPage } from "@signet/contract";
import { openConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { FormSection } from "../../../components/FormSection.tsx";
import { ID_VERIFICATION_LABELS } from "../../packages/signing-format.ts";
import { MetaDataSettingsForm } from "./MetaDataSettingsForm.tsx";
import { type SettingsPageProps as Props, text } from "./setting-values.ts";

export function IdVerificationSettingsPage({ organizationId }: Props) {
  return (
    <MetaDataSettingsForm
      organizationId={organizationId}
      names={settingsOfPage("id-verification")}
      label="ID verification settings"
      saveLabel="Save ID verification"
      toast={SETTINGS_TOASTS.idVerification}
      confirm={() =>
        openConfirmDialog({
          title: SETTINGS_PAGE_MESSAGES.idVerificationConfirmTitle,
          message: SETTINGS_PAGE_MESSAGES.idVerificationConfirm,
          confirmLabel: "Change",
        })
      }
    >
      {({ values, set, errors, disabled }) => (
        <FormSection title="Identity verification" description="How new participants prove who they are by default.">
          <Select
            label="Default identity verification"
            description="A text-message code needs the participant's mobile phone; knowledge questions need answers the sender enters."
            data={ID_VERIFICATION_METHODS.map((value) => ({ value, label: ID_VERIFICATION_LABELS[value] }))}
            value={text(values.default_id_verification)}
            allowDeselect={false}
            disabled={disabled}
            error={errors.default_id_verification}
            onChange={(value) => value && set("default_id_verification", value)}
            maw={320}
          />
        </FormSection>
      )}
    </MetaDataSettingsForm>
  );
}
