import { createFileRoute, redirect } from "@tanstack/react-router";

// Spec §2: export is the default child.
export const Route = createFileRoute("/_auth/import-export/")({
  beforeLoad: () => {
    throw redirect({ to: "/import-export/export", replace: true });
  },
});
