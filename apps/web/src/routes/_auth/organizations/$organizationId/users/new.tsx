import { createFileRoute } from "@tanstack/react-router";
import { InviteUserPage } from "../../../../../features/access/users/InviteUserPage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/users/new")({ component: InviteUser });

function InviteUser() {
  const { organizationId } = Route.useParams();
  return <InviteUserPage organizationId={organizationId} />;
}
