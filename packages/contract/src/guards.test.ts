import { describe, expect, it } from "vitest";
import { decideGuard, type GuardKind, headerMode, safeReturnUrl } from "./guards.ts";
import type { LoggedInUser } from "./session.ts";

const user = (over: Partial<LoggedInUser> = {}): LoggedInUser => ({
  subject: "a@b.c",
  clientId: "signet-web",
  roles: [],
  issuer: "signet",
  audience: "signet",
  organizationId: "o1",
  organizationName: "Demo",
  homeOrganizationId: "o1",
  uid: "u1",
  organizationIds: ["o1"],
  organizationEnabled: true,
  partial: false,
  mfaEnrolled: true,
  familyName: "Lee",
  givenName: "Ann",
  middleName: null,
  nameSuffix: null,
  email: "a@b.c",
  phoneNumber: null,
  accountNonLocked: true,
  credentialsNonExpired: true,
  supportUser: false,
  expiresAt: 0,
  issuedAt: 0,
  id: "t1",
  ...over,
});

describe("decideGuard", () => {
  const cases: [GuardKind, LoggedInUser | null, unknown][] = [
    ["public", null, { allow: true }],
    ["auth", null, { allow: false, redirect: "/sign-in", returnUrl: "/here?x=1" }],
    ["support", null, { allow: false, redirect: "/sign-in", returnUrl: "/here?x=1" }],
    ["auth", user(), { allow: true }],
    ["auth", user({ credentialsNonExpired: false }), { allow: false, redirect: "/change-password" }],
    ["expired", user({ credentialsNonExpired: false }), { allow: true }],
    ["expired", user(), { allow: true }],
    ["auth", user({ partial: true }), { allow: false, redirect: "/select-organization" }],
    ["partial", user({ partial: true }), { allow: true }],
    ["partial", user(), { allow: false, redirect: "/workspace" }],
    ["support", user(), { allow: false, redirect: "/forbidden" }],
    ["support", user({ supportUser: true }), { allow: true }],
    ["support", user({ supportUser: true, partial: true }), { allow: false, redirect: "/select-organization" }],
    // issue 12 §4: an organization requires a second factor and this person has none yet
    ["auth", user({ mfaEnrolled: false }), { allow: false, redirect: "/mfa-enrolment" }],
    ["support", user({ mfaEnrolled: false, supportUser: true }), { allow: false, redirect: "/mfa-enrolment" }],
    ["mfa-enrolment", user({ mfaEnrolled: false }), { allow: true }],
    ["mfa-enrolment", user(), { allow: false, redirect: "/workspace" }],
    ["mfa-enrolment", null, { allow: false, redirect: "/sign-in", returnUrl: "/here?x=1" }],
    ["mfa-enrolment", user({ mfaEnrolled: false, partial: true }), { allow: false, redirect: "/select-organization" }],
  ];
  it.each(cases)("%s for %j", (kind, who, expected) => {
    expect(decideGuard(kind, who, "/here?x=1")).toEqual(expected);
  });
});

describe("safeReturnUrl", () => {
  it.each([
    [undefined, "/workspace"],
    ["/settings?a=1", "/settings?a=1"],
    ["https://evil.example", "/workspace"],
    ["//evil.example", "/workspace"],
    ["/\\evil.example", "/workspace"],
    ["/sign-in?returnUrl=/x", "/workspace"],
  ])("%j → %j", (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });
});

describe("headerMode", () => {
  it.each([
    [null, false, "logo-only"],
    [user(), false, "full"],
    [user(), true, "hidden"],
    [user({ mfaEnrolled: false }), false, "hidden"],
    [user({ partial: true }), false, "logo-only"],
    [user({ credentialsNonExpired: false }), false, "logo-only"],
    [user({ uid: "" }), false, "logo-only"],
  ])("%j hide=%s → %s", (who, hide, expected) => {
    expect(headerMode(who, hide)).toBe(expected);
  });
});
