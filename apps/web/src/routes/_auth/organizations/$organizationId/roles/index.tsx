import { createFileRoute } from "@tanstack/react-router";
import { RolesPage } from "../../../../../features/access/roles/RolesPage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/roles/")({ component: Roles });

function Roles() {
  const { organizationId } = Route.useParams();
  return <RolesPage organizationId={organizationId} />;
}
