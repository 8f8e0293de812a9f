import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/groups/")({
  component: () => <ComingSoon title="Groups" what="The group tree" />,
});
