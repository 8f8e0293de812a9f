import { createFileRoute } from "@tanstack/react-router";
import { GroupFormPage } from "../../../../../../features/access/groups/GroupFormPage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/groups/new/$parentGroupId")({
  component: NewSubGroup,
});

function NewSubGroup() {
  const { organizationId, parentGroupId } = Route.useParams();
  return <GroupFormPage organizationId={organizationId} parentGroupId={parentGroupId} />;
}
