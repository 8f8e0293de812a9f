import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPanel } from "../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/reports/mailing")({
  component: () => <ComingSoonPanel what="The mailing report" />,
});
