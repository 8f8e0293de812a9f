import { createFileRoute } from "@tanstack/react-router";
import { ApiClientsPage } from "../../../../../features/access/api-clients/ApiClientsPage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/api-clients/")({ component: ApiClients });

function ApiClients() {
  const { organizationId } = Route.useParams();
  return <ApiClientsPage organizationId={organizationId} />;
}
