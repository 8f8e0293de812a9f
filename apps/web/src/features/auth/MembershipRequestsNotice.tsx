import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { identityRoutes, type MembershipRequest } from "@signet/contract";
import { IconUsersPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { useSessionUser } from "../../app/services-context.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";

const QUERY_KEY = ["my-membership-requests"];

/**
 * Organizations that asked the signed-in person to join (issue 30 §1): nothing changes for the
 * person until they accept here (or by the emailed link); declining closes the request.
 */
export function MembershipRequestsNotice() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const requests = useQuery({
    queryKey: [...QUERY_KEY, user?.uid],
    queryFn: ({ signal }) => api(identityRoutes.listMyMembershipRequests, { signal }),
    enabled: Boolean(user),
    staleTime: 60_000,
  });
  const answer = useMutation({
    mutationFn: async ({ request, accept }: { request: MembershipRequest; accept: boolean }) => {
      const params = { invitationId: request.id };
      if (accept) await api(identityRoutes.acceptMyMembershipRequest, { params });
      else await api(identityRoutes.declineMyMembershipRequest, { params });
      return { request, accept };
    },
    onSuccess: async ({ request, accept }) => {
      toastSuccess(
        accept
          ? `You are now a member of ${request.organizationName}. Choose it from your organizations to work there.`
          : `You declined to join ${request.organizationName}.`,
      );
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ["my-organizations"] });
    },
    onError: (error) => toastError(errorMessage(error)),
  });

  const records = requests.data?.records ?? [];
  if (!user || records.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Requests to join" role="region">
      {records.map((request) => (
        <Alert key={request.id} color="grape" variant="light" icon={<IconUsersPlus size={18} />}>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm">
              {request.invitedByName ?? "An administrator"} asks you to join <strong>{request.organizationName}</strong>
              {request.groupName ? ` (${request.groupName})` : ""}. You become a member only if you accept.
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                loading={answer.isPending && answer.variables?.request.id === request.id && answer.variables.accept}
                onClick={() => answer.mutate({ request, accept: true })}
              >
                Accept
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={answer.isPending && answer.variables?.request.id === request.id && !answer.variables.accept}
                onClick={() => answer.mutate({ request, accept: false })}
              >
                Decline
              </Button>
            </Group>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
