import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { type MfaMethod, mfaChallengeAnswerSchema, mfaRoutes } from "@signet/contract";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";

const codeFormSchema = mfaChallengeAnswerSchema.pick({ code: true });

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
  const [notice, setNotice] = useState<string | null>(null);
  // The sign-in page loads no query client (query-client-slot.ts), so its writes cannot be
  // react-query mutations: the form's own submit state is the busy flag and its root error the refusal.
  const form = useForm<{ code: string }>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: "" } });
  const code = useWatch({ control: form.control, name: "code" });
  const error = form.formState.errors.root?.server?.message ?? form.formState.errors.code?.message ?? null;
  const refuse = (e: unknown) => form.setError("root.server", { message: errorMessage(e) });
  const [sending, setSending] = useState(false);

  const textMe = async () => {
    form.clearErrors();
    setSending(true);
    try {
      const sent = await api(mfaRoutes.sendMfaChallengeSms, {
        body: { mfa_token: challenge.token },
        passThrough: true,
      });
      setMethod("sms");
      form.setValue("code", "");
      setNotice(`We texted a code to your phone ending in ${sent.phoneNumberEnding}. It expires in 5 minutes.`);
    } catch (e) {
      refuse(e);
    } finally {
      setSending(false);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await api(mfaRoutes.answerMfaChallenge, {
        body: { mfa_token: challenge.token, method, code: values.code },
        passThrough: true,
      });
      await onSignedIn();
    } catch (e) {
      refuse(e);
      form.setValue("code", "");
    }
  });

  const recovery = method === "recovery_code";
  const prompt = recovery
    ? "Enter one of the recovery codes you saved when you set up your second factor. Each code works once."
    : method === "sms"
      ? (notice ?? "Text a code to your MFA phone, then enter it here.")
      : "Enter the 6-digit code from your authenticator app.";

  return (
    <form onSubmit={submit} noValidate>
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
          {...form.register("code")}
        />
        <Button type="submit" fullWidth loading={form.formState.isSubmitting} disabled={code.trim() === ""}>
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
