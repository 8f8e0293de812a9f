import { sessionRoutes, WEB_CLIENT_ID } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { signInCheck } from "./sign-in-form.ts";

// the contract's sign-in body (its password branch): the limits and texts the form's check copies
const contractBody = sessionRoutes.token.body.options[0];
const contractMessages = (username: string, password: string) => {
  const result = contractBody.safeParse({ grant_type: "password", client_id: WEB_CLIENT_ID, username, password });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

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

  it.each([
    ["a".repeat(254), "p".repeat(256)],
    ["a".repeat(255), "p".repeat(256)],
    ["a".repeat(254), "p".repeat(257)],
    ["a".repeat(300), "p".repeat(300)],
  ])("refuses what the contract refuses, with its texts (%#)", (username, password) => {
    const result = signInCheck({ username, password });
    expect("errors" in result ? result.errors : {}).toEqual(contractMessages(username, password));
  });
});
