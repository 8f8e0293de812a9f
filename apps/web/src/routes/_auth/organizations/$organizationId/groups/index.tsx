import { createFileRoute } from "@tanstack/react-router";
import { GroupsPage } from "../../../../../features/access/groups/GroupsPage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/groups/")({ component: Groups });

function Groups() {
  const { organizationId } = Route.useParams();
  return <GroupsPage organizationId={organizationId} />;
}
