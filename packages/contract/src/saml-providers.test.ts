import { describe, expect, it } from "vitest";
import { certificateExpiry, samlAssertsMultiFactor, samlUrlProblem } from "./saml-providers.ts";

const AC = "urn:oasis:names:tc:SAML:2.0:ac:classes:";

describe("samlAssertsMultiFactor", () => {
  it.each([
    [[`${AC}MobileTwoFactorContract`], true],
    [[`${AC}TimeSyncToken`], true],
    [[`${AC}Smartcard`], true],
    [[`${AC}SmartcardPKI`], true],
    [[`${AC}X509`], true],
    [["https://refeds.org/profile/mfa"], true],
    [[`${AC}PasswordProtectedTransport`, " https://refeds.org/profile/mfa "], true],
    [[`${AC}PasswordProtectedTransport`], false],
    [[`${AC}Password`], false],
    [[`${AC}unspecified`], false],
    [["https://refeds.org/profile/sfa"], false],
    [[], false],
    [["urn:oasis:names:tc:SAML:2.0:ac:classes:x509"], false],
  ])("%j → %s", (refs, expected) => {
    expect(samlAssertsMultiFactor(refs)).toBe(expected);
  });
});

describe("certificateExpiry", () => {
  const now = new Date("2026-11-24T00:00:00Z");
  it.each([
    ["2026-11-23T23:59:59Z", "expired"],
    ["2026-11-24T00:00:00Z", "expired"],
    ["2026-12-20T00:00:00Z", "expiring"],
    ["2026-12-24T00:00:00Z", "expiring"],
    ["2026-12-25T00:00:01Z", "valid"],
    ["2030-01-01T00:00:00Z", "valid"],
  ])("%s → %s", (validTo, expected) => {
    expect(certificateExpiry(validTo, now)).toBe(expected);
  });
});

describe("samlUrlProblem", () => {
  it.each([
    ["https://idp.example.com/sso", null],
    ["http://127.0.0.1:4000/sso", null],
    ["http://localhost/sso", null],
    ["http://idp.example.com/sso", "The single sign-on URL must be an https:// address (http:// only on this machine)"],
    ["idp.example.com", "Enter a full address, e.g. https://idp.example.com/sso"],
  ])("%s", (url, expected) => {
    expect(samlUrlProblem(url)).toBe(expected);
  });
});
