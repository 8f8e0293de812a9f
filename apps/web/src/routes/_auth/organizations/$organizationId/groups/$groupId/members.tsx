import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/groups/$groupId/members")({
  component: () => <ComingSoon title="Group members" what="Group membership" />,
});
