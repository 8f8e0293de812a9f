import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, ColorInput, Group, Select, SimpleGrid, Stack, TagsInput, Text, TextInput } from "@mantine/core";
import {
  CONSENT_TYPES,
  ID_VERIFICATION_METHODS,
  routes,
  SETTING_MESSAGES,
  type SigningRoomSettings,
  signingRoomSettingsSchema,
} from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { FormSection } from "../../components/FormSection.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useHasPermission, usePermissionsQuery } from "../../session/permissions.ts";
import { showServerError } from "../access/server-errors.ts";
import { ID_VERIFICATION_LABELS } from "../packages/signing-format.ts";
import { CustomConsents } from "./CustomConsents.tsx";
import { cleanOrigins, listError, SIGNING_ROOM_FIELDS } from "./signing-room-form.ts";
import { signingRoomQueries } from "./signing-room-queries.ts";

type Input = z.input<typeof signingRoomSettingsSchema>;

const CONSENT_LABELS: Record<(typeof CONSENT_TYPES)[number], string> = { DEFAULT: "Default", CUSTOM: "Custom" };

/** Signing room settings (issue 5): consent, embedding origins, ID verification, email and branding. */
export function SigningRoomSettingsForm({ organizationId }: { organizationId: string }) {
  const settings = useQuery(signingRoomQueries.settings(organizationId));
  if (settings.isPending) return <Spinner />;
  if (!settings.data) return <FormError message={errorMessage(settings.error)} />;
  return <SettingsForm key={JSON.stringify(settings.data)} organizationId={organizationId} initial={settings.data} />;
}

function SettingsForm({ organizationId, initial }: { organizationId: string; initial: SigningRoomSettings }) {
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const embeddedEnabled = usePermissionsQuery().data?.organization.embeddedSrEnabled;
  const client = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, SigningRoomSettings>({
    resolver: zodResolver(signingRoomSettingsSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const disabled = !canManage;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await api(routes.updateSigningRoomSettings, {
        params: { orgId: organizationId },
        body: values,
        passThrough: true,
      });
      toastSuccess(SETTING_MESSAGES.updated);
      client.setQueryData(signingRoomQueries.settings(organizationId).queryKey, saved);
    } catch (error) {
      setFormError(showServerError(error, { setError: form.setError, fields: SIGNING_ROOM_FIELDS }));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Signing room settings">
      <Stack gap="lg">
        <FormError message={formError} />
        <FormSection
          title="eSign consent"
          description="What participants agree to before they sign electronically (ESIGN Act consumer disclosure)."
        >
          <Controller
            control={form.control}
            name="esign_consent_type"
            render={({ field }) => (
              <Select
                label="eSign consent"
                description="Custom uses the newest consent file uploaded below."
                data={CONSENT_TYPES.map((value) => ({ value, label: CONSENT_LABELS[value] }))}
                value={field.value}
                allowDeselect={false}
                disabled={disabled}
                onChange={(value) => value && field.onChange(value)}
                onBlur={field.onBlur}
                error={errors.esign_consent_type?.message}
                maw={320}
              />
            )}
          />
          <CustomConsents organizationId={organizationId} />
        </FormSection>

        <FormSection
          title="Embedded signing"
          description="Applications allowed to show the signing room in a frame. This application's origin is always allowed."
        >
          {embeddedEnabled === false && (
            <Alert color="orange" variant="light">
              Embedded signing is not enabled for this organization: these origins apply once it is.
            </Alert>
          )}
          <Controller
            control={form.control}
            name="embedded_allowed_origins"
            render={({ field }) => (
              <TagsInput
                label="Embedded signing allowed origins"
                description="Origins such as https://portal.example.com (press Enter after each; at most 20)"
                placeholder="https://portal.example.com"
                value={field.value ?? []}
                disabled={disabled}
                onChange={(origins) => field.onChange(cleanOrigins(origins))}
                onBlur={field.onBlur}
                error={listError(errors.embedded_allowed_origins, field.value ?? [])}
              />
            )}
          />
        </FormSection>

        <FormSection title="Identity verification" description="How new participants prove who they are by default.">
          <Controller
            control={form.control}
            name="default_id_verification"
            render={({ field }) => (
              <Select
                label="Default identity verification"
                description="A text-message code needs the participant's mobile phone; knowledge questions need answers the sender enters."
                data={ID_VERIFICATION_METHODS.map((value) => ({ value, label: ID_VERIFICATION_LABELS[value] }))}
                value={field.value}
                allowDeselect={false}
                disabled={disabled}
                onChange={(value) => value && field.onChange(value)}
                onBlur={field.onBlur}
                error={errors.default_id_verification?.message}
                maw={320}
              />
            )}
          />
        </FormSection>

        <FormSection title="Email" description="How invitation emails to participants read.">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Email from name"
              description="Shown as the sender's name"
              maxLength={100}
              disabled={disabled}
              {...form.register("email_from_text")}
              error={errors.email_from_text?.message}
            />
            <TextInput
              label="Reply-to email"
              description="Where participants' replies go (empty: no reply-to)"
              type="email"
              disabled={disabled}
              {...form.register("email_reply_to")}
              error={errors.email_reply_to?.message}
            />
          </SimpleGrid>
        </FormSection>

        <FormSection title="Branding" description="The signing room's colors and logo.">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="primary_color"
              render={({ field }) => (
                <ColorInput
                  label="Primary color"
                  format="hex"
                  withEyeDropper={false}
                  disabled={disabled}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.primary_color?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="primary_font_color"
              render={({ field }) => (
                <ColorInput
                  label="Primary font color"
                  description="Text on the primary color"
                  format="hex"
                  withEyeDropper={false}
                  disabled={disabled}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.primary_font_color?.message}
                />
              )}
            />
          </SimpleGrid>
          <TextInput
            label="Logo URL"
            description="The address of an image shown at the top of the signing room"
            placeholder="https://www.example.com/logo.png"
            disabled={disabled}
            {...form.register("logo_url")}
            error={errors.logo_url?.message}
          />
        </FormSection>

        <Group justify="flex-end">
          {isDirty && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
          <Button type="submit" loading={isSubmitting} disabled={disabled}>
            Save signing room settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
