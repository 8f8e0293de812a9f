import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/organizations/new")({
  component: () => <ComingSoon title="New organization" what="Adding organizations" />,
});
