import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { safeReturnUrl, sessionRoutes } from "@signet/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { useServices } from "../../app/services-context.tsx";
import { FormError } from "../../components/FormError.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { useSignOut } from "../../session/use-sign-out.ts";
import { AuthCard } from "./AuthCard.tsx";
import { MembershipRequestsNotice } from "./MembershipRequestsNotice.tsx";

/** Spec §2/§4: a user of several organizations picks one to finish a partial sign-in. */
export function SelectOrganizationPage() {
  const { returnUrl } = useSearch({ from: "/select-organization" });
  const services = useServices();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const organizations = useQuery({
    queryKey: ["my-organizations"],
    queryFn: ({ signal }) => api(sessionRoutes.myOrganizations, { signal }),
    staleTime: 0,
  });
  const choose = useMutation({
    mutationFn: (organizationId: string) => api(sessionRoutes.multiOrgLogin, { body: { organizationId } }),
    onSuccess: async () => {
      services.session.refresh();
      services.queryClient.removeQueries({ queryKey: ["my-organizations"] });
      await navigate({ href: safeReturnUrl(returnUrl), replace: true });
    },
  });

  const sorted = [...(organizations.data ?? [])].sort(
    (a, b) => Number(b.home) - Number(a.home) || a.name.localeCompare(b.name),
  );

  return (
    <AuthCard
      title="Select an organization"
      subtitle="You belong to more than one organization. Choose one to continue."
    >
      <Stack gap="sm">
        <FormError message={organizations.error ? errorMessage(organizations.error) : null} />
        <FormError message={choose.error ? errorMessage(choose.error) : null} />
        <MembershipRequestsNotice />
        {organizations.isPending && <Spinner />}
        <Stack gap="xs" role="list" aria-label="Organizations">
          {sorted.map((org) => (
            <Paper key={org.id} withBorder role="listitem" p={0}>
              <UnstyledButton
                w="100%"
                p="md"
                disabled={!org.enabled || choose.isPending}
                onClick={() => choose.mutate(org.id)}
                aria-label={org.name}
                style={{ opacity: org.enabled ? 1 : 0.55, cursor: org.enabled ? "pointer" : "not-allowed" }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{org.name}</Text>
                  <Group gap={6}>
                    {org.home && (
                      <Badge variant="light" color="indigo">
                        Home
                      </Badge>
                    )}
                    {!org.enabled && (
                      <Badge variant="light" color="gray">
                        Disabled
                      </Badge>
                    )}
                    {choose.isPending && choose.variables === org.id && <Text size="sm">Signing in…</Text>}
                  </Group>
                </Group>
              </UnstyledButton>
            </Paper>
          ))}
        </Stack>
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" color="gray" onClick={() => void signOut()}>
            Sign out
          </Button>
        </Group>
      </Stack>
    </AuthCard>
  );
}
