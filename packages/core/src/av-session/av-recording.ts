import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { AV_LIMITS, AV_SESSION_MESSAGES, avRetainUntil } from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import type { SigningContext } from "../signing/signing-context.ts";
import { isAvHost, liveAvSession, requireAvPackage } from "./av-room.ts";

const folder = (session: { organizationId: string; id: string }) =>
  `av-recordings/${session.organizationId}/${session.id}`;

export interface AvChunkReceipt {
  index: number;
  bytes: number;
  sha256: string;
  /** chunks of the session received so far */
  received: number;
}

/**
 * The host's browser uploads its recording in pieces while the session is live (issue 16 §2).
 * Idempotent by index: the same bytes again answer the same receipt; other bytes under a used
 * index are refused, so a retried upload can never change what was recorded.
 */
export async function storeAvChunk(
  context: SigningContext,
  input: { index: number; bytes: Buffer; elapsedMs: number },
  deps: CoreDeps,
): Promise<AvChunkReceipt> {
  requireAvPackage(context);
  if (!Number.isInteger(input.index) || input.index < 0 || input.index >= AV_LIMITS.maxChunks) {
    throw new AppError("BAD_REQUEST", AV_SESSION_MESSAGES.chunkIndex);
  }
  if (input.bytes.length === 0) throw new AppError("BAD_REQUEST", AV_SESSION_MESSAGES.chunkEmpty);
  if (input.bytes.length > AV_LIMITS.maxChunkBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", AV_SESSION_MESSAGES.chunkTooLarge);
  }
  if (!(await isAvHost(deps.db, context))) throw new AppError("FORBIDDEN", AV_SESSION_MESSAGES.notHost);
  const session = await liveAvSession(deps.db, context.pkg.id);
  if (!session) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.notLive);
  const sha256 = createHash("sha256").update(input.bytes).digest("hex");
  const elapsedMs = Math.max(0, Math.min(Math.trunc(input.elapsedMs) || 0, 2_000_000_000));

  const receipt = async (row: { index: number; bytes: number; sha256: string }) => {
    if (row.sha256 !== sha256) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.chunkDiffers);
    const received = await deps.db.avRecordingChunk.count({ where: { sessionId: session.id } });
    return { index: row.index, bytes: row.bytes, sha256: row.sha256, received };
  };
  const existing = await deps.db.avRecordingChunk.findUnique({
    where: { sessionId_index: { sessionId: session.id, index: input.index } },
  });
  if (existing) return receipt(existing);

  const blobKey = `${folder(session)}/chunk-${String(input.index).padStart(5, "0")}-${sha256.slice(0, 16)}`;
  await deps.storage.put(blobKey, Readable.from([input.bytes]));
  try {
    const row = await deps.db.avRecordingChunk.create({
      data: {
        organizationId: session.organizationId,
        sessionId: session.id,
        index: input.index,
        blobKey,
        bytes: input.bytes.length,
        sha256,
        elapsedMs,
      },
    });
    return receipt(row);
  } catch (error) {
    // two uploads of one index at once: the other one stored it first
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const row = await deps.db.avRecordingChunk.findUniqueOrThrow({
        where: { sessionId_index: { sessionId: session.id, index: input.index } },
      });
      if (row.blobKey !== blobKey) await deps.storage.delete(blobKey).catch(() => false);
      return receipt(row);
    }
    throw error;
  }
}

export interface AssembledRecording {
  blobKey: string;
  sha256: string;
  bytes: number;
  durationSeconds: number;
  chunkCount: number;
  retainUntil: Date;
}

/**
 * Joins the session's chunks, in index order, into the stored recording and hashes it. Refuses a
 * recording with no chunk or a gap (a lost upload must be retried before the session completes).
 */
export async function assembleAvRecording(
  deps: CoreDeps,
  session: { id: string; organizationId: string; startedAt: Date },
): Promise<AssembledRecording> {
  const chunks = await deps.db.avRecordingChunk.findMany({
    where: { sessionId: session.id },
    orderBy: { index: "asc" },
  });
  if (chunks.length === 0) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.recordingMissing);
  const gap = chunks.findIndex((chunk, position) => chunk.index !== position);
  if (gap !== -1) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.recordingGap(gap));

  const storage = deps.storage;
  async function* joined() {
    for (const chunk of chunks) {
      for await (const piece of await storage.get(chunk.blobKey)) yield piece as Uint8Array;
    }
  }
  const blobKey = `${folder(session)}/recording.webm`;
  const stored = await storage.put(blobKey, joined());
  const now = new Date();
  // the browser reports the recorder's elapsed time; it can never exceed the session's own length
  const reported = Math.ceil(Math.max(...chunks.map((chunk) => chunk.elapsedMs)) / 1000);
  const wallClock = Math.ceil((now.getTime() - session.startedAt.getTime()) / 1000);
  return {
    blobKey,
    sha256: stored.sha256,
    bytes: stored.size,
    durationSeconds: Math.max(0, Math.min(reported, wallClock)),
    chunkCount: chunks.length,
    retainUntil: avRetainUntil(now, deps.config.AV_RECORDING_RETENTION_YEARS),
  };
}

/** Drops a session's chunks (after its recording was stored, or when it ended without completing). */
export async function deleteAvChunks(deps: Pick<CoreDeps, "db" | "storage">, sessionId: string): Promise<void> {
  const chunks = await deps.db.avRecordingChunk.findMany({ where: { sessionId }, select: { id: true, blobKey: true } });
  await deps.db.avRecordingChunk.deleteMany({ where: { id: { in: chunks.map((chunk) => chunk.id) } } });
  for (const chunk of chunks) await deps.storage.delete(chunk.blobKey).catch(() => false);
}
