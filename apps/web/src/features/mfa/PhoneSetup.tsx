import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { type MfaEnrolled, mfaCodeSchema, mfaPhoneNumberSchema, mfaRoutes } from "@signet/contract";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { OneTimeCodeField } from "./OneTimeCodeField.tsx";

type PhoneInput = z.input<typeof mfaPhoneNumberSchema>;
type PhoneOutput = z.output<typeof mfaPhoneNumberSchema>;
type CodeInput = z.input<typeof mfaCodeSchema>;
type CodeOutput = z.output<typeof mfaCodeSchema>;

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
  const [sentTo, setSentTo] = useState<string | null>(null);
  const phoneForm = useForm<PhoneInput, unknown, PhoneOutput>({
    resolver: zodResolver(mfaPhoneNumberSchema),
    defaultValues: { phoneNumber: initialPhone ?? "" },
  });
  const codeForm = useForm<CodeInput, unknown, CodeOutput>({
    resolver: zodResolver(mfaCodeSchema),
    defaultValues: { code: "" },
  });
  const phone = useWatch({ control: phoneForm.control, name: "phoneNumber" });
  const code = useWatch({ control: codeForm.control, name: "code" });

  const send = useFormMutation(phoneForm, {
    mutationFn: (body: PhoneOutput) => api(mfaRoutes.setMfaPhoneNumber, { body, passThrough: true }),
    onSuccess: (sent) => {
      setSentTo(sent.phoneNumberEnding);
      codeForm.reset({ code: "" });
    },
  });
  const verify = useFormMutation(codeForm, {
    mutationFn: async (body: CodeOutput) => {
      try {
        return await api(mfaRoutes.verifyMfaPhoneNumber, { body, passThrough: true });
      } catch (error) {
        // a wrong code is typed again from the text, not corrected
        codeForm.setValue("code", "");
        throw error;
      }
    },
    onSuccess: onVerified,
  });
  const busy = send.mutation.isPending || verify.mutation.isPending;

  if (sentTo === null) {
    return (
      <form onSubmit={send.submit}>
        <Stack gap="sm">
          <FormError message={send.formError} />
          <TextInput
            label="Mobile phone number"
            description="Ten digits. Sign-in codes are texted to it."
            type="tel"
            autoComplete="tel-national"
            {...phoneForm.register("phoneNumber")}
            error={phoneForm.formState.errors.phoneNumber?.message}
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
    <form onSubmit={verify.submit}>
      <Stack gap="sm">
        <Text size="sm">We texted a 6-digit code to the number ending in {sentTo}. It expires in 5 minutes.</Text>
        <FormError message={verify.formError ?? send.formError} />
        <OneTimeCodeField control={codeForm.control} label="Code from the text message" />
        <Group gap="sm">
          <Button type="submit" loading={busy} disabled={code.length !== 6}>
            Verify phone
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              verify.mutation.reset();
              void send.submit();
            }}
            disabled={busy}
          >
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
