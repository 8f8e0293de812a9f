import { describe, expect, it } from "vitest";
import { readCookie, userFromPayloadCookie } from "./cookies.ts";

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const claims = {
  sub: "ann@example.com",
  client_id: "signet-web",
  roles: ["Admin"],
  iss: "signet",
  aud: "signet",
  oid: "o1",
  o: "Demo Bank",
  home_oid: "o1",
  uid: "u1",
  orgs: ["o1"],
  org_enabled: true,
  partial: false,
  mfa_enrolled: true,
  family_name: "Lee",
  given_name: "Ann",
  middle_name: null,
  name_suffix: null,
  email: "ann@example.com",
  phone_number: null,
  account_non_locked: true,
  credentials_non_expired: true,
  support_user: false,
  exp: 2_000_000_000,
  iat: 1_900_000_000,
  jti: "t1",
};
const cookie = (over: Partial<typeof claims> = {}) => `${b64url({ alg: "ES256" })}.${b64url({ ...claims, ...over })}`;
const NOW = 1_950_000_000_000;

describe("readCookie", () => {
  it.each([
    ["a=1; signet_payload=abc.def; b=2", "signet_payload", "abc.def"],
    ["signet_payload=abc.def", "signet_payload", "abc.def"],
    ["x_signet_payload=1; signet_payload=2", "signet_payload", "2"],
    ["signet_payload=", "signet_payload", null],
    ["a=1", "signet_payload", null],
    ["", "signet_payload", null],
    ["__Secure-xsrf=a%20b", "__Secure-xsrf", "a b"],
    ["bad=%E0%A4%A", "bad", "%E0%A4%A"],
  ])("%j %s → %j", (cookies, name, expected) => {
    expect(readCookie(cookies, name)).toBe(expected);
  });
});

describe("userFromPayloadCookie", () => {
  it("reads the logged-in user from header.payload", () => {
    const user = userFromPayloadCookie(cookie(), NOW);
    expect(user).toMatchObject({ uid: "u1", organizationName: "Demo Bank", givenName: "Ann", partial: false });
  });

  it.each([
    ["absent", null],
    ["empty", ""],
    ["not base64url", "a.b$c"],
    ["not JSON", `${b64url({})}.${Buffer.from("nope").toString("base64url")}`],
    ["claims missing", `${b64url({})}.${b64url({ sub: "x" })}`],
    ["expired", cookie({ exp: NOW / 1000 - 1 })],
  ])("%s → signed out", (_label, value) => {
    expect(userFromPayloadCookie(value, NOW)).toBeNull();
  });
});
