import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/")({
  component: () => <ComingSoon title="Access Control" what="The access-control dashboard" />,
});
