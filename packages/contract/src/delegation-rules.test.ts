import { describe, expect, it } from "vitest";
import {
  completionOutcome,
  currentSigningStep,
  delegationRefusal,
  maskEmail,
  mustFinish,
  participantsToInvite,
  type SigningParticipant,
} from "./signing-rules.ts";

// Issue 34 §3: the pure rules of handing a participant's part to a delegate.

const p = (
  id: string,
  orderSequence: number,
  status: SigningParticipant["status"] = "WAITING",
): SigningParticipant => ({ id, orderSequence, status, executionTypes: ["E_SIGN"] });

const allowed = {
  delegationAllowed: true,
  status: "OPENED" as const,
  delegateEmail: "jorge@example.com",
  ownEmail: "maria@example.com",
  otherEmails: ["lender@example.com", null],
};

describe("delegationRefusal", () => {
  it("lets an allowed participant who has not finished hand over to a new person", () => {
    expect(delegationRefusal(allowed)).toBeNull();
  });

  it("refuses when the sender did not allow it (403)", () => {
    expect(delegationRefusal({ ...allowed, delegationAllowed: false })?.code).toBe("FORBIDDEN");
  });

  it.each(["FINISHED", "DECLINED", "CONSENT_WITHDRAWN", "DELEGATED"] as const)("refuses once %s (409)", (status) => {
    expect(delegationRefusal({ ...allowed, status })?.code).toBe("CONFLICT");
  });

  it("refuses the participant's own email and another participant's, whatever the case (400)", () => {
    const own = delegationRefusal({ ...allowed, delegateEmail: " Maria@Example.com " });
    expect(own).toEqual({ code: "BAD_REQUEST", message: expect.stringContaining("yours") });
    const other = delegationRefusal({ ...allowed, delegateEmail: "LENDER@example.com" });
    expect(other).toEqual({ code: "BAD_REQUEST", message: expect.stringContaining("another participant") });
  });
});

describe("a DELEGATED participant", () => {
  it("is not waited for: the delegate in the same step is", () => {
    expect(mustFinish({ executionTypes: ["E_SIGN"], status: "DELEGATED" })).toBe(false);
    const people = [p("first", 1, "FINISHED"), p("original", 2, "DELEGATED"), p("delegate", 2), p("later", 3)];
    expect(currentSigningStep("PARTICIPANT", people)).toBe(2);
    expect(participantsToInvite("PARTICIPANT", people)).toEqual(["delegate"]);
  });

  it("does not hold completion back once the delegate finished", () => {
    const people = [p("original", 1, "DELEGATED"), p("delegate", 1, "FINISHED")];
    expect(completionOutcome({ participants: people, avEsign: false, hasPaperDocuments: false })).toBe("COMPLETED");
    const open = [p("original", 1, "DELEGATED"), p("delegate", 1, "OPENED")];
    expect(completionOutcome({ participants: open, avEsign: false, hasPaperDocuments: false })).toBeNull();
  });
});

describe("maskEmail", () => {
  it.each([
    ["jorge@example.com", "j***@example.com"],
    ["@example.com", null],
    [null, null],
  ] as const)("%s → %s", (email, expected) => {
    expect(maskEmail(email)).toBe(expected);
  });
});
