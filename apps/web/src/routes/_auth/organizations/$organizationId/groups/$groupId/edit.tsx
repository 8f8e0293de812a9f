import { createFileRoute } from "@tanstack/react-router";
import { GroupFormPage } from "../../../../../../features/access/groups/GroupFormPage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/groups/$groupId/edit")({
  component: EditGroup,
});

function EditGroup() {
  const { organizationId, groupId } = Route.useParams();
  return <GroupFormPage organizationId={organizationId} groupId={groupId} />;
}
