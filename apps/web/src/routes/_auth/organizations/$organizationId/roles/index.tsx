import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/roles/")({
  component: () => <ComingSoon title="Roles" what="The role list" />,
});
