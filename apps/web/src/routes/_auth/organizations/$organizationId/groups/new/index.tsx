import { createFileRoute } from "@tanstack/react-router";
import { GroupFormPage } from "../../../../../../features/access/groups/GroupFormPage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/groups/new/")({ component: NewGroup });

function NewGroup() {
  const { organizationId } = Route.useParams();
  return <GroupFormPage organizationId={organizationId} />;
}
