import { describe, expect, it } from "vitest";
import {
  type ContactSummary,
  contactSummary,
  DEFAULT_PARTICIPANT_TYPES,
  MAX_PARTICIPANTS_PER_TYPE,
  missingContact,
  nextRoleNumber,
  nextRoleNumberForType,
  PARTICIPANT_ACCESS_METHODS,
  PARTICIPANT_MESSAGES,
  PARTICIPANT_ROLES,
  type ParticipantAccessMethod,
  participantAccessMethodSchema,
  participantContact,
  participantDisplayName,
  participantExecutionType,
  participantInitials,
  participantTypeKey,
  sessionHost,
  suggestParticipantType,
} from "./participant-rules.ts";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("constants", () => {
  it("has the three access methods, 99 per type, and distinct default types", () => {
    expect([...PARTICIPANT_ACCESS_METHODS]).toEqual(["EMAIL", "SMS", "API"]);
    expect(MAX_PARTICIPANTS_PER_TYPE).toBe(99);
    expect(new Set(DEFAULT_PARTICIPANT_TYPES.map(participantTypeKey)).size).toBe(DEFAULT_PARTICIPANT_TYPES.length);
    expect(DEFAULT_PARTICIPANT_TYPES).toContain("Borrower");
  });
  it.each([
    ["EMAIL", true],
    ["SMS", true],
    ["API", true],
    ["email", false],
    ["PHONE", false],
  ])("participantAccessMethodSchema(%s) → valid %s", (value, valid) => {
    expect(participantAccessMethodSchema.safeParse(value).success).toBe(valid);
  });
});

describe("nextRoleNumber (spec §5: lowest unused 1–99, -1 when none is free)", () => {
  const cases: [string, number[], number][] = [
    ["none used", [], 1],
    ["1 used", [1], 2],
    ["a gap", [1, 2, 4], 3],
    ["unordered with a gap at 1", [3, 2], 1],
    ["duplicates", [1, 1, 2, 2], 3],
    ["out-of-range numbers ignored", [0, -1, 100, 1], 2],
    ["1–98 used", range(1, 98), 99],
    ["all 99 used", range(1, 99), -1],
    ["all 99 used in reverse with extras", [...range(1, 99).reverse(), 100, 150], -1],
    ["all but 50", range(1, 99).filter((n) => n !== 50), 50],
  ];
  it.each(cases)("%s → %s", (_, used, expected) => {
    expect(nextRoleNumber(used)).toBe(expected);
  });
});

describe("nextRoleNumberForType (per type, case-insensitive)", () => {
  const participants = [
    { type: "Borrower", roleNumber: 1 },
    { type: "BORROWER", roleNumber: 2 },
    { type: "Seller", roleNumber: 1 },
    { type: "Loan  Officer", roleNumber: null },
  ];
  const cases: [string, number][] = [
    ["borrower", 3],
    [" Borrower ", 3],
    ["Seller", 2],
    ["Loan Officer", 1],
    ["Witness", 1],
  ];
  it.each(cases)("%s → %s", (type, expected) => {
    expect(nextRoleNumberForType(participants, type)).toBe(expected);
  });
  it("gives -1 when the type is full", () => {
    expect(
      nextRoleNumberForType(
        range(1, 99).map((roleNumber) => ({ type: "Borrower", roleNumber })),
        "Borrower",
      ),
    ).toBe(-1);
  });
});

describe("contactSummary (spec §4), every combination of access methods present", () => {
  // Columns: EMAIL, SMS, API, a participant with no access method.
  const cases: [boolean, boolean, boolean, boolean, ContactSummary][] = [
    [false, false, false, false, "NONE"],
    [true, false, false, false, "EMAIL"],
    [true, true, false, false, "EMAIL"],
    [true, false, true, false, "EMAIL"],
    [true, true, true, false, "EMAIL"],
    [true, false, false, true, "EMAIL"],
    [true, true, false, true, "EMAIL"],
    [true, false, true, true, "EMAIL"],
    [true, true, true, true, "EMAIL"],
    [false, true, false, false, "SMS"],
    [false, true, false, true, "SMS"],
    [false, false, true, false, "IN-PERSON"],
    [false, false, true, true, "IN-PERSON"],
    [false, true, true, false, "NO-EMAIL"],
    [false, true, true, true, "NO-EMAIL"],
    [false, false, false, true, "NO-EMAIL"],
  ];
  it.each(cases)("email %s, sms %s, api %s, none %s → %s", (email, sms, api, none, expected) => {
    const methods: (ParticipantAccessMethod | null)[] = [
      ...(email ? (["EMAIL"] as const) : []),
      ...(sms ? (["SMS", "SMS"] as const) : []),
      ...(api ? (["API"] as const) : []),
      ...(none ? [null] : []),
    ];
    expect(contactSummary(methods.map((accessMethod) => ({ accessMethod })))).toBe(expected);
    expect(contactSummary([...methods].reverse().map((accessMethod) => ({ accessMethod })))).toBe(expected);
  });
});

describe("participantDisplayName (spec §3)", () => {
  const cases: [string, number | null, string][] = [
    ["Borrower", 1, "BORROWER 1"],
    ["borrower", 12, "BORROWER 12"],
    ["Co-Borrower", 2, "CO-BORROWER 2"],
    ["  Loan   Officer ", 99, "LOAN OFFICER 99"],
    ["Viewer", null, "VIEWER"],
    ["Viewer", -1, "VIEWER"],
  ];
  it.each(cases)("%s %s → %s", (type, roleNumber, expected) => {
    expect(participantDisplayName({ type, roleNumber })).toBe(expected);
  });
});

describe("participantInitials (spec §3)", () => {
  const cases: [string | null, string | null, string, number | null, string][] = [
    ["Jane", "Doe", "Borrower", 1, "JD"],
    ["jane", "doe", "Borrower", 1, "JD"],
    [" Jane ", " Doe ", "Borrower", 1, "JD"],
    ["Jane", null, "Borrower", 1, "J"],
    [null, "Doe", "Borrower", 1, "D"],
    ["Émile", "Ødegaard", "Seller", 1, "ÉØ"],
    [null, null, "Borrower", 1, "B1"],
    ["", "  ", "Borrower", 2, "B2"],
    [null, null, "Loan Officer", 2, "LO2"],
    [null, null, "Co-Borrower", 1, "CB1"],
    [null, null, "Non-Borrowing Spouse", 3, "NB3"],
    [null, null, "settlement_agent", 10, "SA10"],
    [null, null, "Viewer", null, "V"],
  ];
  it.each(cases)("%s %s (%s %s) → %s", (givenName, familyName, type, roleNumber, expected) => {
    expect(participantInitials({ givenName, familyName, type, roleNumber })).toBe(expected);
  });
});

describe("sessionHost (spec §4)", () => {
  const host = { id: "h", avHost: true };
  const other = { id: "o", avHost: false };
  const unset = { id: "u" };
  const cases: [string, boolean | null | undefined, { id: string; avHost?: boolean }[], string | null][] = [
    ["A/V on with a host", true, [other, host], "h"],
    ["A/V on without a host", true, [other, unset], null],
    ["A/V on, no participants", true, [], null],
    ["A/V off with a host", false, [host], null],
    ["A/V unset with a host", undefined, [host], null],
    ["A/V null with a host", null, [host], null],
  ];
  it.each(cases)("%s → %s", (_, avEsign, participants, expected) => {
    expect(sessionHost({ avEsign }, participants)?.id ?? null).toBe(expected);
  });
});

describe("missingContact and participantContact", () => {
  const cases: [ParticipantAccessMethod | null, string | null, string | null, string | null, string][] = [
    ["EMAIL", "a@b.test", null, null, "a@b.test"],
    ["EMAIL", "  ", "1234567890", PARTICIPANT_MESSAGES.emailRequired, ""],
    ["EMAIL", null, null, PARTICIPANT_MESSAGES.emailRequired, ""],
    ["SMS", null, "1234567890", null, "123-456-7890"],
    ["SMS", "a@b.test", "123456789", PARTICIPANT_MESSAGES.phoneRequired, ""],
    ["SMS", "a@b.test", "123-456-7890", PARTICIPANT_MESSAGES.phoneRequired, ""],
    ["SMS", null, null, PARTICIPANT_MESSAGES.phoneRequired, ""],
    ["API", null, null, null, ""],
    [null, null, null, null, ""],
  ];
  it.each(cases)("%s email %s phone %s → missing %s, shown %s", (accessMethod, email, phone, missing, shown) => {
    expect(missingContact({ accessMethod, email, phone })).toBe(missing);
    expect(participantContact({ accessMethod, email, phone })).toBe(shown);
  });
});

describe("participant role → execution type without an explicit choice", () => {
  it.each([
    ["SIGNER", "E_SIGN", "E_SIGN"],
    ["SIGNER", "PAPER", "PAPER"],
    ["SIGNER", "VIEW_ONLY", "VIEW_ONLY"],
    ["VIEWER", "E_SIGN", "VIEW_ONLY"],
    ["VIEWER", "PAPER", "VIEW_ONLY"],
    ["COPY", "E_SIGN", "VIEW_ONLY"],
    ["PAPER", "E_SIGN", "PAPER"],
    ["PAPER", "VIEW_ONLY", "PAPER"],
  ] as const)("%s on a %s document executes %s", (role, documentType, expected) => {
    expect(participantExecutionType(role, documentType)).toBe(expected);
  });

  it("covers every role", () => {
    expect(PARTICIPANT_ROLES).toEqual(["SIGNER", "VIEWER", "COPY", "PAPER"]);
  });
});

describe("suggestParticipantType (a new participant's type, issue 11 §2)", () => {
  const types = [...DEFAULT_PARTICIPANT_TYPES];
  it("makes the first signer the Borrower, the next the Co-Borrower, then Borrower again", () => {
    expect(suggestParticipantType("SIGNER", [], types)).toBe("Borrower");
    expect(suggestParticipantType("SIGNER", ["borrower"], types)).toBe("Co-Borrower");
    expect(suggestParticipantType("PAPER", ["Borrower", "Co-Borrower"], types)).toBe("Borrower");
  });
  it("makes someone who views or receives a copy a Viewer", () => {
    expect(suggestParticipantType("VIEWER", ["Borrower"], types)).toBe("Viewer");
    expect(suggestParticipantType("COPY", ["Viewer"], types)).toBe("Viewer");
  });
  it("suggests only what the organization offers", () => {
    expect(suggestParticipantType("SIGNER", [], ["Buyer", "Seller"])).toBe("Buyer");
    expect(suggestParticipantType("VIEWER", [], ["Buyer", "co-borrower"])).toBe("Buyer");
    expect(suggestParticipantType("SIGNER", ["Borrower"], ["Borrower", "co-borrower"])).toBe("co-borrower");
    expect(suggestParticipantType("SIGNER", [], [])).toBe("");
  });
});
