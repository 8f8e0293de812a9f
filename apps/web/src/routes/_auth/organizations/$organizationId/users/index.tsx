import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/users/")({
  component: () => <ComingSoon title="Users" what="The user list" />,
});
