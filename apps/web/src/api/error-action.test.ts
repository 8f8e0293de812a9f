import { describe, expect, it } from "vitest";
import { type ErrorAction, type ErrorContext, errorAction } from "./error-action.ts";

const normal: ErrorContext = { passThrough: false, onSignIn: false };
const caller: ErrorAction = { kind: "caller" };
const go = (to: string) => ({ kind: "navigate", to });

describe("errorAction", () => {
  it.each<[number, string, ErrorContext, unknown]>([
    [500, "INTERNAL", normal, go("/systemError")],
    [502, "HTTP_502", normal, go("/systemError")],
    [403, "FORBIDDEN", normal, go("/forbidden")],
    [403, "CSRF", normal, go("/forbidden")],
    [403, "CREDENTIALS_EXPIRED", normal, go("/change-password")],
    [403, "ORGANIZATION_NOT_SELECTED", normal, go("/select-organization")],
    [403, "MFA_ENROLMENT_REQUIRED", normal, go("/mfa-enrolment")],
    [503, "SERVICE_UNAVAILABLE", normal, go("/serviceError")],
    [401, "UNAUTHORIZED", normal, go("/unauthorized")],
    [401, "UNAUTHORIZED", { passThrough: false, onSignIn: true }, caller],
    [400, "BAD_REQUEST", normal, caller],
    [404, "NOT_FOUND", normal, caller],
    [409, "VERSION_NOT_MATCHED", normal, caller],
    [429, "RATE_LIMITED", normal, caller],
    [0, "NETWORK", normal, caller],
    [500, "INTERNAL", { passThrough: true, onSignIn: false }, caller],
    [401, "UNAUTHORIZED", { passThrough: true, onSignIn: false }, caller],
    [503, "SERVICE_UNAVAILABLE", { passThrough: true, onSignIn: false }, caller],
  ])("%i %s %j", (status, code, ctx, expected) => {
    expect(errorAction(status, code, ctx)).toEqual(expected);
  });
});
