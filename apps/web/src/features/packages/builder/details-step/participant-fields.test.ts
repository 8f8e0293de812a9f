import { PARTICIPANT_MESSAGES } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { PARTICIPANT_FIELD_MESSAGES as M, participantFieldProblems } from "./participant-fields.ts";

const base = { type: "Borrower", email: "ann@example.com", phoneNumber: "", accessMethod: "EMAIL" as const };

describe("participant field problems", () => {
  it.each([
    [{}, {}],
    [{ type: "  " }, { type: M.typeRequired }],
    [{ email: "ann@" }, { email: M.emailInvalid }],
    [{ email: "not an email" }, { email: M.emailInvalid }],
    [{ email: " Ann@Example.COM " }, {}],
    [{ email: "" }, { email: PARTICIPANT_MESSAGES.emailRequired }],
    [{ email: "", accessMethod: "API" }, {}],
    [{ phoneNumber: "12345" }, { phoneNumber: M.phoneInvalid }],
    [{ phoneNumber: "(123) 456-7890" }, {}],
    [{ accessMethod: "SMS" }, { phoneNumber: PARTICIPANT_MESSAGES.phoneRequired }],
    [{ accessMethod: "SMS", phoneNumber: "123" }, { phoneNumber: M.phoneInvalid }],
  ] as const)("%o → %o", (change, problems) => {
    expect(participantFieldProblems({ ...base, ...change })).toEqual(problems);
  });

  it("a template's slot needs no contact, but what is typed must still be well formed", () => {
    const slot = { contactOptional: true };
    expect(participantFieldProblems({ ...base, email: "" }, slot)).toEqual({});
    expect(participantFieldProblems({ ...base, accessMethod: "SMS" }, slot)).toEqual({});
    expect(participantFieldProblems({ ...base, email: "ann@" }, slot)).toEqual({ email: M.emailInvalid });
  });
});
