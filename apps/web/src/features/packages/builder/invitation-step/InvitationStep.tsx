import { Checkbox, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { DEFAULTS, packageRoutes } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../../api/api-error.ts";
import { api } from "../../../../api/client.ts";
import { FormSection } from "../../../../components/FormSection.tsx";
import { toastSuccess } from "../../../../components/toast.ts";
import { usePermissionsQuery } from "../../../../session/permissions.ts";
import { EDepositBuilderSection } from "../../../edeposit/EDepositBuilderSection.tsx";
import { PrintFulfillmentBuilderSection } from "../../../print-settings/PrintFulfillmentBuilderSection.tsx";
import { emailTemplateQueries } from "../../../settings/email-templates/email-template-queries.ts";
import { packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import { SigningOrderSection } from "../details-step/SigningOrderSection.tsx";
import { useAutosave } from "../use-autosave.ts";
import { useBuilderCall } from "../use-builder-call.ts";
import { type InvitationValues, invitationPatch, invitationValues } from "./invitation-form.ts";
import { RemindersSection } from "./RemindersSection.tsx";
import { StipsSection } from "./StipsSection.tsx";

const ORDER_OPTIONS = [
  { value: "AFTER_ESIGN", label: "After e-signing" },
  { value: "BEFORE_ESIGN", label: "Before e-signing" },
];

/**
 * Step 3 (spec §2): the invitation email, the signing order, availability and expiration, each
 * saved by itself shortly after the last edit (issue 11 §2) at the package's version.
 */
export function InvitationStep() {
  const { organizationId, packageId, pkg, readOnly } = useBuilder();
  const call = useBuilderCall();
  const params = { orgId: organizationId, packageId };
  const documents = useQuery(packageQueries.documents(organizationId, packageId));
  const invitationTemplates = useQuery(emailTemplateQueries.invitations(organizationId));
  const [values, setValues] = useState<InvitationValues>(() => invitationValues(pkg));
  const patch = invitationPatch(pkg, values);
  const changed = Object.keys(patch).length > 0;
  // a version conflict shows the package as it now is: the edits that met it are dropped
  const conflicted = useRef(false);
  useEffect(() => {
    if (!conflicted.current) return;
    conflicted.current = false;
    setValues(invitationValues(pkg));
  }, [pkg]);
  useAutosave({
    key: "invitation",
    changed,
    edits: JSON.stringify(values),
    disabled: readOnly,
    save: () =>
      call(
        () => api(packageRoutes.updatePackage, { params, body: { version: pkg.version, ...patch }, passThrough: true }),
        {
          onError: (error) => {
            if (error instanceof ApiError && error.status === 409) conflicted.current = true;
            return false;
          },
        },
      ),
  });
  const set = <K extends keyof InvitationValues>(key: K, value: InvitationValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  // A package-specific subject or text replaces the organization's default invitation.
  const writeEmail = (key: "emailSubject" | "emailIntroText", value: string) =>
    setValues((current) => ({ ...current, [key]: value, emailIsDefault: false }));
  const organizationFeatures = usePermissionsQuery().data?.organization;

  async function setCollaboration(enabled: boolean) {
    const ok = await call(() =>
      api(packageRoutes.updatePackage, {
        params,
        body: { version: pkg.version, packageCollaboration: enabled },
        passThrough: true,
      }),
    );
    if (ok) toastSuccess("Package collaboration updated");
  }

  return (
    <Stack gap="lg">
      <FormSection title="Invitation email" description="What participants receive when the package is sent.">
        <Select
          label="Email template"
          description="The organization's invitation templates (Settings › Email templates). Spanish-speaking participants get its Spanish version."
          placeholder="Organization default"
          clearable
          data={(invitationTemplates.data?.records ?? []).map((template) => ({
            value: template.id,
            label: template.isDefault ? `${template.name} (default)` : template.name,
          }))}
          value={values.emailTemplateId}
          disabled={readOnly || invitationTemplates.isError}
          onChange={(value) => set("emailTemplateId", value)}
        />
        <Checkbox
          label="Use the organization's default invitation email"
          checked={values.emailIsDefault}
          disabled={readOnly}
          onChange={(event) => set("emailIsDefault", event.currentTarget.checked)}
        />
        <TextInput
          label="Subject"
          placeholder={DEFAULTS.emailSubject}
          value={values.emailSubject}
          readOnly={readOnly}
          onChange={(event) => writeEmail("emailSubject", event.currentTarget.value)}
          maxLength={255}
        />
        <Textarea
          label="Introduction"
          autosize
          minRows={3}
          value={values.emailIntroText}
          readOnly={readOnly}
          onChange={(event) => writeEmail("emailIntroText", event.currentTarget.value)}
          maxLength={5000}
        />
        <Select
          label="Attached document"
          placeholder="None"
          clearable
          data={(documents.data?.records ?? []).map((document) => ({ value: document.id, label: document.name }))}
          value={values.emailDocumentId}
          disabled={readOnly}
          onChange={(value) => set("emailDocumentId", value)}
        />
      </FormSection>

      <FormSection
        title="Paper documents and signer uploads"
        description="When participants execute paper documents and upload what is asked of them."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Paper documents"
            data={ORDER_OPTIONS}
            value={values.paperOrder}
            allowDeselect={false}
            disabled={readOnly}
            onChange={(value) => value && set("paperOrder", value as InvitationValues["paperOrder"])}
          />
          <Select
            label="Signer uploads"
            data={ORDER_OPTIONS}
            value={values.stipsOrder}
            allowDeselect={false}
            disabled={readOnly}
            onChange={(value) => value && set("stipsOrder", value as InvitationValues["stipsOrder"])}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Availability and expiration">
        {/* a date belongs to one package, not to a template (packages started from it set their own) */}
        {pkg.templateKind === null && (
          <Checkbox
            label="Make the package available at a scheduled time"
            checked={values.scheduledAvailability}
            disabled={readOnly}
            onChange={(event) => set("scheduledAvailability", event.currentTarget.checked)}
          />
        )}
        {values.scheduledAvailability && (
          <TextInput
            type="datetime-local"
            label="Available from"
            value={values.scheduledOn}
            readOnly={readOnly}
            onChange={(event) => set("scheduledOn", event.currentTarget.value)}
          />
        )}
        <Select
          label="Expiration"
          data={[
            { value: "NONE", label: "Never expires" },
            { value: "RELATIVE", label: "Days after sending" },
            ...(pkg.templateKind === null || values.expirationType === "FIXED"
              ? [{ value: "FIXED", label: "On a date" }]
              : []),
          ]}
          value={values.expirationType}
          allowDeselect={false}
          disabled={readOnly}
          onChange={(value) => value && set("expirationType", value as InvitationValues["expirationType"])}
        />
        {values.expirationType === "RELATIVE" && (
          <SimpleGrid cols={2}>
            <NumberInput
              label="Days after sending"
              min={0}
              max={3650}
              value={values.scheduledExpiryDays}
              readOnly={readOnly}
              onChange={(value) => set("scheduledExpiryDays", typeof value === "number" ? value : "")}
            />
            <TextInput
              type="time"
              label="At"
              value={values.scheduledExpiryTime}
              readOnly={readOnly}
              onChange={(event) => set("scheduledExpiryTime", event.currentTarget.value)}
            />
          </SimpleGrid>
        )}
        {values.expirationType === "FIXED" && (
          <TextInput
            type="datetime-local"
            label="Expires on"
            value={values.packageExpiresAt}
            readOnly={readOnly}
            onChange={(event) => set("packageExpiresAt", event.currentTarget.value)}
          />
        )}
      </FormSection>
      {pkg.templateKind === "PACKAGE_TEMPLATE" && <SigningOrderSection />}
      <RemindersSection />
      {pkg.templateKind !== "PACKAGE_TEMPLATE" && <StipsSection />}
      {organizationFeatures?.enabledPkgCollaboration && (
        <FormSection title="Package collaboration" description="Let outside collaborators work on this package.">
          <Switch
            label="Package collaboration"
            checked={pkg.packageCollaboration}
            disabled={readOnly}
            onChange={(event) => void setCollaboration(event.currentTarget.checked)}
          />
        </FormSection>
      )}
      {/* issue 15 §3: a package's own deposit (a template's builder package is never deposited) */}
      {pkg.templateKind === null && <EDepositBuilderSection />}
      {/* issue 16 §4: print and mail the paper documents through the organization's provider */}
      {pkg.templateKind === null && <PrintFulfillmentBuilderSection />}
    </Stack>
  );
}
