import { MESSAGES } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { changePasswordFormSchema, newPasswordFormSchema } from "./password-forms.ts";

const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? null : { path: result.error!.issues[0]!.path.join("."), message: result.error!.issues[0]!.message };

describe("changePasswordFormSchema", () => {
  it.each([
    [{ currentPassword: "old", newPassword: "Str0ngPassword", confirmPassword: "Str0ngPassword" }, null],
    [
      { currentPassword: "old", newPassword: "Str0ngPassword", confirmPassword: "Str0ngPasswordX" },
      { path: "confirmPassword", message: MESSAGES.passwordsDoNotMatch },
    ],
    [
      { currentPassword: "old", newPassword: "short", confirmPassword: "short" },
      { path: "newPassword", message: MESSAGES.passwordPolicy },
    ],
    [
      { currentPassword: "", newPassword: "Str0ngPassword", confirmPassword: "Str0ngPassword" },
      { path: "currentPassword", message: "Enter your current password." },
    ],
  ])("%j", (values, expected) => {
    expect(firstIssue(changePasswordFormSchema.safeParse(values))).toEqual(expected);
  });
});

describe("newPasswordFormSchema", () => {
  it.each([
    [{ password: "Str0ngPassword", confirmPassword: "Str0ngPassword" }, null],
    [
      { password: "alllowercase12", confirmPassword: "alllowercase12" },
      { path: "password", message: MESSAGES.passwordPolicy },
    ],
    [
      { password: "Str0ngPassword", confirmPassword: "" },
      { path: "confirmPassword", message: MESSAGES.passwordsDoNotMatch },
    ],
  ])("%j", (values, expected) => {
    expect(firstIssue(newPasswordFormSchema.safeParse(values))).toEqual(expected);
  });
});
