import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages.ts";
import {
  decodeBase64Url,
  mayProceed,
  readPayloadCookieClaims,
  readTokenClaims,
  splitToken,
  TokenFormatError,
} from "./session.ts";
import { tokenClaimsSchema } from "./token-claims-schema.ts";

const claims = {
  sub: "ann@example.com",
  client_id: "signet-web",
  roles: ["Admin"],
  iss: "signet",
  aud: "signet",
  oid: "o1",
  o: "Demo",
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
  exp: 2,
  iat: 1,
  jti: "t1",
};
const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

describe("splitToken", () => {
  it.each([["a.b"], ["a.b.c.d"], [""], ["abc"]])("refuses %j as not a JWT", (token) => {
    expect(() => splitToken(token)).toThrow(MESSAGES.notAJwt);
  });
  it("accepts three parts", () => {
    expect(splitToken("h.p.s")).toEqual({ header: "h", payload: "p", signature: "s" });
  });
});

describe("decodeBase64Url", () => {
  it.each([["ab+c"], ["ab/c"], ["a"], ["ab=="], ["é"]])("refuses %j", (segment) => {
    expect(() => decodeBase64Url(segment)).toThrow(new TokenFormatError(MESSAGES.illegalBase64Url));
  });
  it("decodes url-safe alphabet without padding", () => {
    expect(decodeBase64Url(encode({ a: "??>" }))).toBe('{"a":"??>"}');
  });
});

describe("readTokenClaims", () => {
  it("reads the claims of a three-part token", () => {
    expect(readTokenClaims(`h.${encode(claims)}.s`).uid).toBe("u1");
  });
  it("refuses a payload that is not base64url", () => {
    expect(() => readTokenClaims("h.%%%.s")).toThrow(MESSAGES.illegalBase64Url);
  });
  it("refuses a payload without the logged-in user claims", () => {
    expect(() => readTokenClaims(`h.${encode({ uid: "u1" })}.s`)).toThrow(MESSAGES.payloadCookieMissing);
  });
});

describe("readTokenClaims's check written by hand", () => {
  // each field given a wrong value, each optional one given and left out, and a few whole-object misses
  const cases: unknown[] = [
    claims,
    { ...claims, extra: 1 },
    { ...claims, aud: ["a", "b"] },
    { ...claims, aud: ["a", 1] },
    { ...claims, oid: null, o: null },
    { ...claims, exp: 1.5 },
    { ...claims, iat: Number.MAX_SAFE_INTEGER + 2 },
    { ...claims, scope: "read", secret_id: "s", idp: "i", amr: ["pwd", "otp"] },
    { ...claims, scope: undefined },
    { ...claims, amr: "pwd" },
    ...Object.keys(claims).flatMap((key) => [
      { ...claims, [key]: 7 },
      { ...claims, [key]: undefined },
      Object.fromEntries(Object.entries(claims).filter(([name]) => name !== key)),
    ]),
    ...["scope", "secret_id", "idp", "amr"].map((key) => ({ ...claims, [key]: null })),
    null,
    [],
    "claims",
  ];

  it.each(cases)("judges %j as tokenClaimsSchema does", (value) => {
    const read = () => readTokenClaims(`h.${encode(value)}.s`);
    // JSON drops undefined fields: the schema judges what the token carries
    const expected = tokenClaimsSchema.safeParse(JSON.parse(JSON.stringify(value)));
    if (expected.success) expect(read()).toStrictEqual(expected.data);
    else expect(read).toThrow(MESSAGES.payloadCookieMissing);
  });
});

describe("readPayloadCookieClaims", () => {
  it("reads the two-part payload cookie", () => {
    expect(readPayloadCookieClaims(`h.${encode(claims)}`).email).toBe("ann@example.com");
  });
  it.each([["only-one-part"], ["a.b.c"]])("refuses %j", (cookie) => {
    expect(() => readPayloadCookieClaims(cookie)).toThrow(MESSAGES.notAJwt);
  });
});

describe("mayProceed", () => {
  it.each([
    [["o1"], true, true],
    [["o1"], false, false],
    [[], false, false],
    [["o1", "o2"], false, true],
  ])("orgs %j enabled %s → %s", (orgs, enabled, expected) => {
    expect(mayProceed({ orgs, org_enabled: enabled })).toBe(expected);
  });
});
