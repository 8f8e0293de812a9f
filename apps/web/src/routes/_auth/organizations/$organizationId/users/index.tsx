import { createFileRoute } from "@tanstack/react-router";
import { UsersPage } from "../../../../../features/access/users/UsersPage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/users/")({ component: Users });

function Users() {
  const { organizationId } = Route.useParams();
  return <UsersPage organizationId={organizationId} />;
}
