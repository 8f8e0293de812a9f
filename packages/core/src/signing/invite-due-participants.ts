import { currentSigningStep, participantsToInvite, SIGNING_LIMITS, stepNumberOf } from "@signet/contract";
import { systemActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { Prisma } from "../db/generated/client.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import type { SigningLinkPurpose } from "./signing-invitation-job.ts";
import { loadSigningProgress } from "./signing-progress.ts";

type Tx = Prisma.TransactionClient;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 5 §1: invites the participants whose turn has come (all at once in parallel signing; the
 * next step only after the previous one finished in ordered signing), in the caller's transaction.
 * EMAIL and SMS participants get a single-use link by their access method (the message leaves
 * through the outbox); API participants get no message — the integrator asks for their signing URL.
 */
export async function inviteDueParticipants(
  tx: Tx,
  pkg: { id: string; organizationId: string; signingOrder: "PARALLEL" | "PARTICIPANT" },
  now = new Date(),
): Promise<string[]> {
  const progress = await loadSigningProgress(tx, pkg.id);
  const due = participantsToInvite(pkg.signingOrder, progress.participants);
  const invited: string[] = [];
  for (const participantId of due) {
    const participant = progress.participants.find((candidate) => candidate.id === participantId)!;
    const { count } = await tx.participant.updateMany({
      where: { id: participantId, signingStatus: "WAITING" },
      data: { signingStatus: "INVITED", invitedAt: now },
    });
    if (count === 0) continue;
    invited.push(participantId);
    let linkId: string | null = null;
    if (participant.accessMethod !== "API") {
      linkId = await sendSigningLink(tx, { ...pkg, participantId, channel: participant.accessMethod, now });
    }
    await appendAuditEvent(tx, systemActor, {
      organizationId: pkg.organizationId,
      streamType: "package",
      streamId: pkg.id,
      type: "participant.invited",
      data: { participantId, channel: participant.accessMethod, linkId },
    });
  }
  await recordStepStarted(tx, pkg, progress.participants, invited);
  return due;
}

/**
 * Issue 34 §1: in ordered signing, inviting the open step's participants is that step starting
 * (at send for step 1, when the step before finished for the next). The audit event is also the
 * package.signing_step_started webhook. Parallel packages have no steps and say nothing.
 */
async function recordStepStarted(
  tx: Tx,
  pkg: { id: string; organizationId: string; signingOrder: "PARALLEL" | "PARTICIPANT" },
  participants: Awaited<ReturnType<typeof loadSigningProgress>>["participants"],
  invited: readonly string[],
) {
  if (pkg.signingOrder !== "PARTICIPANT") return;
  const open = currentSigningStep(pkg.signingOrder, participants);
  if (open === null) return;
  const ofStep = participants.filter((participant) => participant.orderSequence === open && !participant.copyOnly);
  // only a step whose participants were invited just now started now (not a paper-only latecomer)
  if (!ofStep.some((participant) => invited.includes(participant.id))) return;
  await appendAuditEvent(tx, systemActor, {
    organizationId: pkg.organizationId,
    streamType: "package",
    streamId: pkg.id,
    type: "package.signing-step-started",
    data: { step: stepNumberOf(open, participants), participantIds: ofStep.map((participant) => participant.id) },
  });
}

/** A new single-use link for the participant and the message that carries it (invitation or reminder). */
export async function sendSigningLink(
  tx: Tx,
  input: {
    id: string;
    organizationId: string;
    participantId: string;
    channel: "EMAIL" | "SMS";
    now: Date;
    purpose?: SigningLinkPurpose;
    /** the outbox row's key when the caller must send at most once (automatic reminders) */
    idempotencyKey?: string;
  },
): Promise<string> {
  const link = await tx.signingLink.create({
    data: {
      organizationId: input.organizationId,
      packageId: input.id,
      participantId: input.participantId,
      channel: input.channel,
      expiresAt: new Date(input.now.getTime() + SIGNING_LIMITS.linkDays * DAY_MS),
    },
  });
  await enqueueOutbox(
    tx,
    "signing.invitation",
    { linkId: link.id, purpose: input.purpose ?? "invitation" },
    input.idempotencyKey ?? `signing-invitation:${link.id}`,
  );
  return link.id;
}

/**
 * When a package (again) becomes available: participants who declined or withdrew consent in an
 * earlier round, and finished participants whose documents changed in a correction (a required
 * tag of theirs has no value any more), wait for a new invitation.
 */
export async function reopenParticipants(tx: Tx, packageId: string): Promise<void> {
  await tx.participant.updateMany({
    where: { packageId, signingStatus: { in: ["DECLINED", "CONSENT_WITHDRAWN"] } },
    data: { signingStatus: "WAITING", finishedAt: null },
  });
  const unfinishedTags = await tx.tag.findMany({
    where: { packageId, required: true, value: { is: null }, participant: { signingStatus: "FINISHED" } },
    select: { participantId: true },
  });
  const reopened = [...new Set(unfinishedTags.map((tag) => tag.participantId))];
  if (reopened.length > 0) {
    await tx.participant.updateMany({
      where: { id: { in: reopened } },
      data: { signingStatus: "WAITING", finishedAt: null, signedInPersonHost: null },
    });
  }
}
