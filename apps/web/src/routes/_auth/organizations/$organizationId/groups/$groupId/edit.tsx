import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/groups/$groupId/edit")({
  component: () => <ComingSoon title="Edit group" what="Editing groups" />,
});
