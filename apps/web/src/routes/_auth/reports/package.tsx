import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPanel } from "../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/reports/package")({
  component: () => <ComingSoonPanel what="The package report" />,
});
