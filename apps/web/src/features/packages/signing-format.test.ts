import {
  ID_VERIFICATION_METHODS,
  PARTICIPANT_SIGNING_STATUSES,
  type PackageVerification,
  type Participant,
} from "@signet/contract";
import { describe, expect, it } from "vitest";
import {
  answersOnFileText,
  canHostInPerson,
  expiresInText,
  ID_VERIFICATION_LABELS,
  idVerificationText,
  SIGNING_STATUS_COLORS,
  SIGNING_STATUS_LABELS,
  sealedArtifactLabel,
  shortHash,
  signingStatusText,
  turnOf,
  verificationRows,
} from "./signing-format.ts";

const artifact = {
  id: "a1",
  kind: "DOCUMENT" as const,
  name: "Note",
  documentId: "d1",
  sha256Before: "0".repeat(64),
  sha256: "1".repeat(64),
  sizeBytes: 10,
  sealedAt: "2026-01-01T00:00:00.000Z",
  timestamped: true,
  padesLevel: "B-T" as const,
  lastTimestampAt: null,
  lastTimestampTsa: null,
  certificateSubject: "CN=Signet",
};

describe("signing format", () => {
  it("names and colours every signing status and verification method", () => {
    for (const status of PARTICIPANT_SIGNING_STATUSES) {
      expect(SIGNING_STATUS_LABELS[status]).toBeTruthy();
      expect(SIGNING_STATUS_COLORS[status]).toBeTruthy();
    }
    for (const method of ID_VERIFICATION_METHODS) expect(ID_VERIFICATION_LABELS[method]).toBeTruthy();
  });

  it("shows when a participant finished", () => {
    expect(signingStatusText({ signingStatus: "INVITED", finishedAt: null })).toBe("Invited");
    expect(signingStatusText({ signingStatus: "CONSENT_WITHDRAWN", finishedAt: null })).toBe("Consent withdrawn");
    expect(signingStatusText({ signingStatus: "FINISHED", finishedAt: "2026-01-02T15:04:00.000Z" })).toMatch(
      /^Finished · Jan 2, 2026, /,
    );
    expect(signingStatusText({ signingStatus: "FINISHED", finishedAt: null })).toBe("Finished");
  });

  it("says which knowledge answers are on file, never the answers", () => {
    expect(idVerificationText({ idVerification: "NONE", kbaQuestions: [] })).toBe("None");
    expect(idVerificationText({ idVerification: "SMS_CODE", kbaQuestions: [] })).toBe("Text message code");
    expect(idVerificationText({ idVerification: "KBA", kbaQuestions: ["dateOfBirth", "ssnLast4"] })).toBe(
      "Knowledge questions (date of birth, SSN last four)",
    );
    expect(idVerificationText({ idVerification: "KBA", kbaQuestions: [] })).toBe(
      "Knowledge questions (no answers on file)",
    );
    expect(answersOnFileText([])).toBeNull();
    expect(answersOnFileText(["postalCode"])).toBe("Answers on file for: ZIP code");
  });

  it("shortens hashes and counts down expiries", () => {
    expect(shortHash("abcdef0123456789")).toBe("abcdef012345…");
    expect(shortHash(null)).toBe("—");
    const now = new Date("2026-01-01T10:00:00.000Z");
    expect(expiresInText("2026-01-01T10:30:00.000Z", now)).toBe("expires in 30 minutes");
    expect(expiresInText("2026-01-01T11:00:00.000Z", now)).toBe("expires in 1 hour");
    expect(expiresInText("2026-01-01T09:00:00.000Z", now)).toBe("expired");
  });

  it("lists every verification check", () => {
    const verification: PackageVerification = {
      chain: { valid: false, events: 12, brokenAt: 7 },
      documents: [
        {
          id: "d1",
          name: "Note",
          sha256: "0",
          originalIntact: true,
          sha256AtSend: "0",
          unchangedSinceSend: true,
          problems: [],
        },
        {
          id: "d2",
          name: "Rider",
          sha256: "1",
          originalIntact: true,
          sha256AtSend: "2",
          unchangedSinceSend: false,
          problems: ["changed after sending"],
        },
        {
          id: "d3",
          name: "Draft",
          sha256: "3",
          originalIntact: true,
          sha256AtSend: null,
          unchangedSinceSend: null,
          problems: [],
        },
      ],
      artifacts: [
        { ...artifact, intact: true, signatureValid: false },
        { ...artifact, id: "c1", kind: "CERTIFICATE", name: "certificate.pdf", intact: false, signatureValid: true },
      ],
      sealedAt: "2026-01-01T00:00:00.000Z",
      valid: false,
    };
    expect(verificationRows(verification)).toEqual([
      { key: "chain", label: "Audit trail (12 events)", results: [{ ok: false, text: "Chain broken at #7" }] },
      {
        key: "document-d1",
        label: "Original: Note",
        results: [
          { ok: true, text: "Original intact" },
          { ok: true, text: "Same as sent" },
        ],
      },
      {
        key: "document-d2",
        label: "Original: Rider",
        results: [
          { ok: true, text: "Original intact" },
          { ok: false, text: "Changed after sending" },
        ],
      },
      { key: "document-d3", label: "Original: Draft", results: [{ ok: true, text: "Original intact" }] },
      {
        key: "artifact-a1",
        label: "Sealed: Note",
        results: [
          { ok: true, text: "File intact" },
          { ok: false, text: "Signature invalid" },
        ],
      },
      {
        key: "artifact-c1",
        label: "Sealed: Certificate of completion",
        results: [
          { ok: false, text: "File changed" },
          { ok: true, text: "Signature valid" },
        ],
      },
    ]);
    expect(sealedArtifactLabel({ kind: "CERTIFICATE", name: "x.pdf" })).toBe("Certificate of completion");
  });
});

describe("in-person hosting only on the participant's turn (issue 34)", () => {
  const person = (
    id: string,
    orderSequence: number,
    signingStatus: Participant["signingStatus"],
    extra: Partial<Participant> = {},
  ) => ({ id, orderSequence, signingStatus, role: "SIGNER", witnessForParticipantId: null, ...extra }) as Participant;
  const pkg = { status: "AVAILABLE_TO_SIGNERS", canManage: true } as const;

  it("hides the button for an invited participant of a later step, shows it for the open step", () => {
    const people = [person("a", 1, "OPENED"), person("b", 2, "INVITED")];
    const turn = turnOf("PARTICIPANT", people, ["E_SIGN"]);
    expect(canHostInPerson(pkg, people[0]!, turn)).toBe(true);
    expect(canHostInPerson(pkg, people[1]!, turn)).toBe(false);
    // everyone signs at once: both may be hosted
    const parallel = turnOf("PARALLEL", people, ["E_SIGN"]);
    expect(canHostInPerson(pkg, people[1]!, parallel)).toBe(true);
  });

  it("holds a witness back until their signer finished, then offers them", () => {
    const before = [person("s", 1, "INVITED"), person("w", 1, "OPENED", { witnessForParticipantId: "s" })];
    expect(canHostInPerson(pkg, before[1]!, turnOf("PARALLEL", before, ["E_SIGN"]))).toBe(false);
    const after = [person("s", 1, "FINISHED"), before[1]!];
    expect(canHostInPerson(pkg, after[1]!, turnOf("PARALLEL", after, ["E_SIGN"]))).toBe(true);
  });

  it("does not offer it when the package is not out or the member may not manage it", () => {
    const people = [person("a", 1, "INVITED")];
    const turn = turnOf("PARALLEL", people, ["E_SIGN"]);
    expect(canHostInPerson({ ...pkg, canManage: false }, people[0]!, turn)).toBe(false);
    expect(canHostInPerson({ status: "DRAFT", canManage: true } as never, people[0]!, turn)).toBe(false);
  });
});
