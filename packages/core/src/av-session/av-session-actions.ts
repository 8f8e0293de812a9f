import {
  AV_SESSION_MESSAGES,
  type AvView,
  avMissingSigners,
  decideTransition,
  NOTARIZATION_MESSAGES,
} from "@signet/contract";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { notarizedRetention, pendingNotarialActs } from "../notarization/notarial-acts.ts";
import { enqueueSeal } from "../signing/complete-package.ts";
import { loadSigningPackage, type SigningContext } from "../signing/signing-context.ts";
import { closedReasonOf } from "../signing/signing-stage.ts";
import { assembleAvRecording, deleteAvChunks } from "./av-recording.ts";
import { avParticipants, isAvHost, liveAvSession, requireAvPackage } from "./av-room.ts";

type Tx = Prisma.TransactionClient;

/** Statuses a session may run in: signers still signing, or everybody signed and the host still to complete. */
const SESSION_STATUSES: readonly string[] = ["AVAILABLE_TO_SIGNERS", "PENDING_ENOTARY"];

/**
 * One host action in one transaction with the package row locked (a signer's finish or a cancel
 * waits or runs first), on fresh rows: only the host, only while the package can hold a session.
 */
async function hostWrite<T>(
  context: SigningContext,
  deps: CoreDeps,
  write: (tx: Tx, fresh: SigningContext) => Promise<T>,
): Promise<T> {
  requireAvPackage(context);
  return deps.db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM "Package" WHERE id = ${context.pkg.id}::uuid FOR UPDATE`;
      const pkg = await loadSigningPackage(tx, context.pkg.id);
      const participant = await tx.participant.findUnique({ where: { id: context.participant.id } });
      const session = await tx.signingSession.findUnique({ where: { id: context.session.id } });
      if (!pkg || !participant || !session) throw new AppError("SIGNING_SESSION_ENDED");
      const fresh: SigningContext = { ...context, pkg, participant, session };
      if (!(await isAvHost(tx, fresh))) throw new AppError("FORBIDDEN", AV_SESSION_MESSAGES.notHost);
      if (closedReasonOf(fresh) !== null || session.revokedAt) throw new AppError("SIGNING_CLOSED");
      if (!SESSION_STATUSES.includes(pkg.status)) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.packageNotReady);
      return write(tx, fresh);
    },
    { timeout: 30_000 },
  );
}

const packageEvent = (context: SigningContext, type: string, data: Record<string, unknown> = {}) => ({
  organizationId: context.pkg.organizationId,
  streamType: "package" as const,
  streamId: context.pkg.id,
  type,
  data,
});

/** The host starts a live session (one at a time); the view opens on the first document's first page. */
export async function startAvSession(context: SigningContext, deps: CoreDeps): Promise<{ sessionId: string }> {
  return hostWrite(context, deps, async (tx, fresh) => {
    if (await liveAvSession(tx, fresh.pkg.id)) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.alreadyLive);
    const first = await tx.document.findFirst({
      where: { packageId: fresh.pkg.id },
      orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
      select: { id: true },
    });
    const session = await tx.avSession.create({
      data: {
        organizationId: fresh.pkg.organizationId,
        packageId: fresh.pkg.id,
        hostParticipantId: fresh.participant.id,
        status: "LIVE",
        currentDocumentId: first?.id ?? null,
        currentPage: 1,
        startedAt: new Date(),
      },
    });
    await appendAuditEvent(
      tx,
      fresh.actor,
      packageEvent(fresh, "package.av-session-started", { sessionId: session.id }),
    );
    return { sessionId: session.id };
  });
}

/** The host shows a document page to everyone (kept on the session, so a late joiner sees it too). */
export async function setAvView(context: SigningContext, view: AvView, deps: CoreDeps): Promise<AvView> {
  return hostWrite(context, deps, async (tx, fresh) => {
    const session = await liveAvSession(tx, fresh.pkg.id);
    if (!session) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.notLive);
    const document = await tx.document.findFirst({
      where: { id: view.documentId, packageId: fresh.pkg.id },
      select: { numPages: true },
    });
    if (!document) throw new AppError("NOT_FOUND");
    const page = Math.min(view.page, Math.max(document.numPages, 1));
    await tx.avSession.update({
      where: { id: session.id },
      data: { currentDocumentId: view.documentId, currentPage: page, version: { increment: 1 } },
    });
    return { documentId: view.documentId, page };
  });
}

/**
 * The host ends the session without completing (issue 16 §2: recoverable): the package keeps its
 * status, the signatures already given stay, and a new session can be started later. The chunks of
 * the unfinished recording are dropped: only a completed session's recording is the record.
 */
export async function endAvSession(context: SigningContext, deps: CoreDeps): Promise<{ sessionId: string }> {
  const ended = await hostWrite(context, deps, async (tx, fresh) => {
    const session = await liveAvSession(tx, fresh.pkg.id);
    if (!session) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.notLive);
    await tx.avSession.update({
      where: { id: session.id },
      data: { status: "ENDED", endedAt: new Date(), version: { increment: 1 } },
    });
    await appendAuditEvent(tx, fresh.actor, packageEvent(fresh, "package.av-session-ended", { sessionId: session.id }));
    return { sessionId: session.id };
  });
  await deleteAvChunks(deps, ended.sessionId);
  return ended;
}

/**
 * The host completes the session (DOMAIN.md §1: PENDING_ENOTARY → COMPLETED when the host finishes):
 * every signer signed, the recording's chunks are contiguous; the recording is joined, hashed and
 * stored with its retention date, the package completes and its seal is queued as any other.
 */
export async function completeAvSession(context: SigningContext, deps: CoreDeps): Promise<{ sessionId: string }> {
  requireAvPackage(context);
  // cheap refusals first, before the recording is joined (the transaction checks everything again)
  const session = await liveAvSession(deps.db, context.pkg.id);
  if (!session) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.notLive);
  if (!(await isAvHost(deps.db, context))) throw new AppError("FORBIDDEN", AV_SESSION_MESSAGES.notHost);
  const missing = avMissingSigners(await avParticipants(deps.db, context.pkg));
  if (missing.length > 0) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.signersMissing(missing));
  // issue 34 §4: PENDING_ENOTARY ends only when every notarial act is complete
  const pendingActs = await pendingNotarialActs(deps.db, context.pkg.id);
  if (pendingActs.length > 0) throw new AppError("CONFLICT", NOTARIZATION_MESSAGES.actsPending(pendingActs));
  const recording = await assembleAvRecording(deps, session);

  const completed = await hostWrite(context, deps, async (tx, fresh) => {
    const live = await liveAvSession(tx, fresh.pkg.id);
    if (!live || live.id !== session.id) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.notLive);
    const stillMissing = avMissingSigners(await avParticipants(tx, fresh.pkg));
    if (stillMissing.length > 0) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.signersMissing(stillMissing));
    const stillPending = await pendingNotarialActs(tx, fresh.pkg.id);
    if (stillPending.length > 0) throw new AppError("CONFLICT", NOTARIZATION_MESSAGES.actsPending(stillPending));
    // the journal names the recording: it is kept at least as long as the journal's entries
    const retainUntil = await notarizedRetention(tx, session.id, recording.retainUntil);
    const chunks = await tx.avRecordingChunk.count({ where: { sessionId: session.id } });
    // a chunk uploaded while the recording was joined would be missing from it
    if (chunks !== recording.chunkCount) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.recordingGap(chunks - 1));
    const decision = decideTransition(fresh.pkg.status, "finishNotary");
    if (!decision.allowed || !decision.to) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.packageNotReady);
    const now = new Date();
    await tx.avRecording.create({
      data: {
        organizationId: fresh.pkg.organizationId,
        packageId: fresh.pkg.id,
        sessionId: session.id,
        blobKey: recording.blobKey,
        contentType: "video/webm",
        sha256: recording.sha256,
        bytes: BigInt(recording.bytes),
        durationSeconds: recording.durationSeconds,
        chunkCount: recording.chunkCount,
        retainUntil,
      },
    });
    await tx.notaryJournalEntry.updateMany({
      where: { avSessionId: session.id },
      data: { recordingSha256: recording.sha256 },
    });
    await tx.avSession.update({
      where: { id: session.id },
      data: { status: "COMPLETED", endedAt: now, version: { increment: 1 } },
    });
    const updated = await tx.package.update({
      where: { id: fresh.pkg.id },
      data: { status: decision.to, completedAt: now, version: { increment: 1 } },
    });
    await appendAuditEvent(
      tx,
      fresh.actor,
      packageEvent(fresh, "package.av-recording-stored", {
        sessionId: session.id,
        sha256: recording.sha256,
        durationSeconds: recording.durationSeconds,
        bytes: recording.bytes,
        retainUntil: retainUntil.toISOString().slice(0, 10),
      }),
    );
    await appendAuditEvent(
      tx,
      fresh.actor,
      packageEvent(fresh, "package.av-session-completed", {
        sessionId: session.id,
        action: "finishNotary",
        from: fresh.pkg.status,
        to: decision.to,
        version: updated.version,
      }),
    );
    await enqueueSeal(tx, fresh.pkg.id);
    return { sessionId: session.id };
  });
  await deleteAvChunks(deps, session.id);
  return completed;
}

/**
 * Records a participant joining the live session's signalling (once per session and participant in
 * the audit trail: a reconnect is not a new join).
 */
export async function recordAvJoin(
  context: SigningContext,
  sessionId: string,
  deps: Pick<CoreDeps, "db">,
): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    const already = await tx.auditEvent.findFirst({
      where: {
        streamType: "package",
        streamId: context.pkg.id,
        type: "package.av-session-joined",
        actorId: context.participant.id,
        data: { path: ["sessionId"], equals: sessionId },
      },
      select: { id: true },
    });
    if (already) return;
    await appendAuditEvent(tx, context.actor, packageEvent(context, "package.av-session-joined", { sessionId }));
  });
}
