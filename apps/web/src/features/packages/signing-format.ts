import {
  type ExecutionType,
  type IdVerificationMethod,
  isTurnOf,
  type KbaQuestion,
  type Package,
  type PackageVerification,
  type Participant,
  type ParticipantSigningStatus,
  type SigningParticipant,
} from "@signet/contract";
import { formatDateTime } from "../access/format.ts";

// How signing reads in the web app: a participant's signing status and ID verification, KBA
// questions, hashes and the verification verdict.

export const SIGNING_STATUS_LABELS: Record<ParticipantSigningStatus, string> = {
  WAITING: "Waiting",
  INVITED: "Invited",
  OPENED: "Opened",
  FINISHED: "Finished",
  DECLINED: "Declined",
  CONSENT_WITHDRAWN: "Consent withdrawn",
  DELEGATED: "Handed to someone else",
};

export const SIGNING_STATUS_COLORS: Record<ParticipantSigningStatus, string> = {
  WAITING: "gray",
  INVITED: "blue",
  OPENED: "indigo",
  FINISHED: "teal",
  DECLINED: "red",
  CONSENT_WITHDRAWN: "orange",
  DELEGATED: "grape",
};

export const ID_VERIFICATION_LABELS: Record<IdVerificationMethod, string> = {
  NONE: "None",
  SMS_CODE: "Text message code",
  KBA: "Knowledge questions",
  EMAIL_CODE: "Email code",
};

export const KBA_QUESTION_LABELS: Record<KbaQuestion, string> = {
  dateOfBirth: "date of birth",
  postalCode: "ZIP code",
  ssnLast4: "SSN last four",
};

/** The signing status badge's text: 'Finished · Nov 22, 2025, 3:04 PM' once finished, else the status. */
export function signingStatusText(participant: {
  signingStatus: ParticipantSigningStatus;
  finishedAt: string | null;
}): string {
  const label = SIGNING_STATUS_LABELS[participant.signingStatus];
  if (participant.signingStatus === "FINISHED" && participant.finishedAt) {
    return `${label} · ${formatDateTime(participant.finishedAt)}`;
  }
  return label;
}

/** The ID verification column: the method, and for KBA which questions have answers on file. */
export function idVerificationText(participant: {
  idVerification: IdVerificationMethod;
  kbaQuestions: readonly KbaQuestion[];
}): string {
  const label = ID_VERIFICATION_LABELS[participant.idVerification];
  if (participant.idVerification !== "KBA") return label;
  if (participant.kbaQuestions.length === 0) return `${label} (no answers on file)`;
  return `${label} (${participant.kbaQuestions.map((question) => KBA_QUESTION_LABELS[question]).join(", ")})`;
}

/** 'answers on file for: date of birth, ZIP code', or null when none are. */
export function answersOnFileText(questions: readonly KbaQuestion[]): string | null {
  if (questions.length === 0) return null;
  return `Answers on file for: ${questions.map((question) => KBA_QUESTION_LABELS[question]).join(", ")}`;
}

/** The first 12 hex digits of a SHA-256, for tables (the full value goes in a title). */
export function shortHash(hash: string | null | undefined): string {
  if (!hash) return "—";
  return hash.length > 12 ? `${hash.slice(0, 12)}…` : hash;
}

/** The hours and minutes left until `expiresAt` as words ('expires in 29 minutes'), or 'expired'. */
export function expiresInText(expiresAt: string, now: Date = new Date()): string {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (Number.isNaN(ms)) return "";
  if (ms <= 0) return "expired";
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "expires in less than a minute";
  if (minutes < 60) return `expires in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  return `expires in ${hours} hour${hours === 1 ? "" : "s"}`;
}

/** The name a sealed file is listed under: the document's, or 'Certificate of completion'. */
export function sealedArtifactLabel(artifact: { kind: "DOCUMENT" | "CERTIFICATE"; name: string }): string {
  return artifact.kind === "CERTIFICATE" ? "Certificate of completion" : artifact.name;
}

export interface VerificationRow {
  key: string;
  label: string;
  results: { ok: boolean; text: string }[];
}

/** The verification's checks as table rows: the audit chain, each original, each sealed file. */
export function verificationRows(verification: PackageVerification): VerificationRow[] {
  const { chain } = verification;
  const rows: VerificationRow[] = [
    {
      key: "chain",
      label: `Audit trail (${chain.events} event${chain.events === 1 ? "" : "s"})`,
      results: [
        chain.valid
          ? { ok: true, text: "Chain valid" }
          : { ok: false, text: chain.brokenAt === null ? "Chain broken" : `Chain broken at #${chain.brokenAt}` },
      ],
    },
  ];
  for (const document of verification.documents) {
    rows.push({
      key: `document-${document.id}`,
      label: `Original: ${document.name}`,
      results: [
        document.originalIntact ? { ok: true, text: "Original intact" } : { ok: false, text: "Original changed" },
        ...(document.unchangedSinceSend === null
          ? []
          : [
              document.unchangedSinceSend
                ? { ok: true, text: "Same as sent" }
                : { ok: false, text: "Changed after sending" },
            ]),
      ],
    });
  }
  for (const artifact of verification.artifacts) {
    rows.push({
      key: `artifact-${artifact.id}`,
      label: `Sealed: ${sealedArtifactLabel(artifact)}`,
      results: [
        artifact.intact ? { ok: true, text: "File intact" } : { ok: false, text: "File changed" },
        artifact.signatureValid ? { ok: true, text: "Signature valid" } : { ok: false, text: "Signature invalid" },
      ],
    });
  }
  return rows;
}

/**
 * Issue 34 §2a 'Host in-person signing': for a participant who can sign now (the package is out, they
 * are invited and not finished), shown to members who may manage the package.
 */
export function canHostInPerson(
  pkg: Pick<Package, "status" | "canManage">,
  participant: Pick<Participant, "id" | "signingStatus">,
  turn: (participantId: string) => boolean,
): boolean {
  return (
    pkg.status === "AVAILABLE_TO_SIGNERS" &&
    pkg.canManage &&
    (participant.signingStatus === "INVITED" || participant.signingStatus === "OPENED") &&
    // the server answers 409 to anyone whose turn has not come (a later step, a witness before their signer)
    turn(participant.id)
  );
}

/**
 * Whose turn it is, by the same rule the server uses (isTurnOf). The page knows each document's
 * execution type but not per-participant overrides, so every participant but a copy recipient is taken
 * to do what the documents say; with no documents listed yet everyone counts as due.
 */
export function turnOf(
  signingOrder: Package["signingOrder"],
  participants: readonly Participant[],
  documentTypes: readonly ExecutionType[] | undefined,
): (participantId: string) => boolean {
  if (!documentTypes) return () => true;
  const signing: SigningParticipant[] = participants.map((participant) => ({
    id: participant.id,
    orderSequence: participant.orderSequence,
    status: participant.signingStatus,
    copyOnly: participant.role === "COPY",
    witnessFor: participant.witnessForParticipantId,
    executionTypes: participant.role === "COPY" ? [] : documentTypes,
  }));
  return (participantId) => isTurnOf(signingOrder, signing, participantId);
}
