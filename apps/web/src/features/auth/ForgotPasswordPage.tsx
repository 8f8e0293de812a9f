import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { emailSchema, MESSAGES, sessionRoutes } from "@signet/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { AuthCard } from "./AuthCard.tsx";

const schema = z.object({
  email: z.string().trim().min(1, "Enter your email address.").pipe(emailSchema),
});
type Values = z.input<typeof schema>;

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: "" },
  });

  const { submit: onSubmit, formError: error } = useFormMutation(form, {
    mutationFn: ({ email }) => api(sessionRoutes.requestPasswordReset, { body: { email } }),
    onSuccess: () => setSent(true),
  });

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the email address of your account and we will send you a link."
    >
      {sent ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status">
            {MESSAGES.resetRequested}
          </Alert>
          <AnchorLink to="/sign-in" size="sm">
            Back to sign in
          </AnchorLink>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <FormError message={error} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              autoFocus
              {...form.register("email")}
              error={form.formState.errors.email?.message}
            />
            <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
              Send reset link
            </Button>
            <AnchorLink to="/sign-in" size="sm" ta="center">
              Back to sign in
            </AnchorLink>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
