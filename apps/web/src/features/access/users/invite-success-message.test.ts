import { describe, expect, it } from "vitest";
import { inviteSuccessMessage } from "./invite-success-message.ts";

describe("inviteSuccessMessage", () => {
  it.each([
    ["INVITED", null, [], "Invitation sent to a@b.com. Next, add this user to groups."],
    ["INVITED", "Branch", [], "Invitation sent to a@b.com. They will join Branch."],
    ["INVITED", "Branch", ["Loan officer"], "Invitation sent to a@b.com. They will join Branch as Loan officer."],
    [
      "INVITED",
      "Branch",
      ["Closer", "Processor", "Viewer"],
      "Invitation sent to a@b.com. They will join Branch as Closer, Processor and Viewer.",
    ],
    [
      "MEMBERSHIP_REQUESTED",
      null,
      [],
      "a@b.com already has an account: we asked them to join. They become a member once they accept.",
    ],
    [
      "MEMBERSHIP_REQUESTED",
      "Branch",
      ["Closer"],
      "a@b.com already has an account: we asked them to join. Once they accept, they join Branch as Closer.",
    ],
  ] as const)("%s, group %s, roles %j → %s", (outcome, group, roles, expected) => {
    expect(inviteSuccessMessage(outcome, "a@b.com", group, roles)).toBe(expected);
  });
});
