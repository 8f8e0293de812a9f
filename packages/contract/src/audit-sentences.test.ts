import { describe, expect, it } from "vitest";
import { auditDetailsText, auditSentence } from "./audit-sentences.ts";

// Every type the core writes has its own sentence: packages/core/src/audit/audit-sentence-coverage.test.ts
// reads the core's source for them.

const ADA = "Ada Okafor (Borrower, ada@example.com)";
const JO = "Jo Lender (jo@bank.example)";
const NOTE = "11111111-1111-4111-8111-111111111111";
const ADA_ID = "22222222-2222-4222-8222-222222222222";
const SEALED = "33333333-3333-4333-8333-333333333333";
const CERT = "44444444-4444-4444-8444-444444444444";
const names = {
  [NOTE]: "Promissory note",
  [ADA_ID]: "Ada Okafor",
  [SEALED]: "the sealed Promissory note",
  [CERT]: "the certificate of completion",
};

// type, who, data → the sentence and the details it leaves out ("label: value" · …)
const CASES: [string, string | null, Record<string, unknown>, string, string][] = [
  [
    "package.signing-step-started",
    null,
    { step: 2, participantIds: [ADA_ID] },
    "Signet opened signing step 2 for Ada Okafor.",
    "",
  ],
  [
    "package.created",
    JO,
    { name: "Okafor refinance" },
    "Jo Lender (jo@bank.example) created the package “Okafor refinance”.",
    "",
  ],
  [
    "package.edeposit-voided",
    null,
    { vaultTransactionId: "tx-41" },
    "Signet had the eVault void its open transaction tx-41 for the cancelled eDeposit: the vault holds no authoritative copy.",
    "",
  ],
  [
    "package.edeposit-void-refused",
    null,
    { vaultTransactionId: "tx-41", reason: "The transaction tx-41 is complete." },
    "Signet could not have the eVault void its transaction tx-41 for the cancelled eDeposit: “The transaction tx-41 is complete.”.",
    "",
  ],
  [
    "package.sent",
    JO,
    { action: "send", from: "STARTED", to: "AVAILABLE_TO_SIGNERS", version: 3 },
    "Jo Lender (jo@bank.example) sent the package for signature: Draft → Out for signature.",
    "Action: send · Version: 3",
  ],
  [
    "package.cancelled",
    JO,
    {
      reason: "Borrower withdrew",
      notify: true,
      notifiedParticipantIds: [ADA_ID],
      from: "AVAILABLE_TO_SIGNERS",
      to: "CANCELLED",
    },
    "Jo Lender (jo@bank.example) cancelled the package (participants notified) (reason: “Borrower withdrew”): Out for signature → Cancelled.",
    "Notified participants: Ada Okafor",
  ],
  [
    "package.completed",
    null,
    { by: "participants", from: "AVAILABLE_TO_SIGNERS", to: "COMPLETED" },
    "Signet completed the package: every participant had finished: Out for signature → Completed.",
    "",
  ],
  [
    "package.sealed",
    null,
    {
      certificateSubject: "Signet Seal",
      certificateFingerprint: "ab12",
      artifacts: [{ id: SEALED, kind: "DOCUMENT", documentId: NOTE, sha256: "ff00" }],
    },
    "Signet sealed the signed documents and the certificate of completion with the certificate of Signet Seal.",
    "Certificate fingerprint (SHA-256): ab12 · Artifacts: (id the sealed Promissory note, kind sealed document, document Promissory note, sha-256 ff00)",
  ],
  [
    "bulk-send.started",
    JO,
    { bulkSendId: "b-1", templateId: "t-1", templateName: "Refinance", fileName: "march.csv", rows: 5, invalidRows: 2 },
    "Jo Lender (jo@bank.example) started a bulk send of 5 row(s) from the package template “Refinance” (file “march.csv”).",
    "Bulk send: b-1 · Template: t-1 · Invalid rows: 2",
  ],
  [
    "participant.invited",
    null,
    { participantId: ADA_ID, channel: "EMAIL", linkId: "l-1" },
    "Signet invited Ada Okafor to sign by email.",
    "Link: l-1",
  ],
  [
    "participant.authenticated",
    ADA,
    { participantId: ADA_ID, sessionId: "s-1", method: "EMAIL_LINK", linkId: "l-1", embedded: false },
    "Ada Okafor (Borrower, ada@example.com) opened the invitation link.",
    "Session: s-1 · Link: l-1 · Embedded: no",
  ],
  [
    "participant.consent-granted",
    ADA,
    {
      participantId: ADA_ID,
      consentVersion: 3,
      consentSha256: "c0ffee",
      scope: "PACKAGE",
      demonstration: "CODE_FROM_CONSENT_PDF",
    },
    "Ada Okafor (Borrower, ada@example.com) consented to do business electronically (consent version 3).",
    "Participant: Ada Okafor · Consent document SHA-256: c0ffee · Scope: PACKAGE · Demonstration: typed the code printed in the consent document",
  ],
  [
    "participant.verification-locked",
    ADA,
    { participantId: ADA_ID, sessionId: "s-1", method: "SMS_CODE", attempt: 3 },
    "Ada Okafor (Borrower, ada@example.com) was locked out after 3 wrong verification attempts.",
    "Participant: Ada Okafor · Session: s-1 · Method: one-time code by text message",
  ],
  [
    "participant.delegated",
    ADA,
    {
      participantId: ADA_ID,
      delegateParticipantId: "99999999-9999-4999-8999-999999999999",
      delegateName: "Carla Diaz",
      reason: "I am abroad",
      delegateVerification: "EMAIL_CODE",
    },
    "Ada Okafor (Borrower, ada@example.com) handed their part to Carla Diaz (reason: “I am abroad”).",
    "Participant: Ada Okafor · Delegate verification: one-time code by email",
  ],
  [
    "participant.verification-code-sent",
    ADA,
    { participantId: ADA_ID, sessionId: "s-1", method: "EMAIL_CODE", count: 1 },
    "Ada Okafor (Borrower, ada@example.com) was sent a one-time verification code by email (code 1).",
    "Participant: Ada Okafor · Session: s-1",
  ],
  [
    "tag.signed",
    ADA,
    { participantId: ADA_ID, tagId: "t-1", documentId: NOTE, tagType: "SIGNATURE" },
    "Ada Okafor (Borrower, ada@example.com) signed Promissory note.",
    "Participant: Ada Okafor · Tag: t-1",
  ],
  [
    "tag.filled",
    ADA,
    { documentId: NOTE, tagType: "DATE_SIGNED" },
    "Ada Okafor (Borrower, ada@example.com) filled in a date signed field on Promissory note.",
    "",
  ],
  [
    "participant.signature-adopted",
    ADA,
    { kind: "INITIALS", method: "DRAWN", imageSha256: "beef" },
    "Ada Okafor (Borrower, ada@example.com) adopted a drawn initials.",
    "Image SHA-256: beef",
  ],
  [
    "document.viewed",
    ADA,
    { documentId: NOTE },
    "Ada Okafor (Borrower, ada@example.com) reviewed Promissory note.",
    "",
  ],
  [
    "participant.finished",
    ADA,
    { participantId: ADA_ID, filledTags: 2 },
    "Ada Okafor (Borrower, ada@example.com) finished signing (2 field(s) filled).",
    "Participant: Ada Okafor",
  ],
  [
    "copy.issued",
    JO,
    { artifactId: CERT, sha256: "aa", zip: true },
    "Jo Lender (jo@bank.example) downloaded the certificate of completion in the zip of all sealed files.",
    "SHA-256: aa",
  ],
  [
    "participant.declined",
    ADA,
    { participantId: ADA_ID, reason: "Wrong amount" },
    "Ada Okafor (Borrower, ada@example.com) declined to sign (reason: “Wrong amount”).",
    "Participant: Ada Okafor",
  ],
  // an id without a known name stays in the details, never lost
  [
    "document.deleted",
    JO,
    { documentId: "unknown-doc" },
    "Jo Lender (jo@bank.example) deleted a document.",
    "Document: unknown-doc",
  ],
  // an unknown type still reads as a sentence, its data as labels
  [
    "loan.boarded",
    null,
    { loanNumber: "L-9", nested: { a: 1 } },
    "Signet: loan boarded.",
    "Loan number: L-9 · Nested: (a 1)",
  ],
  // a person's account belongs to the person (issue 30 §1)
  [
    "user.membership-requested",
    JO,
    { email: "pat@example.com" },
    "Jo Lender (jo@bank.example) asked pat@example.com to join the organization.",
    "",
  ],
  [
    "invitation.declined",
    ADA,
    { via: "email-link" },
    `${ADA} declined an invitation to the organization.`,
    "Via: email-link",
  ],
  [
    "identity-link.created",
    ADA,
    { providerKind: "oidc", provider: "Bank SSO", linkedBy: "email" },
    `${ADA}'s account was linked to the identity provider “Bank SSO” by the emailed link.`,
    "",
  ],
  [
    "identity-link.created",
    ADA,
    { providerKind: "saml", provider: "Bank SAML", linkedBy: "jit" },
    `${ADA}'s account was linked to the SAML provider “Bank SAML” when the provider created the account.`,
    "",
  ],
  [
    "identity-link.created",
    ADA,
    { providerKind: "oidc", provider: "Bank SSO", linkedBy: "password" },
    `${ADA}'s account was linked to the identity provider “Bank SSO” signed in with their own password.`,
    "",
  ],
  [
    "identity-link.removed",
    ADA,
    { providerKind: "oidc", provider: "Bank SSO" },
    `${ADA} unlinked the account from the identity provider “Bank SSO”.`,
    "",
  ],
  [
    "account.own-sign-in-required",
    ADA,
    { change: "authenticator app" },
    `${ADA} was refused a change (authenticator app) to the account's own sign-in methods: the session came through an identity provider.`,
    "",
  ],
];

describe("audit events as sentences", () => {
  it.each(CASES)("%s", (type, actor, data, sentence, details) => {
    const written = auditSentence({ type, actor, data, names });
    expect(written.sentence).toBe(sentence);
    expect(auditDetailsText(written.details)).toBe(details);
  });

  it("keeps every value the sentence does not say (data complete) and never prints JSON", () => {
    for (const [type, actor, data] of CASES) {
      const written = auditSentence({ type, actor, data, names });
      const text = `${written.sentence} ${auditDetailsText(written.details)}`;
      expect(text).not.toMatch(/[{}]|"[a-z]+":/);
      expect(text).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/); // no enum names
    }
  });
});
