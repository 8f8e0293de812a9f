import { createFileRoute } from "@tanstack/react-router";
import { RoleFormPage } from "../../../../../../features/access/roles/RoleFormPage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/roles/$roleId/edit")({
  component: EditRole,
});

function EditRole() {
  const { organizationId, roleId } = Route.useParams();
  return <RoleFormPage organizationId={organizationId} roleId={roleId} />;
}
