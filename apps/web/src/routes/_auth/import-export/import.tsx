import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPanel } from "../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/import-export/import")({
  component: () => <ComingSoonPanel what="Importing organization settings" />,
});
