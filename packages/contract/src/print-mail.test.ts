import { describe, expect, it } from "vitest";
import type { MailingStatus } from "./mailing-statuses.ts";
import {
  createMailingSchema,
  isMilestoneError,
  type LegDirection,
  MILESTONE_CODES,
  type MilestoneCode,
  mailingStatusAfter,
  mailingStatusRank,
} from "./print-mail.ts";

describe("mailingStatusAfter", () => {
  it.each([
    ["OUTBOUND", "READY", "SUBMITTED"],
    ["OUTBOUND", "PRINTING", "PRINTING"],
    ["OUTBOUND", "MAILED", "MAILED"],
    ["OUTBOUND", "DELIVERED", "DELIVERED"],
    ["OUTBOUND", "RETURNED_TO_SENDER", "RETURNED_TO_SENDER"],
    ["OUTBOUND", "FAILED", "FAILED"],
    // the return leg: the signed papers on their way back are still "delivered to the recipient"
    ["RETURN", "MAILED", "DELIVERED"],
    ["RETURN", "DELIVERED", "RETURNED"],
    ["RETURN", "RETURNED_TO_SENDER", "RETURNED_TO_SENDER"],
  ] as [LegDirection, MilestoneCode, MailingStatus][])("%s %s → %s", (leg, code, status) => {
    expect(mailingStatusAfter(leg, code)).toBe(status);
  });

  it("orders the happy path so a late milestone never moves a mailing back", () => {
    const path: MailingStatus[] = ["QUEUED", "SUBMITTED", "PRINTING", "MAILED", "DELIVERED", "RETURNED"];
    const ranks = path.map(mailingStatusRank);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(mailingStatusRank("RETURNED_TO_SENDER")).toBeGreaterThan(mailingStatusRank("RETURNED"));
  });

  it("counts only returned to sender and failed as exceptions", () => {
    expect(MILESTONE_CODES.filter(isMilestoneError)).toEqual(["RETURNED_TO_SENDER", "FAILED"]);
  });
});

describe("createMailingSchema", () => {
  const address = { name: "Pat Paper", line1: "12 Elm Street", city: "Dayton", state: "oh", postalCode: "45402" };
  it("accepts a US address, upper-casing the state and defaulting the optional lines", () => {
    const parsed = createMailingSchema.parse({ participantId: "11111111-1111-4111-8111-111111111111", address });
    expect(parsed.address).toMatchObject({ state: "OH", company: null, line2: null, country: "US" });
  });
  it("refuses an address without a street or with a bad ZIP code", () => {
    const participantId = "11111111-1111-4111-8111-111111111111";
    expect(createMailingSchema.safeParse({ participantId, address: { ...address, line1: "" } }).success).toBe(false);
    expect(createMailingSchema.safeParse({ participantId, address: { ...address, postalCode: "4540" } }).success).toBe(
      false,
    );
  });
});
