import { type ClosedReason, isTurnOf, type SigningStage } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError } from "../errors/app-error.ts";
import { isIdentityProofed } from "../identity-proofing/av-proofing-gate.ts";
import { proofingRequired } from "../identity-proofing/proofing-required.ts";
import { type CurrentConsent, currentConsent } from "./current-consent.ts";
import { participantReviewsOnly } from "./participant-reviews-only.ts";
import type { SigningContext } from "./signing-context.ts";
import { loadSigningProgress, type SigningProgress } from "./signing-progress.ts";

type Reader = Db | Prisma.TransactionClient;

export interface StageFacts {
  stage: SigningStage;
  closedReason: ClosedReason | null;
  consent: CurrentConsent & { given: boolean };
  verified: boolean;
  progress: SigningProgress;
  /** nothing to sign or fill: the room and the disclosure speak of reviewing (reviewsOnly) */
  reviewOnly: boolean;
}

const REVOCATION_REASONS: readonly string[] = ["CANCELLED", "EXPIRED", "CORRECTED", "CONSENT_WITHDRAWN"];
const DONE_STATUSES: readonly string[] = ["COMPLETED", "EDEPOSIT_PENDING", "EDEPOSITED", "PENDING_ENOTARY"];

/** Why the room is closed for this participant, or null (DOMAIN.md §1 states seen from the room). */
export function closedReasonOf(context: Pick<SigningContext, "session" | "participant" | "pkg">): ClosedReason | null {
  const { session, participant, pkg } = context;
  if (session.revokedReason && REVOCATION_REASONS.includes(session.revokedReason)) {
    return session.revokedReason as ClosedReason;
  }
  if (pkg.status === "CANCELLED") return pkg.cancelReason === "EXPIRED" ? "EXPIRED" : "CANCELLED";
  if (pkg.status === "CONSENT_WITHDRAWN") return "CONSENT_WITHDRAWN";
  if (pkg.status === "STARTED") return pkg.sentAt === null ? "CORRECTED" : "NOT_AVAILABLE";
  if (participant.signingStatus === "DECLINED") return "DECLINED";
  if (participant.signingStatus === "CONSENT_WITHDRAWN") return "CONSENT_WITHDRAWN";
  // issue 34 §3: handed to a delegate; their sessions were revoked with this reason too
  if (participant.signingStatus === "DELEGATED") return "DELEGATED";
  return null;
}

/** Which screen the participant is on: closed, finished, verify, consent, waiting for their turn, or signing. */
export async function signingStage(db: Reader, context: SigningContext): Promise<StageFacts> {
  const { participant, pkg } = context;
  // sequential: inside a transaction the reader is one connection
  const progress = await loadSigningProgress(db, pkg.id);
  const reviewOnly = await participantReviewsOnly(db, participant, progress);
  const consent = await currentConsent(db, pkg.organizationId, reviewOnly);
  const consentRecord = await db.consentRecord.findFirst({
    where: { participantId: participant.id, withdrawnAt: null },
    orderBy: { grantedAt: "desc" },
  });
  const identityProofed = proofingRequired(pkg, participant) ? await isIdentityProofed(db, participant.id) : false;
  return stageOf(context, { progress, reviewOnly, consent, consentRecord, identityProofed });
}

/** What the stage is decided from, however it was read (one query after another, or in one statement). */
export interface StageInputs {
  progress: SigningProgress;
  reviewOnly: boolean;
  consent: CurrentConsent;
  /** the participant's newest consent not withdrawn */
  consentRecord: { consentVersion: string; consentSha256: string } | null;
  /** a passed identity-proofing attempt for the participant's package (read only when proofing is required) */
  identityProofed: boolean;
}

/** The stage from facts already read: the rules of signingStage, in one place for every way of reading them. */
export function stageOf(context: SigningContext, inputs: StageInputs): StageFacts {
  const { session, participant, pkg } = context;
  const { progress, reviewOnly, consent, consentRecord: record } = inputs;
  // a new consent version (DOMAIN.md §3: changed requirements) needs consent again
  const given = record !== null && record.consentVersion === consent.version && record.consentSha256 === consent.sha256;
  // issue 34 §2a: a hosted session is verified only by the in-person identity check, whatever the method
  const verified = session.hostedByUserId
    ? session.verifiedAt !== null
    : participant.idVerification === "NONE" || session.verifiedAt !== null;
  const facts = { consent: { ...consent, given }, verified, progress, reviewOnly };
  const closedReason = closedReasonOf(context);
  if (closedReason) return { ...facts, stage: "CLOSED", closedReason };
  if (participant.signingStatus === "FINISHED" || DONE_STATUSES.includes(pkg.status)) {
    return { ...facts, stage: "FINISHED", closedReason: null };
  }
  if (!verified) return { ...facts, stage: "VERIFY", closedReason: null };
  if (!given) return { ...facts, stage: "CONSENT", closedReason: null };
  // DOMAIN.md §8: an A/V signer proves who they are before anything else happens in the room
  if (proofingRequired(pkg, participant) && !inputs.identityProofed) {
    return { ...facts, stage: "IDENTITY_PROOFING", closedReason: null };
  }
  if (!isTurnOf(pkg.signingOrder, progress.participants, participant.id)) {
    return { ...facts, stage: "WAITING_TURN", closedReason: null };
  }
  return { ...facts, stage: "SIGN", closedReason: null };
}

/**
 * Refuses an action the participant's stage does not allow: closed (409 SIGNING_CLOSED), not
 * verified or not consented (403), not their turn (409 NOT_YOUR_TURN), finished (409).
 */
export function requireStage(facts: StageFacts, allowed: readonly SigningStage[]): void {
  if (allowed.includes(facts.stage)) return;
  switch (facts.stage) {
    case "CLOSED":
      throw new AppError("SIGNING_CLOSED");
    case "VERIFY":
      throw new AppError("FORBIDDEN", "Verify your identity first.");
    case "CONSENT":
      throw new AppError("CONSENT_REQUIRED");
    case "IDENTITY_PROOFING":
      throw new AppError("FORBIDDEN", "Verify your identity first.");
    case "WAITING_TURN":
      throw new AppError("NOT_YOUR_TURN");
    case "FINISHED":
      throw new AppError("SIGNING_CLOSED", "You have already finished this package.");
    default:
      throw new AppError("CONFLICT");
  }
}
