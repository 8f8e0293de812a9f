import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { type MfaMethod, mfaRoutes } from "@signet/contract";
import { useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";

export interface PendingChallenge {
  token: string;
  methods: MfaMethod[];
}

/**
 * The second step of a sign-in (issue 12 §4): the code from the authenticator app or a text
 * message, or a recovery code. The session exists only once the code is right.
 */
export function MfaChallengeStep({
  challenge,
  onSignedIn,
  onStartOver,
}: {
  challenge: PendingChallenge;
  onSignedIn: () => Promise<void>;
  onStartOver: () => void;
}) {
  const hasApp = challenge.methods.includes("totp");
  const hasSms = challenge.methods.includes("sms");
  const [method, setMethod] = useState<MfaMethod>(hasApp ? "totp" : "sms");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);

  const textMe = async () => {
    setError(null);
    setSending(true);
    try {
      const sent = await api(mfaRoutes.sendMfaChallengeSms, {
        body: { mfa_token: challenge.token },
        passThrough: true,
      });
      setMethod("sms");
      setCode("");
      setNotice(`We texted a code to your phone ending in ${sent.phoneNumberEnding}. It expires in 5 minutes.`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      await api(mfaRoutes.answerMfaChallenge, {
        body: { mfa_token: challenge.token, method, code },
        passThrough: true,
      });
      await onSignedIn();
    } catch (e) {
      setError(errorMessage(e));
      setCode("");
    } finally {
      setBusy(false);
    }
  };

  const recovery = method === "recovery_code";
  const prompt = recovery
    ? "Enter one of the recovery codes you saved when you set up your second factor. Each code works once."
    : method === "sms"
      ? (notice ?? "Text a code to your MFA phone, then enter it here.")
      : "Enter the 6-digit code from your authenticator app.";

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" aria-live="polite">
          {prompt}
        </Text>
        <FormError message={error} />
        <TextInput
          key={method}
          label={recovery ? "Recovery code" : "Verification code"}
          autoComplete={recovery ? "off" : "one-time-code"}
          inputMode={recovery ? "text" : "numeric"}
          autoFocus
          maxLength={recovery ? 20 : 7}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={busy} disabled={code.trim() === ""}>
          Verify and sign in
        </Button>
        <Stack gap={6} align="center">
          {hasSms && !recovery && (
            <Anchor component="button" type="button" size="sm" onClick={() => void textMe()} disabled={sending}>
              {method === "sms" && notice ? "Text me a new code" : "Text me a code"}
            </Anchor>
          )}
          {hasApp && method !== "totp" && (
            <Anchor component="button" type="button" size="sm" onClick={() => setMethod("totp")}>
              Use the authenticator app
            </Anchor>
          )}
          {challenge.methods.includes("recovery_code") && !recovery && (
            <Anchor component="button" type="button" size="sm" onClick={() => setMethod("recovery_code")}>
              Use a recovery code
            </Anchor>
          )}
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onStartOver}>
            Sign in again
          </Anchor>
        </Stack>
      </Stack>
    </form>
  );
}
