import { Alert, Checkbox, NumberInput } from "@mantine/core";
import { MAX_TRID_EXPIRATION_DAYS, SETTINGS_TOASTS, settingsOfPage } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { FormSection } from "../../../components/FormSection.tsx";
import { usePermissionsQuery } from "../../../session/permissions.ts";
import { accessQueries } from "../../access/access-queries.ts";
import { MetaDataSettingsForm } from "./MetaDataSettingsForm.tsx";

// Issue 16 §1, spec §3 sub-category TRID: the lender calendar the TRID dates count general business
// days with, and the Loan Estimate expiration new TRID packages get.

/**
 * Whether the organization has TRID on: the signed-in user's own organization comes with their
 * permissions; a support user looking at another organization reads that organization.
 */
function useTridEnabled(organizationId: string): boolean | undefined {
  const own = usePermissionsQuery().data?.organization;
  const isOwn = own?.id === organizationId;
  const other = useQuery({ ...accessQueries.organization(organizationId), enabled: own !== undefined && !isOwn });
  return isOwn ? own.enabledTrid : other.data?.enabledTrid;
}

export function TridSettingsPage({ organizationId }: { organizationId: string }) {
  const enabled = useTridEnabled(organizationId);
  return (
    <>
      {enabled === false && (
        <Alert color="gray" title="TRID is off for this organization" mb="md">
          Senders cannot make TRID packages until TRID is among the organization's authorized features. These settings
          apply from then on.
        </Alert>
      )}
      <TridSettingsForm organizationId={organizationId} />
    </>
  );
}

function TridSettingsForm({ organizationId }: { organizationId: string }) {
  return (
    <MetaDataSettingsForm
      organizationId={organizationId}
      names={settingsOfPage("trid")}
      label="TRID settings"
      saveLabel="Save TRID settings"
      toast={SETTINGS_TOASTS.trid}
    >
      {({ values, set, errors, disabled }) => (
        <>
          <FormSection
            title="Lender calendar"
            description="General business days are the days you are open, Monday to Friday except observed federal holidays. Sundays and legal federal holidays never count for the mailbox rule and consummation."
          >
            <Checkbox
              label="Open on Saturdays"
              checked={values.trid_lender_open_saturday === true}
              disabled={disabled}
              onChange={(event) => set("trid_lender_open_saturday", event.currentTarget.checked)}
            />
          </FormSection>
          <FormSection
            title="Defaults"
            description="What a package gets when it becomes a TRID package; senders may change it in the package."
          >
            <NumberInput
              label="Loan Estimate expiration (business days)"
              description="How long the closing costs of a Loan Estimate stay available after it is issued"
              min={1}
              max={MAX_TRID_EXPIRATION_DAYS}
              allowDecimal={false}
              disabled={disabled}
              value={values.trid_default_expiration_days as number}
              error={errors.trid_default_expiration_days}
              onChange={(value) =>
                set("trid_default_expiration_days", typeof value === "number" ? value : Number(value))
              }
              maw={320}
            />
          </FormSection>
        </>
      )}
    </MetaDataSettingsForm>
  );
}
