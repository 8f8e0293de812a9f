import { Button, Group, Stack, Text } from "@mantine/core";
import { INVITATION_MESSAGES, identityRoutes } from "@signet/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { AuthCard } from "./AuthCard.tsx";
import { EmailedLinkOutcome } from "./EmailedLinkOutcome.tsx";

/**
 * The emailed link of a request to join (issue 30 §1): someone who already has an account accepts or
 * declines here without signing in; the link's secret came to their own mailbox.
 */
export function JoinPage() {
  const { invitation, token } = useSearch({ from: "/join" });
  const complete = Boolean(invitation && token);
  const lookup = useQuery({
    queryKey: ["membership-request", invitation, token],
    queryFn: ({ signal }) =>
      api(identityRoutes.getMembershipRequest, {
        params: { invitationId: invitation ?? "" },
        query: { token: token ?? "" },
        signal,
        passThrough: true,
      }),
    enabled: complete,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const answer = useMutation({
    mutationFn: async (accept: boolean) => {
      const options = { params: { invitationId: invitation ?? "" }, body: { token: token ?? "" }, passThrough: true };
      if (accept) await api(identityRoutes.acceptMembershipRequest, options);
      else await api(identityRoutes.declineMembershipRequest, options);
      return accept;
    },
  });

  if (complete && lookup.isPending) {
    return (
      <AuthCard title="Request to join">
        <Spinner />
      </AuthCard>
    );
  }
  if (!complete || lookup.isError || !lookup.data) {
    return (
      <EmailedLinkOutcome title="Request to join" ok={false}>
        {lookup.error ? errorMessage(lookup.error) : INVITATION_MESSAGES.invitationNotFound}
      </EmailedLinkOutcome>
    );
  }

  const request = lookup.data;
  if (answer.isSuccess) {
    return (
      <EmailedLinkOutcome title="Request to join" ok>
        {answer.data
          ? `You are now a member of ${request.organizationName}. Sign in and choose it.`
          : `You declined to join ${request.organizationName}. Nothing changed for your account.`}
      </EmailedLinkOutcome>
    );
  }
  return (
    <AuthCard title="Request to join" subtitle={`For your account ${request.email}`}>
      <Stack gap="md">
        <Text size="sm">
          {request.invitedByName ?? "An administrator"} asks you to join <strong>{request.organizationName}</strong> on
          Signet. You become a member only if you accept; your other organizations stay as they are.
        </Text>
        <FormError message={answer.error ? errorMessage(answer.error) : null} />
        <Group justify="flex-end">
          <Button
            variant="default"
            loading={answer.isPending && !answer.variables}
            onClick={() => answer.mutate(false)}
          >
            Decline
          </Button>
          <Button loading={answer.isPending && answer.variables} onClick={() => answer.mutate(true)}>
            Accept
          </Button>
        </Group>
      </Stack>
    </AuthCard>
  );
}
