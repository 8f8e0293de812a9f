import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/roles/$roleId/edit")({
  component: () => <ComingSoon title="Edit role" what="Editing roles" />,
});
