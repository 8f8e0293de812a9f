import { createFileRoute, redirect } from "@tanstack/react-router";

// Spec §2: any unknown path redirects to sign-in. Signed out, the path becomes the returnUrl; signed
// in, it does not (sign-in would send the user straight back here).
export const Route = createFileRoute("/$")({
  beforeLoad: ({ context, location }) => {
    const signedIn = context.services.session.getUser() !== null;
    throw redirect({ to: "/sign-in", search: { returnUrl: signedIn ? undefined : location.href }, replace: true });
  },
});
