import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/roles/new")({
  component: () => <ComingSoon title="New role" what="Adding roles" />,
});
