import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { MESSAGES, routes, safeReturnUrl, tokenRequestSchema, WEB_CLIENT_ID } from "@signet/contract";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { useServices } from "../../app/services-context.tsx";
import { FormError } from "../../components/FormError.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { AuthCard } from "./AuthCard.tsx";
import { IdentityProviderButtons } from "./IdentityProviderButtons.tsx";

// The contract's fields, behind a friendlier "required" message for the form.
const signInSchema = z.object({
  username: z.string().trim().min(1, "Enter your email address.").pipe(tokenRequestSchema.shape.username),
  password: z.string().min(1, "Enter your password.").pipe(tokenRequestSchema.shape.password),
});
type SignInValues = z.input<typeof signInSchema>;

export function SignInPage() {
  const { returnUrl, org, provider } = useSearch({ from: "/sign-in" });
  const services = useServices();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { username: "", password: "" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const token = await api(routes.token, {
        body: { grant_type: "password", client_id: WEB_CLIENT_ID, ...values },
      });
      services.session.refresh();
      const user = services.session.getUser();
      if (!user) {
        setError(MESSAGES.payloadCookieMissing);
        return;
      }
      services.activity.restart();
      if (!user.credentialsNonExpired) {
        await navigate({ to: "/change-password", search: { returnUrl }, replace: true });
      } else if (token.partial || user.partial) {
        await navigate({ to: "/select-organization", search: { returnUrl }, replace: true });
      } else {
        await navigate({ href: safeReturnUrl(returnUrl), replace: true });
      }
    } catch (e) {
      setError(errorMessage(e));
    }
  });

  return (
    <AuthCard title="Sign in to Signet" subtitle="Secure electronic signing for financial services.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          {org && <IdentityProviderButtons organizationId={org} provider={provider} returnUrl={returnUrl} />}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            {...form.register("username")}
            error={form.formState.errors.username?.message}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.register("password")}
            error={form.formState.errors.password?.message}
          />
          <Group justify="flex-end">
            <AnchorLink to="/forgot-password" size="sm">
              Forgot password?
            </AnchorLink>
          </Group>
          <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
            Sign in
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            New to Signet?{" "}
            <AnchorLink to="/sign-up" size="sm">
              Create an account
            </AnchorLink>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
