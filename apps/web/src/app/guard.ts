import { decideGuard, type GuardKind } from "@signet/contract";
import { type ParsedLocation, redirect } from "@tanstack/react-router";
import type { RouterContext } from "./router-context.ts";

/** A route's `beforeLoad`: asks the contract's decideGuard and turns a refusal into a redirect. */
export function guard(kind: GuardKind) {
  return ({ context, location }: { context: RouterContext; location: ParsedLocation }): void => {
    const decision = decideGuard(kind, context.services.session.getUser(), location.href);
    if (decision.allow) return;
    switch (decision.redirect) {
      case "/sign-in":
        throw redirect({ to: "/sign-in", search: { returnUrl: decision.returnUrl }, replace: true });
      case "/change-password":
        throw redirect({ to: "/change-password", search: { returnUrl: location.href }, replace: true });
      case "/select-organization":
        throw redirect({ to: "/select-organization", search: { returnUrl: location.href }, replace: true });
      case "/forbidden":
        throw redirect({ to: "/forbidden", search: { for: "support" }, replace: true });
      case "/mfa-enrolment":
        throw redirect({ to: "/mfa-enrolment", search: { returnUrl: location.href }, replace: true });
      case "/workspace":
        throw redirect({ to: "/workspace", replace: true });
    }
  };
}
