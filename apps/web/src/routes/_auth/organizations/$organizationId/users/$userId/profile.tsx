import { createFileRoute } from "@tanstack/react-router";
import { UserProfilePage } from "../../../../../../features/access/users/UserProfilePage.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/users/$userId/profile")({
  component: UserProfile,
});

function UserProfile() {
  const { organizationId, userId } = Route.useParams();
  return <UserProfilePage organizationId={organizationId} userId={userId} />;
}
