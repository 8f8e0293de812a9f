import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/settings")({
  component: () => <ComingSoon title="Settings" what="Organization settings" />,
});
