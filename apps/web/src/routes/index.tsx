import { createFileRoute, redirect } from "@tanstack/react-router";

// Spec §2: the empty path redirects to sign-in.
export const Route = createFileRoute("/")({
  beforeLoad: () => {
    throw redirect({ to: "/sign-in", replace: true });
  },
});
