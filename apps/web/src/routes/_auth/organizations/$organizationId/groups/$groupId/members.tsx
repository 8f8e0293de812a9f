import { createFileRoute } from "@tanstack/react-router";
import { GroupMembersPage } from "../../../../../../features/access/groups/GroupMembersPage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/groups/$groupId/members")({
  component: GroupMembers,
});

function GroupMembers() {
  const { organizationId, groupId } = Route.useParams();
  return <GroupMembersPage organizationId={organizationId} groupId={groupId} />;
}
