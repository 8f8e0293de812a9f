import { Button, Group, PasswordInput, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { MESSAGES, MFA_METHODS, type MfaMethod, safeReturnUrl, WEB_CLIENT_ID } from "@signet/contract";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { type ChangeEvent, type FormEvent, lazy, Suspense, useRef, useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { entryRoutes } from "../../api/entry-routes.ts";
import { queryClientSlot } from "../../app/query-client-slot.ts";
import { useServices } from "../../app/services-context.tsx";
import { FormError } from "../../components/FormError.tsx";
import { AnchorLink } from "../../components/links.tsx";
import type { PendingChallenge } from "../mfa/MfaChallengeStep.tsx";
import { AuthCard } from "./AuthCard.tsx";
import { type SignInErrors, type SignInField, type SignInValues, signInCheck } from "./sign-in-form.ts";

// Only some sign-ins need these (a second step, an organization's providers): loaded when shown, so the
// plain sign-in page downloads neither.
const MfaChallengeStep = lazy(() =>
  import("../mfa/MfaChallengeStep.tsx").then((module) => ({ default: module.MfaChallengeStep })),
);
// the providers are queried: the query client comes with them (the plain sign-in page does not load it)
const IdentityProviderButtons = lazy(() =>
  Promise.all([import("./IdentityProviderButtons.tsx"), queryClientSlot.load()]).then(([module]) => ({
    default: module.IdentityProviderButtons,
  })),
);

/**
 * The challenge an identity provider's callback left in the fragment (#mfa_token=…&mfa_methods=…);
 * read once and removed from the address bar.
 */
function takeFragmentChallenge(): { challenge: PendingChallenge; returnUrl: string | undefined } | null {
  if (typeof window === "undefined" || !window.location.hash.includes("mfa_token=")) return null;
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  const token = fragment.get("mfa_token");
  if (!token) return null;
  const methods = (fragment.get("mfa_methods") ?? "")
    .split(" ")
    .filter((method): method is MfaMethod => (MFA_METHODS as readonly string[]).includes(method));
  return { challenge: { token, methods }, returnUrl: fragment.get("returnUrl") ?? undefined };
}

export function SignInPage() {
  const { returnUrl, org, provider } = useSearch({ from: "/sign-in" });
  const services = useServices();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // A plain controlled form (react-hook-form stays off this page, the first one most people load): checked
  // on submit, then again on every change, the first wrong field focused.
  const [values, setValues] = useState<SignInValues>({ username: "", password: "" });
  const [fieldError, setFieldError] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<SignInField, HTMLInputElement | null>>>({});

  // a second factor is due (issue 12 §4): from the password answer, or from an identity provider's
  // callback, which hands the challenge over in the URL fragment
  const [fromProvider] = useState(takeFragmentChallenge);
  const [challenge, setChallenge] = useState<PendingChallenge | null>(fromProvider?.challenge ?? null);
  const challengeReturnUrl = fromProvider?.returnUrl;

  /** Where a finished sign-in goes: a new password first, then the organization, then the page asked for. */
  const afterSignIn = async (partial: boolean, target = returnUrl) => {
    services.session.refresh();
    const user = services.session.getUser();
    if (!user) {
      setError(MESSAGES.payloadCookieMissing);
      return;
    }
    services.activity.restart();
    if (!user.credentialsNonExpired) {
      await navigate({ to: "/change-password", search: { returnUrl: target }, replace: true });
    } else if (partial || user.partial) {
      await navigate({ to: "/select-organization", search: { returnUrl: target }, replace: true });
    } else {
      await navigate({ href: safeReturnUrl(target), replace: true });
    }
  };

  const change = (field: SignInField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (submitted) {
      const result = signInCheck(next);
      setFieldError("errors" in result ? result.errors : {});
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const result = signInCheck(values);
    if ("errors" in result) {
      setFieldError(result.errors);
      const first = (["username", "password"] as const).find((field) => result.errors[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setFieldError({});
    setSubmitting(true);
    setError(null);
    try {
      const token = await api(entryRoutes.token, {
        body: { grant_type: "password", client_id: WEB_CLIENT_ID, ...result.data },
      });
      if (token.token_type === "mfa_challenge" && token.mfa_token) {
        setChallenge({ token: token.mfa_token, methods: token.mfa_methods ?? [] });
        return;
      }
      await afterSignIn(token.partial);
    } catch (e) {
      // spec §8 sign-in: a failure of the sign-in service itself reads 'Internal service error...'
      setError(e instanceof ApiError && e.status >= 500 ? MESSAGES.internalService : errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  if (challenge) {
    return (
      <AuthCard title="Two-step verification" subtitle="One more step to keep your account safe.">
        <Suspense fallback={<Skeleton height={120} />}>
          <MfaChallengeStep
            challenge={challenge}
            onSignedIn={() => afterSignIn(false, challengeReturnUrl ?? returnUrl)}
            onStartOver={() => {
              setChallenge(null);
              setValues({ username: values.username, password: "" });
              setFieldError({});
              setSubmitted(false);
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in to Signet" subtitle="Secure electronic signing for financial services.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          {org && (
            <Suspense fallback={<Skeleton height={36} />}>
              <IdentityProviderButtons organizationId={org} provider={provider} returnUrl={returnUrl} />
            </Suspense>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            name="username"
            ref={(input) => {
              inputs.current.username = input;
            }}
            value={values.username}
            onChange={change("username")}
            error={fieldError.username}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            name="password"
            ref={(input) => {
              inputs.current.password = input;
            }}
            value={values.password}
            onChange={change("password")}
            error={fieldError.password}
          />
          <Group justify="flex-end">
            <AnchorLink to="/forgot-password" size="sm">
              Forgot password?
            </AnchorLink>
          </Group>
          <Button type="submit" fullWidth loading={submitting}>
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
