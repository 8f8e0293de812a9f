import { createFileRoute } from "@tanstack/react-router";
import { OrganizationsPage } from "../../../../features/access/organizations/OrganizationsPage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/")({ component: Organizations });

function Organizations() {
  const { organizationId } = Route.useParams();
  return <OrganizationsPage organizationId={organizationId} />;
}
