import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/package-collaboration")({
  component: () => <ComingSoon title="Package Collaboration Demo" what="The package collaboration demo" />,
});
