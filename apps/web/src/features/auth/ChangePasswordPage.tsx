import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { MESSAGES, safeReturnUrl, sessionRoutes } from "@signet/contract";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../api/client.ts";
import { useServices, useSessionUser } from "../../app/services-context.tsx";
import { FormError } from "../../components/FormError.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { useSignOut } from "../../session/use-sign-out.ts";
import { AuthCard } from "./AuthCard.tsx";
import { changePasswordFormSchema } from "./password-forms.ts";

type Values = z.input<typeof changePasswordFormSchema>;

/** Reached from My account, and by the guard when the password has expired. */
export function ChangePasswordPage() {
  const { returnUrl } = useSearch({ from: "/change-password" });
  const services = useServices();
  const user = useSessionUser();
  const expired = user ? !user.credentialsNonExpired : false;
  const navigate = useNavigate();
  const signOut = useSignOut();
  const form = useForm<Values>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const { submit: onSubmit, formError: error } = useFormMutation(form, {
    mutationFn: ({ currentPassword, newPassword }) =>
      api(sessionRoutes.changePassword, { body: { currentPassword, newPassword } }),
    onSuccess: async (token) => {
      services.session.refresh();
      toastSuccess("Password changed.");
      if (token.partial) await navigate({ to: "/select-organization", search: { returnUrl }, replace: true });
      else await navigate({ href: safeReturnUrl(returnUrl), replace: true });
    },
  });

  return (
    <AuthCard
      title="Change password"
      subtitle={expired ? MESSAGES.credentialsExpired : "Choose a new password for your account."}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.register("currentPassword")}
            error={errors.currentPassword?.message}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            description="At least 12 characters, with upper- and lower-case letters and a digit."
            {...form.register("newPassword")}
            error={errors.newPassword?.message}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.register("confirmPassword")}
            error={errors.confirmPassword?.message}
          />
          <Group justify="flex-end" gap="sm">
            {expired ? (
              <Button variant="default" onClick={() => void signOut()}>
                Sign out
              </Button>
            ) : (
              <Button variant="default" onClick={() => void navigate({ href: safeReturnUrl(returnUrl) })}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={isSubmitting}>
              Change password
            </Button>
          </Group>
          {expired && (
            <Text size="xs" c="dimmed">
              You can continue once your password has been changed.
            </Text>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
