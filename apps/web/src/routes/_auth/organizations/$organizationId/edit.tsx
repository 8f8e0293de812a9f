import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/edit")({
  component: () => <ComingSoon title="Edit organization" what="Editing organizations" />,
});
