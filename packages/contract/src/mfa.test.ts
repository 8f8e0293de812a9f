import { describe, expect, it } from "vitest";
import { amrAssertsSecondFactor, mfaChallengeAnswerSchema, mfaCodeSchema, mfaPhoneNumberSchema } from "./mfa.ts";
import { securitySettingsFromRows } from "./security-settings.ts";

describe("amrAssertsSecondFactor (RFC 8176)", () => {
  it.each([
    [["mfa"], true],
    [["pwd", "mfa"], true],
    [["pwd", "otp"], true],
    [["pwd", "hwk"], true],
    [["pwd", "sms"], true],
    [["otp", "fpt"], true],
    [["pin", "sc"], true],
    [["pwd"], false],
    [["otp"], false],
    [["sms", "otp"], false],
    [["pwd", "kba"], false],
    [[], false],
    [undefined, false],
    ["mfa", false],
    [[1, "mfa"], false],
    [null, false],
  ])("%j → %s", (amr, expected) => {
    expect(amrAssertsSecondFactor(amr)).toBe(expected);
  });
});

describe("MFA request schemas", () => {
  it("takes a 6-digit code with spaces, refuses anything else", () => {
    expect(mfaCodeSchema.parse({ code: " 123 456 " })).toEqual({ code: "123456" });
    for (const bad of ["12345", "1234567", "abcdef", ""])
      expect(mfaCodeSchema.safeParse({ code: bad }).success).toBe(false);
  });

  it("stores a phone as ten digits", () => {
    expect(mfaPhoneNumberSchema.parse({ phoneNumber: "(212) 555-0100" })).toEqual({ phoneNumber: "2125550100" });
    expect(mfaPhoneNumberSchema.safeParse({ phoneNumber: "555-0100" }).success).toBe(false);
  });

  it("needs a method the sign-in knows", () => {
    const token = "x".repeat(43);
    expect(mfaChallengeAnswerSchema.safeParse({ mfa_token: token, method: "email", code: "1" }).success).toBe(false);
    expect(
      mfaChallengeAnswerSchema.safeParse({ mfa_token: token, method: "recovery_code", code: "abcd-efgh" }).success,
    ).toBe(true);
  });
});

describe("securitySettingsFromRows", () => {
  it.each([
    [[], false],
    [[{ key: "mfa_required", value: "true" }], true],
    [[{ key: "mfa_required", value: "false" }], false],
    [[{ key: "mfa_required", value: "yes" }], false],
    [[{ key: "timezone", value: "true" }], false],
  ])("%j → mfa_required %s", (rows, expected) => {
    expect(securitySettingsFromRows(rows).mfa_required).toBe(expected);
  });
});
