import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { type MfaEnrolled, mfaRoutes } from "@signet/contract";
import { useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";

/** Sets the MFA phone and verifies it with the code texted to it; the phone counts once verified. */
export function PhoneSetup({
  initialPhone,
  onVerified,
  onCancel,
}: {
  initialPhone?: string | null;
  onVerified: (result: MfaEnrolled) => void;
  onCancel: () => void;
}) {
  const [phone, setPhone] = useState(initialPhone ?? "");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setError(null);
    setBusy(true);
    try {
      const sent = await api(mfaRoutes.setMfaPhoneNumber, { body: { phoneNumber: phone }, passThrough: true });
      setSentTo(sent.phoneNumberEnding);
      setCode("");
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    setError(null);
    setBusy(true);
    try {
      onVerified(await api(mfaRoutes.verifyMfaPhoneNumber, { body: { code }, passThrough: true }));
    } catch (e) {
      setError(errorMessage(e));
      setCode("");
    } finally {
      setBusy(false);
    }
  };

  if (sentTo === null) {
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap="sm">
          <FormError message={error} />
          <TextInput
            label="Mobile phone number"
            description="Ten digits. Sign-in codes are texted to it."
            type="tel"
            autoComplete="tel-national"
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
          <Group gap="sm">
            <Button type="submit" loading={busy} disabled={phone.trim() === ""}>
              Text me a code
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void verify();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">We texted a 6-digit code to the number ending in {sentTo}. It expires in 5 minutes.</Text>
        <FormError message={error} />
        <TextInput
          label="Code from the text message"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ""))}
          w={200}
        />
        <Group gap="sm">
          <Button type="submit" loading={busy} disabled={code.length !== 6}>
            Verify phone
          </Button>
          <Button variant="subtle" onClick={() => void send()} disabled={busy}>
            Send a new code
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
