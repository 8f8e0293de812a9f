import { decideGuard, safeReturnUrl } from "@signet/contract";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { returnUrlSearch } from "../app/search.ts";
import { SignInPage } from "../features/auth/SignInPage.tsx";

export const Route = createFileRoute("/sign-in")({
  validateSearch: returnUrlSearch,
  // Someone already signed in goes on to where sign-in would have sent them.
  beforeLoad: ({ context, search }) => {
    const user = context.services.session.getUser();
    if (!user) return;
    const decision = decideGuard("auth", user, "/sign-in");
    if (decision.allow) throw redirect({ href: safeReturnUrl(search.returnUrl), replace: true });
    if (decision.redirect === "/change-password" || decision.redirect === "/select-organization") {
      throw redirect({ to: decision.redirect, search: { returnUrl: search.returnUrl }, replace: true });
    }
  },
  component: SignInPage,
});
