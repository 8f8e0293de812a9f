import { zodResolver } from "@hookform/resolvers/zod";
import { Button, PasswordInput, Stack, Text } from "@mantine/core";
import { MESSAGES, sessionRoutes } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { AuthCard } from "./AuthCard.tsx";
import { newPasswordFormSchema } from "./password-forms.ts";

type Values = z.input<typeof newPasswordFormSchema>;

/** The password-reset link: /create-password?request={id}&token={secret}. */
export function CreatePasswordPage() {
  const { request, token } = useSearch({ from: "/create-password" });
  const navigate = useNavigate();
  const complete = Boolean(request && token);

  const link = useQuery({
    queryKey: ["password-reset", request, token],
    queryFn: ({ signal }) =>
      api(sessionRoutes.lookupPasswordReset, { params: { id: request ?? "" }, query: { token: token ?? "" }, signal }),
    enabled: complete,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const form = useForm<Values>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const { submit: onSubmit, formError: error } = useFormMutation(form, {
    mutationFn: ({ password }) =>
      api(sessionRoutes.createPassword, { params: { id: request ?? "" }, body: { token: token ?? "", password } }),
    onSuccess: async () => {
      toastSuccess(MESSAGES.passwordReset);
      await navigate({ to: "/sign-in", replace: true });
    },
  });

  if (complete && link.isPending) {
    return (
      <AuthCard title="Create a new password">
        <Spinner />
      </AuthCard>
    );
  }

  if (!complete || link.isError) {
    // A malformed link is as good as an expired one for the user.
    const message =
      link.error && errorMessage(link.error) !== MESSAGES.badRequest
        ? errorMessage(link.error)
        : MESSAGES.emailNotFoundOrLinkExpired;
    return (
      <AuthCard title="Create a new password">
        <Stack gap="md">
          <FormError message={message} />
          <AnchorLink to="/forgot-password" size="sm">
            Request a new link
          </AnchorLink>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create a new password"
      subtitle={
        <>
          For{" "}
          <Text span fw={600}>
            {link.data?.email}
          </Text>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            autoFocus
            description="At least 12 characters, with upper- and lower-case letters and a digit."
            {...form.register("password")}
            error={errors.password?.message}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.register("confirmPassword")}
            error={errors.confirmPassword?.message}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Create password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
