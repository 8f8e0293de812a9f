import { INVITATION_MESSAGES } from "@signet/contract";
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
    ["MEMBERSHIP_ADDED", null, [], INVITATION_MESSAGES.userAdded],
    ["MEMBERSHIP_ADDED", "Branch", ["Closer"], "User added to Branch as Closer."],
    ["MEMBERSHIP_ADDED", "Branch", [], "User added to Branch. Next, assign roles."],
  ] as const)("%s, group %s, roles %j → %s", (outcome, group, roles, expected) => {
    expect(inviteSuccessMessage(outcome, "a@b.com", group, roles)).toBe(expected);
  });
});
