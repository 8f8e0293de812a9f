import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Image, Stack, Text } from "@mantine/core";
import { type MfaEnrolled, mfaCodeSchema, mfaRoutes } from "@signet/contract";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { CopyField } from "../../components/CopyField.tsx";
import { FormError } from "../../components/FormError.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { OneTimeCodeField } from "./OneTimeCodeField.tsx";

type CodeInput = z.input<typeof mfaCodeSchema>;
type CodeOutput = z.output<typeof mfaCodeSchema>;

/**
 * Adds an authenticator app: a QR code to scan (or the key to type in), confirmed by the first
 * code the app shows. Nothing counts until that code is right.
 */
export function AuthenticatorSetup({
  onVerified,
  onCancel,
}: {
  onVerified: (result: MfaEnrolled) => void;
  onCancel: () => void;
}) {
  // starting is a write (the server makes a new key), run once when the setup opens
  const start = useMutation({ mutationFn: () => api(mfaRoutes.startMfaAuthenticator, { passThrough: true }) });
  const { mutate: startSetup } = start;
  useEffect(() => startSetup(), [startSetup]);

  const form = useForm<CodeInput, unknown, CodeOutput>({
    resolver: zodResolver(mfaCodeSchema),
    defaultValues: { code: "" },
  });
  const code = useWatch({ control: form.control, name: "code" });
  const { submit, formError } = useFormMutation(form, {
    mutationFn: async (body: CodeOutput) => {
      try {
        return await api(mfaRoutes.verifyMfaAuthenticator, { body, passThrough: true });
      } catch (error) {
        // a wrong code is typed again from the app, not corrected
        form.setValue("code", "");
        throw error;
      }
    },
    onSuccess: onVerified,
  });

  const setup = start.data;
  if (!setup) return start.error ? <FormError message={errorMessage(start.error)} /> : <Spinner />;
  return (
    <Stack gap="md">
      <Text size="sm">
        1. Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) and scan this QR
        code.
      </Text>
      <Image src={setup.qrCodeDataUrl} alt="QR code for your authenticator app" w={200} h={200} />
      <CopyField label="Can't scan? Enter this key in the app" value={setup.secret} copyLabel="Copy key" namedCopy />
      <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <FormError message={formError} />
          <OneTimeCodeField control={form.control} label="Code from the app" />
          <Group gap="sm">
            <Button type="submit" loading={form.formState.isSubmitting} disabled={code.length !== 6}>
              Verify and add
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
