import { MESSAGES } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { signUpFormSchema, verifyFormSchema } from "./sign-up-form.ts";

const valid = {
  givenName: " Nora ",
  familyName: "Newcomer",
  password: "Strong-Password-1",
  confirmPassword: "Strong-Password-1",
};

describe("sign-up form", () => {
  it("accepts a complete form and trims names", () => {
    const parsed = signUpFormSchema.parse(valid);
    expect(parsed.givenName).toBe("Nora");
  });

  it.each([
    [{ confirmPassword: "Other-Password-1" }, "confirmPassword", MESSAGES.passwordsDoNotMatch],
    [{ password: "short", confirmPassword: "short" }, "password", MESSAGES.passwordPolicy],
    [{ givenName: "  " }, "givenName", "Required"],
  ])("refuses %j at %s", (change, path, message) => {
    const result = signUpFormSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: [path], message }));
  });
});

describe("verification code", () => {
  it.each([
    ["123456", true],
    [" 123456 ", true],
    ["12345", false],
    ["12a456", false],
  ])("%j → %s", (code, ok) => {
    expect(verifyFormSchema.safeParse({ code }).success).toBe(ok);
  });
});
