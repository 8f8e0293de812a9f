import {
  Checkbox,
  Chip,
  ColorInput,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import {
  CONSENT_TYPES,
  ID_VERIFICATION_METHODS,
  PACKAGE_EXPIRATION_TYPES,
  SETTINGS_PAGE_MESSAGES,
  SETTINGS_TOASTS,
  SIGNER_UPLOAD_MAX_MB,
  SIGNER_UPLOAD_TYPES,
  settingsOfPage,
} from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { openConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { FormSection } from "../../../components/FormSection.tsx";
import { ID_VERIFICATION_LABELS } from "../../packages/signing-format.ts";
import { CustomConsents } from "../CustomConsents.tsx";
import { cleanOrigins } from "../signing-room-form.ts";
import { timeZoneOptions } from "../time-zone-options.ts";
import { BrandingPreview } from "./BrandingPreview.tsx";
import { LogoUpload } from "./LogoUpload.tsx";
import { MetaDataSettingsForm, metaDataQuery } from "./MetaDataSettingsForm.tsx";

// Issue 13 §2: the settings pages on the metaData API, one component a page. Each form takes its
// settings from the registry (settingsOfPage: the page named in each setting's definition);
// MetaDataSettingsForm reads, checks, saves them and shows the page's toast.

type Props = { organizationId: string };

const text = (value: unknown) => (typeof value === "string" ? value : "");
const num = (value: unknown) => (typeof value === "number" ? value : 0);
const list = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

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

/** Session entry, exit and in-session: three forms, each with its own save and spec §8 toast. */
export function SessionSettingsPage({ organizationId }: Props) {
  return (
    <Stack gap="lg">
      <MetaDataSettingsForm
        organizationId={organizationId}
        names={settingsOfPage("session", "session-entry")}
        label="Session entry settings"
        saveLabel="Save session entry"
        toast={SETTINGS_TOASTS.sessionEntry}
      >
        {({ values, set, errors, disabled }) => (
          <FormSection
            title="Session entry"
            description="What the signing room shows when a participant enters, before consent."
          >
            <Textarea
              label="Welcome message"
              description="Plain text, at most 2000 characters (empty: none)"
              autosize
              minRows={3}
              maxLength={2000}
              value={text(values.session_entry_message)}
              disabled={disabled}
              error={errors.session_entry_message}
              onChange={(event) => set("session_entry_message", event.currentTarget.value)}
            />
          </FormSection>
        )}
      </MetaDataSettingsForm>
      <MetaDataSettingsForm
        organizationId={organizationId}
        names={settingsOfPage("session", "session-exit")}
        label="Session exit settings"
        saveLabel="Save session exit"
        toast={SETTINGS_TOASTS.sessionExit}
      >
        {({ values, set, errors, disabled }) => (
          <FormSection
            title="Session exit"
            description="Where the signing room sends a participant afterwards: an https:// address of yours, or empty for Signet's own page. An embedded room leaves this to its host page."
          >
            <TextInput
              label="After finishing"
              placeholder="https://www.example.com/thank-you"
              value={text(values.session_exit_finish_url)}
              disabled={disabled}
              error={errors.session_exit_finish_url}
              onChange={(event) => set("session_exit_finish_url", event.currentTarget.value.trim())}
            />
            <TextInput
              label="After declining"
              placeholder="https://www.example.com/declined"
              value={text(values.session_exit_decline_url)}
              disabled={disabled}
              error={errors.session_exit_decline_url}
              onChange={(event) => set("session_exit_decline_url", event.currentTarget.value.trim())}
            />
            <TextInput
              label="After the session times out"
              placeholder="https://www.example.com/timed-out"
              value={text(values.session_exit_timeout_url)}
              disabled={disabled}
              error={errors.session_exit_timeout_url}
              onChange={(event) => set("session_exit_timeout_url", event.currentTarget.value.trim())}
            />
          </FormSection>
        )}
      </MetaDataSettingsForm>
      <MetaDataSettingsForm
        organizationId={organizationId}
        names={settingsOfPage("session", "in-session")}
        label="In-session settings"
        saveLabel="Save in-session"
        toast={SETTINGS_TOASTS.inSession}
      >
        {({ values, set, errors, disabled }) => (
          <FormSection title="In-session" description="A signing session ends after this long without activity.">
            <NumberInput
              label="Idle timeout (minutes)"
              description="5 to 120 minutes"
              min={5}
              max={120}
              value={num(values.session_idle_minutes)}
              disabled={disabled}
              error={errors.session_idle_minutes}
              onChange={(value) => set("session_idle_minutes", typeof value === "number" ? value : Number(value))}
              maw={240}
            />
          </FormSection>
        )}
      </MetaDataSettingsForm>
    </Stack>
  );
}

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
