import { createFileRoute } from "@tanstack/react-router";
import { OrganizationFormPage } from "../../../../features/access/organizations/OrganizationFormPage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/edit")({ component: EditOrganization });

function EditOrganization() {
  const { organizationId } = Route.useParams();
  return <OrganizationFormPage organizationId={organizationId} />;
}
