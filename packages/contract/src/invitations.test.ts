import { describe, expect, it } from "vitest";
import { createUserInvitationSchema, invitationVerifySchema } from "./invitations.ts";

const GROUP = "3f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
const ROLE = "6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d";

describe("createUserInvitationSchema", () => {
  it("lower-cases the email and defaults to no roles", () => {
    expect(
      createUserInvitationSchema.parse({ email: " Ann@Example.COM ", givenName: "Ann", familyName: "Lee" }),
    ).toEqual({ email: "ann@example.com", givenName: "Ann", familyName: "Lee", roleIds: [] });
  });
  it.each([
    [{ email: "not-an-email", givenName: "A", familyName: "B" }, false],
    [{ email: "a@b.co", givenName: "", familyName: "B" }, false],
    [{ email: "a@b.co", givenName: "A", familyName: "B", roleIds: [ROLE] }, false],
    [{ email: "a@b.co", givenName: "A", familyName: "B", groupId: GROUP, roleIds: [ROLE] }, true],
    [{ email: "a@b.co", givenName: "A", familyName: "B", groupId: GROUP }, true],
  ])("%o valid: %s", (body, valid) => {
    expect(createUserInvitationSchema.safeParse(body).success).toBe(valid);
  });
});

describe("invitationVerifySchema", () => {
  const token = "x".repeat(43);
  it.each([
    ["123456", true],
    [" 123456 ", true],
    ["12345", false],
    ["1234567", false],
    ["12345a", false],
  ])("code '%s' valid: %s", (code, valid) => {
    expect(invitationVerifySchema.safeParse({ token, code }).success).toBe(valid);
  });
});
