import { describe, expect, it } from "vitest";
import { signInCheck } from "./sign-in-form.ts";

describe("sign-in form", () => {
  it("hands over the trimmed email and the password as typed", () => {
    expect(signInCheck({ username: "  ana@example.com ", password: " secret " })).toEqual({
      data: { username: "ana@example.com", password: " secret " },
    });
  });

  it.each([
    [
      { username: "", password: "" },
      { username: "Enter your email address.", password: "Enter your password." },
    ],
    [{ username: "   ", password: "x" }, { username: "Enter your email address." }],
    [{ username: "ana@example.com", password: "" }, { password: "Enter your password." }],
  ])("shows one message per wrong field (%o)", (values, errors) => {
    expect(signInCheck(values)).toEqual({ errors });
  });

  it("keeps the contract's limits (254 characters of email)", () => {
    const result = signInCheck({ username: `${"a".repeat(250)}@x.io`, password: "x" });
    expect("errors" in result && result.errors.username).toMatch(/254/);
    expect("errors" in result && result.errors.password).toBeUndefined();
  });
});
