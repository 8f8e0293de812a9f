import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import {
  PRINT_PROVIDER_LABELS,
  PRINT_PROVIDERS,
  PRINT_SETTINGS_MESSAGES,
  type PrintConnectionTest,
  type PrintFulfillmentSettings,
  printSettingsRoutes,
} from "@signet/contract";
import { IconCircleCheck, IconCircleX, IconPlugConnected } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { z } from "zod";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";
import { formatDateTime } from "../access/format.ts";
import { showServerError } from "../../kit/server-errors.ts";
import { GuardedButton } from "../settings/webhooks/GuardedControls.tsx";
import { refreshPrintSettings } from "./print-settings-queries.ts";

// Blank fields mean "not set"; an empty secret keeps the stored one.
const vendorFormSchema = z.object({
  enabled: z.boolean(),
  providerCode: z.enum(PRINT_PROVIDERS),
  vendorUrl: z
    .string()
    .trim()
    .max(2000)
    .refine(
      (value) => value === "" || /^https?:\/\/\S+$/i.test(value),
      "The print vendor's address must start with http:// or https://",
    ),
  clientId: z.string().trim().max(500),
  clientSecret: z.string().max(2000),
});
type VendorValues = z.infer<typeof vendorFormSchema>;
const FIELDS: Path<VendorValues>[] = ["enabled", "providerCode", "vendorUrl", "clientId", "clientSecret"];
const providerOptions = PRINT_PROVIDERS.map((value) => ({
  value,
  label: `${value} — ${PRINT_PROVIDER_LABELS[value]}`,
}));

/** The print fulfillment switch, the provider and how to reach its vendor, with a connection test. */
export function VendorConnectionSection({
  organizationId,
  settings,
  reason,
}: {
  organizationId: string;
  settings: PrintFulfillmentSettings;
  reason: string | null;
}) {
  const client = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<PrintConnectionTest | null>(null);
  const readOnly = reason !== null;
  const form = useForm<VendorValues>({
    resolver: zodResolver(vendorFormSchema),
    mode: "onTouched",
    defaultValues: {
      enabled: settings.enabled,
      providerCode: settings.providerCode,
      vendorUrl: settings.vendorUrl ?? "",
      clientId: settings.clientId ?? "",
      clientSecret: "",
    },
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const { allowLeave } = useUnsavedChangesGuard(isDirty && !readOnly);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await api(printSettingsRoutes.updatePrintFulfillment, {
        params: { orgId: organizationId },
        body: {
          version: settings.version,
          enabled: values.enabled,
          providerCode: values.providerCode,
          vendorUrl: values.vendorUrl === "" ? null : values.vendorUrl,
          clientId: values.clientId === "" ? null : values.clientId,
          ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
        },
        passThrough: true,
      });
      allowLeave();
      form.reset({ ...values, clientSecret: "" });
      toastSuccess(PRINT_SETTINGS_MESSAGES.saved);
      client.setQueryData(["print-settings", organizationId, "settings"], saved);
      await refreshPrintSettings(client, organizationId);
    } catch (error) {
      setFormError(showServerError(error, { setError: form.setError, fields: FIELDS }));
    }
  });

  const test = async () => {
    setTested(null);
    setTesting(true);
    try {
      setTested(
        await api(printSettingsRoutes.testPrintConnection, { params: { orgId: organizationId }, passThrough: true }),
      );
      await refreshPrintSettings(client, organizationId);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setTesting(false);
    }
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="print-vendor-title">
      <form onSubmit={submit} noValidate aria-label="Print fulfillment">
        <Stack gap="md">
          <div>
            <Title order={3} fz="md" id="print-vendor-title">
              Print service provider
            </Title>
            <Text size="sm" c="dimmed">
              Paper documents of packages with print fulfillment on are printed and mailed by this provider.
            </Text>
          </div>
          <FormError message={formError} />
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <Switch
                label="Print fulfillment"
                description="Lets senders have a package's paper documents printed and mailed."
                checked={field.value}
                disabled={readOnly}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                error={errors.enabled?.message}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="providerCode"
              render={({ field }) => (
                <Select
                  label="Provider"
                  data={providerOptions}
                  value={field.value}
                  allowDeselect={false}
                  disabled={readOnly}
                  onChange={(value) => value && field.onChange(value)}
                />
              )}
            />
            <TextInput
              label="Vendor URL"
              placeholder="https://print.example.com"
              autoComplete="off"
              spellCheck={false}
              readOnly={readOnly}
              {...form.register("vendorUrl")}
              error={errors.vendorUrl?.message}
            />
            <TextInput
              label="Client ID"
              autoComplete="off"
              spellCheck={false}
              readOnly={readOnly}
              {...form.register("clientId")}
              error={errors.clientId?.message}
            />
            <PasswordInput
              label="Client secret"
              description={
                settings.hasClientSecret
                  ? "Stored encrypted. Leave empty to keep it."
                  : "Stored encrypted; it is never shown again."
              }
              autoComplete="new-password"
              readOnly={readOnly}
              {...form.register("clientSecret")}
              error={errors.clientSecret?.message}
            />
          </SimpleGrid>
          <LastTest settings={settings} />
          {tested && (
            <Alert
              color={tested.ok ? "teal" : "red"}
              variant="light"
              role="status"
              icon={tested.ok ? <IconCircleCheck size={18} aria-hidden /> : <IconCircleX size={18} aria-hidden />}
              title={tested.ok ? "Connection succeeded" : "Connection failed"}
              withCloseButton
              closeButtonLabel="Hide the test result"
              onClose={() => setTested(null)}
            >
              <Text size="sm">{tested.message}</Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <GuardedButton
              variant="default"
              leftSection={<IconPlugConnected size={16} aria-hidden />}
              loading={testing}
              reason={reason ?? (isDirty ? "Save the changes first: the test uses the stored settings" : null)}
              onClick={() => void test()}
            >
              Test connection
            </GuardedButton>
            <GuardedButton type="submit" loading={isSubmitting} reason={reason} onClick={() => undefined}>
              Save
            </GuardedButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function LastTest({ settings }: { settings: PrintFulfillmentSettings }) {
  if (!settings.lastTestedAt)
    return (
      <Text size="sm" c="dimmed">
        Connection not tested yet.
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {settings.lastTestOk ? (
        <IconCircleCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />
      ) : (
        <IconCircleX size={16} color="var(--mantine-color-red-8)" aria-hidden />
      )}
      <Text size="sm" c={settings.lastTestOk ? "teal.9" : "red.9"}>
        Last test {settings.lastTestOk ? "succeeded" : "failed"} {formatDateTime(settings.lastTestedAt)}
        {!settings.lastTestOk && settings.lastTestMessage ? `: ${settings.lastTestMessage}` : ""}
      </Text>
    </Group>
  );
}
