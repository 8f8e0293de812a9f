import { Button, EmptyState, Paper, Stack } from "@mantine/core";
import type { ApiUser } from "@signet/contract";
import { IconPlus, IconRobot } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Spinner } from "../../../components/Spinner.tsx";
import { useHasPermission } from "../../../session/permissions.ts";
import { AccessDashboard, gated } from "../AccessDashboard.tsx";
import { ConfirmAction } from "../ConfirmAction.tsx";
import { ApiUserCard } from "./ApiUserCard.tsx";
import { apiClientQueries } from "./api-client-queries.ts";
import { CreateApiClientModal } from "./CreateApiClientModal.tsx";
import { CreateApiUserModal } from "./CreateApiUserModal.tsx";
import type { PendingConfirmation as Pending } from "./pending-confirmation.ts";
import { type RevealedSecret, SecretRevealModal } from "./SecretRevealModal.tsx";

/**
 * Issue 12 §1: the organization's API users (systems that call the API with roles like a person) and
 * their clients' credentials: create, rotate a secret without downtime, revoke, disable, delete.
 */
function ApiClientsScreen({ organizationId }: { organizationId: string }) {
  const canManage = useHasPermission("MANAGE_USERS");
  const apiUsers = useQuery(apiClientQueries.apiUsers(organizationId));
  const [addUserOpen, setAddUserOpen] = useState(false);
  const [clientFor, setClientFor] = useState<ApiUser | null>(null);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  return (
    <AccessDashboard
      organizationId={organizationId}
      tab="api-clients"
      actions={
        canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAddUserOpen(true)}>
            Add API user
          </Button>
        )
      }
    >
      {apiUsers.isPending ? (
        <Spinner />
      ) : (apiUsers.data?.records.length ?? 0) === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconRobot size={26} />}
            variant="light"
            title="No API users yet"
            description="An API user lets another system, such as a loan origination system, call Signet with the roles you give it."
          />
        </Paper>
      ) : (
        <Stack gap="lg" mt="md">
          {apiUsers.data?.records.map((apiUser) => (
            <ApiUserCard
              key={apiUser.id}
              organizationId={organizationId}
              apiUser={apiUser}
              canManage={canManage}
              onAddClient={() => setClientFor(apiUser)}
              onReveal={setRevealed}
              confirm={setPending}
            />
          ))}
        </Stack>
      )}
      <CreateApiUserModal organizationId={organizationId} opened={addUserOpen} onClose={() => setAddUserOpen(false)} />
      <CreateApiClientModal
        organizationId={organizationId}
        apiUser={clientFor}
        onClose={() => setClientFor(null)}
        onCreated={setRevealed}
      />
      <SecretRevealModal secret={revealed} onClose={() => setRevealed(null)} />
      <ConfirmAction
        opened={pending !== null}
        title={pending?.title ?? ""}
        message={pending?.message ?? ""}
        confirmLabel={pending?.confirmLabel ?? "Confirm"}
        onConfirm={async () => pending?.run()}
        onClose={() => setPending(null)}
      />
    </AccessDashboard>
  );
}

export const ApiClientsPage = gated(ApiClientsScreen);
