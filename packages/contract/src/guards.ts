import type { LoggedInUser } from "./session.ts";

/**
 * Route guards of spec §2. Every web route names one kind; the decision is pure so that the
 * router and the tests ask the same function.
 * - public: no guard (sign-in, sign-up, error pages, notification pages)
 * - auth: a full sign-in
 * - support: a full sign-in by a support user (SAML providers, notifications)
 * - partial: the select-organization page (a partial sign-in)
 * - expired: the change-password page (reachable with expired credentials)
 * - mfa-enrolment: second-factor enrolment, for a full sign-in not yet enrolled where the
 *   organization requires it (issue 12 §4); everything else sends such a user there first
 */
export type GuardKind = "public" | "auth" | "support" | "partial" | "expired" | "mfa-enrolment";

export type GuardDecision =
  | { allow: true }
  | { allow: false; redirect: "/sign-in"; returnUrl: string }
  | {
      allow: false;
      redirect: "/change-password" | "/select-organization" | "/forbidden" | "/workspace" | "/mfa-enrolment";
    };

export function decideGuard(kind: GuardKind, user: LoggedInUser | null, currentUrl: string): GuardDecision {
  if (kind === "public") return { allow: true };
  if (!user) return { allow: false, redirect: "/sign-in", returnUrl: currentUrl };
  if (!user.credentialsNonExpired) {
    return kind === "expired" ? { allow: true } : { allow: false, redirect: "/change-password" };
  }
  if (user.partial) {
    return kind === "partial" ? { allow: true } : { allow: false, redirect: "/select-organization" };
  }
  if (kind === "partial") return { allow: false, redirect: "/workspace" };
  if (!user.mfaEnrolled)
    return kind === "mfa-enrolment" ? { allow: true } : { allow: false, redirect: "/mfa-enrolment" };
  if (kind === "mfa-enrolment") return { allow: false, redirect: "/workspace" };
  // a signed-in person who is not support staff is refused, not told that the session ended
  if (kind === "support" && !user.supportUser) return { allow: false, redirect: "/forbidden" };
  return { allow: true };
}

/** Only same-origin relative paths are honoured as a returnUrl (no open redirect). */
export function safeReturnUrl(returnUrl: string | undefined | null, fallback = "/workspace"): string {
  if (!returnUrl?.startsWith("/") || returnUrl.startsWith("//") || returnUrl.startsWith("/\\")) {
    return fallback;
  }
  if (returnUrl.startsWith("/sign-in")) return fallback;
  return returnUrl;
}

export type HeaderMode = "full" | "logo-only" | "hidden";

/** Spec §2 Header: hidden when not MFA-enrolled or a page asks; logo only for incomplete sign-ins. */
export function headerMode(user: LoggedInUser | null, pageHidesHeader: boolean): HeaderMode {
  if (pageHidesHeader) return "hidden";
  if (user && !user.mfaEnrolled) return "hidden";
  if (!user?.uid || !user.credentialsNonExpired || user.partial) return "logo-only";
  return "full";
}
