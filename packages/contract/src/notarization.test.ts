import { describe, expect, it } from "vitest";
import {
  actAllowed,
  commissionValidOn,
  journalRetentionYears,
  NOTARY_JOURNAL_CSV_COLUMNS,
  type NotaryJournalEntry,
  notarialWording,
  notaryJournalCsv,
  notaryStateRulesSchema,
} from "./notarization.ts";

const wordingInput = {
  state: "VA",
  date: "2026-11-29",
  signers: ["Ada Okafor"],
  notary: "Nora Notary",
  commission: "RON-1",
  expires: "2027-06-30",
};

describe("commissionValidOn", () => {
  it("is valid through the whole expiry day and not a day after", () => {
    expect(commissionValidOn("2026-11-29", new Date("2026-11-29T23:59:59Z"))).toBe(true);
    expect(commissionValidOn("2026-11-29", new Date("2026-11-30T00:00:00Z"))).toBe(false);
    expect(commissionValidOn("2027-01-01", new Date("2026-12-31T12:00:00Z"))).toBe(true);
  });
});

describe("notarialWording", () => {
  it("words an acknowledgment and a jurat differently, with every fact filled in", () => {
    const acknowledgment = notarialWording("ACKNOWLEDGMENT", wordingInput);
    const jurat = notarialWording("JURAT", wordingInput);
    expect(acknowledgment).toBe(
      "State of VA. This record was acknowledged before me on 2026-11-29 by Ada Okafor, who appeared by means of audio-video communication. Nora Notary, Notary Public, commission RON-1, my commission expires 2027-06-30.",
    );
    expect(jurat).toContain("Signed and sworn to (or affirmed) before me on 2026-11-29 by Ada Okafor");
    expect(`${acknowledgment}${jurat}`).not.toMatch(/\{\w+\}/);
  });

  it("names several signers and the county when given", () => {
    const text = notarialWording("JURAT", { ...wordingInput, county: "Henrico", signers: ["A", "B", "C"] });
    expect(text).toContain("State of VA, County of Henrico.");
    expect(text).toContain("by A, B and C,");
  });

  it("takes a state's own template, keeping unknown placeholders visible", () => {
    const text = notarialWording("ACKNOWLEDGMENT", wordingInput, {
      wording: { ACKNOWLEDGMENT: "Acknowledged in {state} by {signers} on {date} ({unknown})." },
    });
    expect(text).toBe("Acknowledged in VA by Ada Okafor on 2026-11-29 ({unknown}).");
    // a state that words only the acknowledgment keeps the default jurat
    expect(notarialWording("JURAT", wordingInput, { wording: { ACKNOWLEDGMENT: "x" } })).toBe(
      notarialWording("JURAT", wordingInput),
    );
  });
});

describe("state rules", () => {
  it("allows every act unless the state limits them", () => {
    expect(actAllowed("JURAT")).toBe(true);
    expect(actAllowed("JURAT", { allowedActs: ["ACKNOWLEDGMENT"] })).toBe(false);
    expect(actAllowed("ACKNOWLEDGMENT", { allowedActs: ["ACKNOWLEDGMENT"] })).toBe(true);
  });

  it("keeps the journal at least the configured years, longer when the state asks", () => {
    expect(journalRetentionYears(10)).toBe(10);
    expect(journalRetentionYears(10, { retentionYears: 5 })).toBe(10);
    expect(journalRetentionYears(10, { retentionYears: 12 })).toBe(12);
  });

  it("validates NOTARY_STATE_RULES", () => {
    expect(notaryStateRulesSchema.safeParse({ VA: { maxFeeCents: 2500, allowedActs: ["JURAT"] } }).success).toBe(true);
    expect(notaryStateRulesSchema.safeParse({ VA: { allowedActs: ["OATH"] } }).success).toBe(false);
    expect(notaryStateRulesSchema.safeParse({ VA: { retentionYears: 0 } }).success).toBe(false);
  });
});

describe("notaryJournalCsv", () => {
  const entry: NotaryJournalEntry = {
    id: "00000000-0000-4000-8000-000000000001",
    notaryProfileId: "00000000-0000-4000-8000-000000000002",
    notaryName: "Nora Notary",
    commissionNumber: "RON-1",
    commissionState: "VA",
    packageId: "00000000-0000-4000-8000-000000000003",
    performedAt: "2026-11-29T10:00:00.000Z",
    actType: "JURAT",
    documentName: 'Deed, "final"',
    documentSha256: "ab".repeat(32),
    signerName: "=HYPERLINK(evil)",
    signerAddress: "12 Elm Street, Richmond VA 23219",
    identityProof: {
      method: "KBA",
      provider: "reference",
      attemptId: "00000000-0000-4000-8000-000000000004",
      outcome: "PASSED",
      credentialCheck: "matched",
      correctAnswers: 5,
      questions: 5,
      answeredAt: null,
    },
    feeCents: 2500,
    recording: { sessionId: "00000000-0000-4000-8000-000000000005", sha256: null },
    retainUntil: "2036-11-29T10:00:00.000Z",
  };

  it("writes a header and one quoted, formula-safe row per entry", () => {
    const lines = notaryJournalCsv([entry]).split("\r\n");
    expect(lines[0]).toBe(NOTARY_JOURNAL_CSV_COLUMNS.join(","));
    expect(lines[1]).toContain('"Deed, ""final"""');
    expect(lines[1]).toContain("'=HYPERLINK(evil)");
    expect(lines[1]).toContain('"12 Elm Street, Richmond VA 23219"');
    expect(lines[2]).toBe("");
  });
});
