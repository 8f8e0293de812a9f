// Spec §8 "Handling by status": what the client does with a failed call, decided in one place.
export type ErrorAction =
  | { kind: "caller" }
  | { kind: "navigate"; to: "/systemError" | "/serviceError" | "/unauthorized" | "/forbidden" }
  | { kind: "navigate"; to: "/change-password" | "/select-organization" | "/mfa-enrolment" };

export interface ErrorContext {
  /** login, multi-org login, password calls and calls flagged by their caller */
  passThrough: boolean;
  /** the current page is sign-in (a 401 there belongs to the form) */
  onSignIn: boolean;
}

export function errorAction(status: number, code: string, ctx: ErrorContext): ErrorAction {
  if (ctx.passThrough || status === 0) return { kind: "caller" };
  if (status === 401) return ctx.onSignIn ? { kind: "caller" } : { kind: "navigate", to: "/unauthorized" };
  if (status === 403) {
    // The token is fine but incomplete: send the user where the guard would have.
    if (code === "CREDENTIALS_EXPIRED") return { kind: "navigate", to: "/change-password" };
    if (code === "ORGANIZATION_NOT_SELECTED") return { kind: "navigate", to: "/select-organization" };
    if (code === "MFA_ENROLMENT_REQUIRED") return { kind: "navigate", to: "/mfa-enrolment" };
    // 401 means the session ended; 403 means a signed-in person may not do this: a refusal, in words
    return { kind: "navigate", to: "/forbidden" };
  }
  if (status === 503) return { kind: "navigate", to: "/serviceError" };
  if (status >= 500) return { kind: "navigate", to: "/systemError" };
  return { kind: "caller" };
}
