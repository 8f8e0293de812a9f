import { describe, expect, it } from "vitest";
import { auditSentence } from "./audit-sentences.ts";
import {
  confirmInPersonSchema,
  hostIdStatement,
  idAttestationProblems,
  idCheckedText,
  inPersonCertificateLine,
} from "./in-person.ts";
import { maskEmail } from "./signing-rules.ts";

describe("in-person signing rules (issue 34 §2a)", () => {
  it("masks an email to its first letter and domain", () => {
    expect(maskEmail("ada.okafor@example.com")).toBe("a***@example.com");
    expect(maskEmail("@example.com")).toBeNull();
    expect(maskEmail(null)).toBeNull();
  });

  it("accepts an ID that expires today or later, refuses an expired one and an unnamed OTHER", () => {
    expect(idAttestationProblems({ idType: "PASSPORT", idExpiresOn: "2026-05-01" }, "2026-05-01")).toEqual([]);
    expect(idAttestationProblems({ idType: "PASSPORT", idExpiresOn: "2026-04-30" }, "2026-05-01")).toEqual([
      { path: "idExpiresOn", message: "The ID has expired: check an ID that is still valid." },
    ]);
    expect(
      idAttestationProblems({ idType: "OTHER", idTypeOther: "  ", idExpiresOn: "2030-01-01" }, "2026-05-01"),
    ).toEqual([{ path: "idTypeOther", message: "Say which kind of ID it is." }]);
  });

  it("writes the host's statement and the certificate line for each method", () => {
    expect(hostIdStatement("Dana Reyes")).toBe("I, Dana Reyes, checked this person's ID in person.");
    expect(idCheckedText({ idType: "DRIVERS_LICENSE", idIssuer: "Texas" })).toBe("Driver's licence, Texas");
    expect(idCheckedText({ idType: "OTHER", idTypeOther: "Military ID", idIssuer: "United States" })).toBe(
      "Military ID, United States",
    );
    const base = {
      hostName: "Dana Reyes",
      hostEmail: "dana@bank.test",
      idType: null,
      idTypeOther: null,
      idIssuer: null,
    };
    expect(
      inPersonCertificateLine({
        ...base,
        method: "HOST_ATTESTED_ID",
        codeDestination: null,
        idType: "PASSPORT",
        idIssuer: "Canada",
      }),
    ).toBe("Signed in person, hosted by Dana Reyes (dana@bank.test); identity: ID checked by host (Passport, Canada)");
    expect(inPersonCertificateLine({ ...base, method: "IN_PERSON_CODE_SMS", codeDestination: "***-***-1234" })).toBe(
      "Signed in person, hosted by Dana Reyes (dana@bank.test); identity: one-time code sent to ***-***-1234",
    );
  });

  it("requires the statement ticked and a six-digit code", () => {
    const attestation = {
      method: "HOST_ATTESTED_ID",
      idType: "STATE_ID",
      idIssuer: "Ohio",
      idExpiresOn: "2030-01-01",
      statementConfirmed: true,
    };
    expect(confirmInPersonSchema.safeParse(attestation).success).toBe(true);
    expect(confirmInPersonSchema.safeParse({ ...attestation, statementConfirmed: false }).success).toBe(false);
    expect(confirmInPersonSchema.safeParse({ ...attestation, idExpiresOn: "31/01/2030" }).success).toBe(false);
    expect(confirmInPersonSchema.safeParse({ method: "CODE", code: "12345" }).success).toBe(false);
    expect(confirmInPersonSchema.safeParse({ method: "CODE", code: "123456" }).success).toBe(true);
  });

  it("says in the audit trail who hosted and how identity was confirmed", () => {
    const attested = auditSentence({
      type: "participant.identity-confirmed-in-person",
      actor: "BORROWER 1",
      data: {
        method: "HOST_ATTESTED_ID",
        hostUserId: "u1",
        idType: "DRIVERS_LICENSE",
        idIssuer: "Texas",
        idExpiresOn: "2030-01-01",
        hostStatement: "I, Dana Reyes, checked this person's ID in person.",
      },
      names: { u1: "Dana Reyes" },
    });
    expect(attested.sentence).toBe(
      "BORROWER 1's identity was confirmed in person: Dana Reyes checked their ID (Driver's licence, Texas, expires 2030-01-01) and stated so.",
    );
    const started = auditSentence({
      type: "participant.in-person-started",
      actor: "Dana Reyes (dana@bank.test)",
      data: { participantId: "p1", participantPresent: true },
      names: { p1: "BORROWER 1" },
    });
    expect(started.sentence).toBe(
      "Dana Reyes (dana@bank.test) started in-person signing for BORROWER 1 on their own device, confirming the participant was present.",
    );
    expect(started.details).toEqual([]);
  });
});
