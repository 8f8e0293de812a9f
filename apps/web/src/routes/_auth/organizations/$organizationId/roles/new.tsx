import { createFileRoute } from "@tanstack/react-router";
import { RoleFormPage } from "../../../../../features/access/roles/RoleFormPage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/roles/new")({ component: NewRole });

function NewRole() {
  const { organizationId } = Route.useParams();
  return <RoleFormPage organizationId={organizationId} />;
}
