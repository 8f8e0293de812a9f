import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/groups/new/$parentGroupId")({
  component: () => <ComingSoon title="New sub-group" what="Adding sub-groups" />,
});
