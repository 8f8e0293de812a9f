import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IDENTITY_MESSAGES, identityRoutes } from "@signet/contract";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { useSessionUser } from "../../app/services-context.tsx";
import { FormError } from "../../components/FormError.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { AuthCard } from "./AuthCard.tsx";
import { EmailedLinkOutcome } from "./EmailedLinkOutcome.tsx";

/**
 * Lets an organization's identity provider sign an existing account in (issue 30 §1), once the
 * person proves the account: the emailed link (?request&token), or, from the refused sign-in's
 * page (?request only), signing in with their own password and second factor. The person confirms
 * only if they started that sign-in themselves.
 */
export function LinkAccountPage() {
  const { request: requestId, token } = useSearch({ from: "/link-account" });
  const user = useSessionUser();
  // without the emailed secret, the person's own session holds the request (a provider's session
  // is refused by the API, whose message the page then shows)
  const signedIn = Boolean(user);
  const complete = Boolean(requestId && (token || signedIn));
  const params = { requestId: requestId ?? "" };
  const lookup = useQuery({
    queryKey: ["identity-link-request", requestId, token, user?.uid],
    queryFn: ({ signal }) =>
      token
        ? api(identityRoutes.getIdentityLinkRequest, { params, query: { token }, signal, passThrough: true })
        : api(identityRoutes.getMyIdentityLinkRequest, { params, signal, passThrough: true }),
    enabled: complete,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const confirm = useMutation({
    mutationFn: () =>
      token
        ? api(identityRoutes.confirmIdentityLinkRequest, { params, body: { token }, passThrough: true })
        : api(identityRoutes.confirmMyIdentityLinkRequest, { params, passThrough: true }),
  });

  if (requestId && !token && !signedIn) {
    const here = `/link-account?request=${encodeURIComponent(requestId)}`;
    return (
      <AuthCard title="Link your account">
        <Stack gap="md">
          <Text size="sm">
            To let your organization's identity provider sign you in, prove that this account is yours: sign in with
            your own password (and second factor), or open the link we emailed to your account's address.
          </Text>
          <Group justify="flex-end">
            <Button component="a" href={`/sign-in?returnUrl=${encodeURIComponent(here)}`}>
              Sign in with your password
            </Button>
          </Group>
        </Stack>
      </AuthCard>
    );
  }

  if (complete && lookup.isPending) {
    return (
      <AuthCard title="Link your account">
        <Spinner />
      </AuthCard>
    );
  }
  if (!complete || lookup.isError || !lookup.data) {
    return (
      <EmailedLinkOutcome title="Link your account" ok={false}>
        {lookup.error ? errorMessage(lookup.error) : IDENTITY_MESSAGES.linkRequestNotFound}
      </EmailedLinkOutcome>
    );
  }
  const request = lookup.data;
  if (confirm.isSuccess) {
    return (
      <EmailedLinkOutcome title="Link your account" ok>
        Your account is linked to {request.providerName}. Sign in through it again to open {request.organizationName}.
      </EmailedLinkOutcome>
    );
  }
  return (
    <AuthCard title="Link your account" subtitle={`For your account ${request.email}`}>
      <Stack gap="md">
        <Text size="sm">
          Someone signed in through <strong>{request.providerName}</strong>, the identity provider of{" "}
          <strong>{request.organizationName}</strong>, with your email address. Linking lets that provider sign you in
          to {request.organizationName} only; it cannot change your password or second factors.
        </Text>
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          Only link if you just tried to sign in through {request.providerName} yourself. If you did not, close this
          page: your account stays as it is.
        </Alert>
        <FormError message={confirm.error ? errorMessage(confirm.error) : null} />
        <Group justify="flex-end">
          <Button loading={confirm.isPending} onClick={() => confirm.mutate()}>
            Link my account
          </Button>
        </Group>
      </Stack>
    </AuthCard>
  );
}
