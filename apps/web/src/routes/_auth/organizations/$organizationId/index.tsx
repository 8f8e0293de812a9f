import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/")({
  component: () => <ComingSoon title="Organizations" what="The organizations list" />,
});
