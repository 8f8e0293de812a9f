import { decideGuard, safeReturnUrl } from "@signet/contract";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { extend, returnUrlSearch, text, uuid } from "../app/search.ts";
import { SignInPage } from "../features/auth/SignInPage.tsx";

export const Route = createFileRoute("/sign-in")({
  // org: the organization whose identity providers to offer; provider: "default" or a provider's id to go straight to
  validateSearch: extend(returnUrlSearch, {
    org: uuid(),
    provider: text({ max: 100 }),
  }),
  // Someone already signed in goes on to where sign-in would have sent them.
  beforeLoad: ({ context, search }) => {
    const user = context.services.session.getUser();
    if (!user) return;
    const decision = decideGuard("auth", user, "/sign-in");
    if (decision.allow) throw redirect({ href: safeReturnUrl(search.returnUrl), replace: true });
    if (
      decision.redirect === "/change-password" ||
      decision.redirect === "/select-organization" ||
      decision.redirect === "/mfa-enrolment"
    ) {
      throw redirect({ to: decision.redirect, search: { returnUrl: search.returnUrl }, replace: true });
    }
  },
  component: SignInPage,
});
