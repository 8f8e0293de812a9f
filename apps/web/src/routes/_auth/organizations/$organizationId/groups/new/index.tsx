import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/groups/new/")({
  component: () => <ComingSoon title="New group" what="Adding groups" />,
});
