// Pure rules of the signing flow (issue 5, DOMAIN.md §1): whose turn it is, who must finish before
// the package completes, and what completion leads to. The server decides with these; the web
// shows the same answers.
import type { ExecutionType } from "./document-rules.ts";
import type { ParticipantRole } from "./participant-rules.ts";
import type { ParticipantSigningStatus } from "./signing-room.ts";

export interface SigningParticipant {
  id: string;
  orderSequence: number;
  status: ParticipantSigningStatus;
  /** how the participant executes each document of the package */
  executionTypes: readonly ExecutionType[];
  /** receives a copy only (participant role COPY): never invited to act, sent the sealed copies */
  copyOnly?: boolean;
  /** issue 34 §2b: the id of the signer this participant witnesses; null or absent for everyone else */
  witnessFor?: string | null;
}

/**
 * A participant the package waits for: one who signs or reviews anything electronically. One who
 * handed their part to a delegate (DELEGATED) is not waited for: their delegate is, in their step.
 */
export function mustFinish(
  participant: Pick<SigningParticipant, "executionTypes"> & { status?: ParticipantSigningStatus },
): boolean {
  if (participant.status === "DELEGATED") return false;
  return participant.executionTypes.some((type) => type === "E_SIGN" || type === "VIEW_ONLY");
}

/** Statuses from which a participant can no longer hand their part over (issue 34 §3). */
const DELEGATION_CLOSED: readonly ParticipantSigningStatus[] = [
  "FINISHED",
  "DECLINED",
  "CONSENT_WITHDRAWN",
  "DELEGATED",
];

/**
 * Why a participant may not delegate, or null when they may: the sender did not allow it
 * (FORBIDDEN), or they are done already (CONFLICT), or the delegate's email is one the package
 * already reaches (BAD_REQUEST: the delegate must be a different person from everyone in it).
 */
export function delegationRefusal(input: {
  delegationAllowed: boolean;
  status: ParticipantSigningStatus;
  delegateEmail: string;
  ownEmail: string | null;
  otherEmails: readonly (string | null)[];
}): { code: "FORBIDDEN" | "CONFLICT" | "BAD_REQUEST"; message: string } | null {
  if (!input.delegationAllowed) {
    return { code: "FORBIDDEN", message: "The sender did not allow you to hand signing to someone else." };
  }
  if (DELEGATION_CLOSED.includes(input.status)) {
    return { code: "CONFLICT", message: "You can no longer hand this package to someone else." };
  }
  const email = input.delegateEmail.trim().toLowerCase();
  if (input.ownEmail && input.ownEmail.trim().toLowerCase() === email) {
    return { code: "BAD_REQUEST", message: "Enter someone else's email address: this one is yours." };
  }
  if (input.otherEmails.some((other) => other && other.trim().toLowerCase() === email)) {
    return {
      code: "BAD_REQUEST",
      message: "This email belongs to another participant of the package. Enter the delegate's own email address.",
    };
  }
  return null;
}

/**
 * Whether the participant only reviews (issue 11 §2): nothing to fill, nothing to sign on screen or on
 * paper. Decided from what they are asked to do, not from the role alone, so that a signer whose
 * documents are all View Only is spoken to about reviewing too, and a viewer the sender gave an
 * E-Sign document (an explicit per-document choice) is asked to sign it. With no document at all the
 * role decides: a viewer or copy recipient still only reviews.
 */
export function reviewsOnly(input: {
  role: ParticipantRole;
  executionTypes: readonly ExecutionType[];
  /** tags (fields) assigned to the participant */
  tagCount: number;
}): boolean {
  if (input.tagCount > 0) return false;
  if (input.executionTypes.some((type) => type === "E_SIGN" || type === "PAPER")) return false;
  return input.executionTypes.length > 0 || input.role === "VIEWER" || input.role === "COPY";
}

/**
 * Issue 34 §2b: a witness attests a signature already made, so they are held back until the signer
 * they witness has finished, whatever the signing order says. A witnessed signer who has nothing to
 * finish electronically (paper only) holds nobody back, or the witness would wait forever.
 */
export function witnessHeldBack(
  participant: Pick<SigningParticipant, "witnessFor">,
  participants: readonly SigningParticipant[],
): boolean {
  if (!participant.witnessFor) return false;
  const signer = participants.find((candidate) => candidate.id === participant.witnessFor);
  return signer !== undefined && mustFinish(signer) && signer.status !== "FINISHED";
}

/**
 * The signing step now open. PARALLEL: everyone. PARTICIPANT (ordered): the lowest orderSequence
 * among participants who must finish and have not; equal numbers act together. Null when every
 * participant who must finish has finished.
 */
export function currentSigningStep(
  signingOrder: "PARALLEL" | "PARTICIPANT",
  participants: readonly SigningParticipant[],
): number | null {
  const open = participants.filter((participant) => mustFinish(participant) && participant.status !== "FINISHED");
  if (open.length === 0) return null;
  if (signingOrder === "PARALLEL") return Number.POSITIVE_INFINITY;
  // a witness placed before their signer must not hold the signer's step back (they could never start)
  const free = open.filter((participant) => !witnessHeldBack(participant, participants));
  return Math.min(...(free.length > 0 ? free : open).map((participant) => participant.orderSequence));
}

/** Whether the participant may act now (ordered signing holds later participants back). */
export function isTurnOf(
  signingOrder: "PARALLEL" | "PARTICIPANT",
  participants: readonly SigningParticipant[],
  participantId: string,
): boolean {
  const participant = participants.find((candidate) => candidate.id === participantId);
  if (!participant) return false;
  if (witnessHeldBack(participant, participants)) return false;
  const step = currentSigningStep(signingOrder, participants);
  // with nobody left to wait for, a paper-only participant may still read the print instructions
  return step === null || participant.orderSequence <= step;
}

/** Participants whose turn has come and who were not invited yet: invite these now. */
export function participantsToInvite(
  signingOrder: "PARALLEL" | "PARTICIPANT",
  participants: readonly SigningParticipant[],
): string[] {
  return participants
    .filter(
      (participant) =>
        !participant.copyOnly &&
        participant.status === "WAITING" &&
        isTurnOf(signingOrder, participants, participant.id),
    )
    .map((participant) => participant.id);
}

/**
 * Who an ordered participant is waiting for: the open step's participants who have not finished. A
 * witness held back (given as `participantId`) waits for the signer they witness, in either order.
 */
export function waitingFor(
  signingOrder: "PARALLEL" | "PARTICIPANT",
  participants: readonly SigningParticipant[],
  participantId?: string,
): string[] {
  const waiting = participants.find((candidate) => candidate.id === participantId);
  if (waiting?.witnessFor && witnessHeldBack(waiting, participants)) return [waiting.witnessFor];
  const step = currentSigningStep(signingOrder, participants);
  if (step === null || signingOrder === "PARALLEL") return [];
  return participants
    .filter((participant) => participant.orderSequence === step && mustFinish(participant))
    .filter((participant) => participant.status !== "FINISHED")
    .map((participant) => participant.id);
}

/**
 * What the package does once the participants finished (DOMAIN.md §1): COMPLETED; PENDING_ENOTARY
 * when an A/V session must still happen; WAIT_FOR_PAPER when paper documents remain (the member
 * finishes the package after the wet-signed copies come back); null while someone must still finish.
 */
export function completionOutcome(input: {
  participants: readonly SigningParticipant[];
  avEsign: boolean;
  hasPaperDocuments: boolean;
}): "COMPLETED" | "PENDING_ENOTARY" | "WAIT_FOR_PAPER" | null {
  const open = input.participants.some((participant) => mustFinish(participant) && participant.status !== "FINISHED");
  if (open) return null;
  if (input.avEsign) return "PENDING_ENOTARY";
  if (input.hasPaperDocuments) return "WAIT_FOR_PAPER";
  return "COMPLETED";
}

/** A phone shown to the participant without giving it away: ***-***-1234. */
export function maskPhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  return digits.length >= 4 ? `***-***-${digits.slice(-4)}` : null;
}

/** An email shown to the participant without giving it away: m***@example.com. */
export function maskEmail(email: string | null | undefined): string | null {
  const at = email?.lastIndexOf("@") ?? -1;
  if (!email || at < 1) return null;
  return `${email.charAt(0)}***${email.slice(at)}`;
}

/** KBA answers compare without case, spaces or dashes (a ZIP typed as '02 134' still matches). */
export function normalizeKbaAnswer(answer: string): string {
  return answer.toLowerCase().replace(/[\s-]/g, "");
}
