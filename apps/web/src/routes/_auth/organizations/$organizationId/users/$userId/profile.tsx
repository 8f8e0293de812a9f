import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/$organizationId/users/$userId/profile")({
  component: () => <ComingSoon title="User profile" what="User profiles" />,
});
