import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/users/new")({
  component: () => <ComingSoon title="New user" what="Adding users" />,
});
