import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { INVITATION_MESSAGES, type InvitationLookup, invitationRoutes, MESSAGES } from "@signet/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { useServices } from "../../app/services-context.tsx";
import { FormError } from "../../components/FormError.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { AuthCard } from "./AuthCard.tsx";
import { signUpFormSchema, verifyFormSchema } from "./sign-up-form.ts";

type SignUpInput = z.input<typeof signUpFormSchema>;
type SignUpOutput = z.output<typeof signUpFormSchema>;
type VerifyInput = z.input<typeof verifyFormSchema>;
type VerifyOutput = z.output<typeof verifyFormSchema>;

/**
 * The sign-up module (spec §2): the emailed invitation link opens it; the form (Email address from the
 * invitation, First name, Last name, Password, Confirm password) is sent with 'Verify account', the
 * six-digit code from the email with 'Verify & Sign In', which signs the new user in.
 */
export function SignUpPage() {
  const { invitation, token } = useSearch({ from: "/sign-up" });
  const complete = Boolean(invitation && token);
  const lookup = useQuery({
    queryKey: ["user-invitation", invitation, token],
    queryFn: ({ signal }) =>
      api(invitationRoutes.getUserInvitation, {
        params: { invitationId: invitation ?? "" },
        query: { token: token ?? "" },
        signal,
        passThrough: true,
      }),
    enabled: complete,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // null: as the invitation says (a REGISTERED one already had a code sent)
  const [step, setStep] = useState<{ kind: "form" } | { kind: "code"; email: string } | null>(null);

  if (complete && lookup.isPending) {
    return (
      <AuthCard title="Create your account">
        <Spinner />
      </AuthCard>
    );
  }

  if (!complete) {
    return (
      <AuthCard title="Create your account" subtitle="Secure electronic signing for financial services.">
        <Stack gap="md">
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            Signet accounts are created from an invitation. Open the link in your invitation email, or ask your
            administrator to invite you.
          </Alert>
          <AnchorLink to="/sign-in" size="sm">
            Already have an account? Sign in
          </AnchorLink>
        </Stack>
      </AuthCard>
    );
  }

  if (lookup.isError || !lookup.data) {
    // A malformed link is as good as an unknown one: 'Invitation not found.'
    const message =
      lookup.error && !(lookup.error instanceof ApiError && lookup.error.status === 400)
        ? errorMessage(lookup.error)
        : INVITATION_MESSAGES.invitationNotFound;
    return (
      <AuthCard
        title="Create your account"
        subtitle="Accounts are created from an invitation sent by an administrator."
      >
        <Stack gap="md">
          <FormError message={message} />
          <Text size="sm" c="dimmed">
            {message === INVITATION_MESSAGES.accountAlreadyCreated
              ? "Your account exists: sign in with your email address and password."
              : "Open the link from your invitation email again, or ask your administrator to send a new invitation."}
          </Text>
          <AnchorLink to="/sign-in" size="sm">
            Go to sign in
          </AnchorLink>
        </Stack>
      </AuthCard>
    );
  }

  const ids = { invitationId: invitation ?? "", token: token ?? "" };
  const current =
    step ?? (lookup.data.status === "REGISTERED" ? { kind: "code", email: lookup.data.email } : { kind: "form" });
  return current.kind === "code" ? (
    <VerifyStep {...ids} email={current.email} onStartOver={() => setStep({ kind: "form" })} />
  ) : (
    <RegisterStep {...ids} invitation={lookup.data} onRegistered={(email) => setStep({ kind: "code", email })} />
  );
}

function RegisterStep({
  invitationId,
  token,
  invitation,
  onRegistered,
}: {
  invitationId: string;
  token: string;
  invitation: InvitationLookup;
  onRegistered: (email: string) => void;
}) {
  const form = useForm<SignUpInput, unknown, SignUpOutput>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: {
      givenName: invitation.givenName,
      familyName: invitation.familyName,
      password: "",
      confirmPassword: "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const { submit: onSubmit, formError: error } = useFormMutation(form, {
    fields: ["givenName", "familyName", "password"],
    mutationFn: ({ givenName, familyName, password }) =>
      api(invitationRoutes.registerUserInvitation, {
        params: { invitationId },
        body: { token, givenName, familyName, password },
        passThrough: true,
      }),
    onSuccess: (result) => onRegistered(result.email),
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          You were invited to join{" "}
          <Text span fw={600} inherit>
            {invitation.organizationName}
          </Text>{" "}
          on Signet.
        </>
      }
      width={520}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          <TextInput
            label="Email address"
            type="email"
            value={invitation.email}
            readOnly
            variant="filled"
            autoComplete="username"
            description="From your invitation"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              {...form.register("givenName")}
              error={errors.givenName?.message}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              {...form.register("familyName")}
              error={errors.familyName?.message}
            />
          </SimpleGrid>
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            autoFocus
            description="At least 12 characters, with upper- and lower-case letters and a digit."
            {...form.register("password")}
            error={errors.password?.message}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.register("confirmPassword")}
            error={errors.confirmPassword?.message}
          />
          <Button type="submit" fullWidth loading={isSubmitting} mt="xs">
            Verify account
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Already have an account?{" "}
            <AnchorLink to="/sign-in" size="sm">
              Sign in
            </AnchorLink>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

function VerifyStep({
  invitationId,
  token,
  email,
  onStartOver,
}: {
  invitationId: string;
  token: string;
  email: string;
  onStartOver: () => void;
}) {
  const services = useServices();
  const navigate = useNavigate();
  const form = useForm<VerifyInput, unknown, VerifyOutput>({
    resolver: zodResolver(verifyFormSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const { submit: onSubmit, formError: error } = useFormMutation(form, {
    mutationFn: async ({ code }) => {
      const answer = await api(invitationRoutes.verifyUserInvitation, {
        params: { invitationId },
        body: { token, code },
        passThrough: true,
      });
      services.session.refresh();
      const user = services.session.getUser();
      // signed in by the answer's cookie: without it the browser refused the cookie, which is the form's error
      if (!user)
        throw new ApiError({ status: 0, code: "PAYLOAD_COOKIE_MISSING", message: MESSAGES.payloadCookieMissing });
      return { partial: answer.partial || user.partial, credentialsNonExpired: user.credentialsNonExpired };
    },
    onSuccess: async (user) => {
      services.activity.restart();
      if (!user.credentialsNonExpired) await navigate({ to: "/change-password", replace: true });
      else if (user.partial) await navigate({ to: "/select-organization", replace: true });
      else await navigate({ to: "/workspace", replace: true });
    },
  });

  return (
    <AuthCard
      title="Verify account"
      subtitle={
        <>
          Enter the six-digit code we emailed to{" "}
          <Text span fw={600} inherit>
            {email}
          </Text>
          .
        </>
      }
      width={520}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          <TextInput
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            placeholder="000000"
            styles={{ input: { fontSize: 22, letterSpacing: 8, textAlign: "center", fontFamily: "monospace" } }}
            {...form.register("code")}
            error={errors.code?.message}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Verify and sign in
          </Button>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              No email? Check your spam folder.
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={onStartOver}>
              Send a new code
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
