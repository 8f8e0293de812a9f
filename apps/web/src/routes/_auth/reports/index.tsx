import { createFileRoute, redirect } from "@tanstack/react-router";

// Spec §2: package is the default child.
export const Route = createFileRoute("/_auth/reports/")({
  beforeLoad: () => {
    throw redirect({ to: "/reports/package", replace: true });
  },
});
