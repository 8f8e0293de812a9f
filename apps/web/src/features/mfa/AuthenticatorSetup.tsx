import { Button, Group, Image, Stack, Text, TextInput } from "@mantine/core";
import { type MfaAuthenticatorSetup, type MfaEnrolled, mfaRoutes } from "@signet/contract";
import { useEffect, useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { CopyField } from "../../components/CopyField.tsx";
import { FormError } from "../../components/FormError.tsx";
import { Spinner } from "../../components/Spinner.tsx";

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
  const [setup, setSetup] = useState<MfaAuthenticatorSetup | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api(mfaRoutes.startMfaAuthenticator, { passThrough: true })
      .then((answer) => live && setSetup(answer))
      .catch((e) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, []);

  const confirm = async () => {
    setError(null);
    setBusy(true);
    try {
      onVerified(await api(mfaRoutes.verifyMfaAuthenticator, { body: { code }, passThrough: true }));
    } catch (e) {
      setError(errorMessage(e));
      setCode("");
    } finally {
      setBusy(false);
    }
  };

  if (!setup) return error ? <FormError message={error} /> : <Spinner />;
  return (
    <Stack gap="md">
      <Text size="sm">
        1. Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) and scan this QR
        code.
      </Text>
      <Image src={setup.qrCodeDataUrl} alt="QR code for your authenticator app" w={200} h={200} />
      <CopyField label="Can't scan? Enter this key in the app" value={setup.secret} copyLabel="Copy key" namedCopy />
      <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <Stack gap="sm">
          <FormError message={error} />
          <TextInput
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ""))}
            w={200}
          />
          <Group gap="sm">
            <Button type="submit" loading={busy} disabled={code.length !== 6}>
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
