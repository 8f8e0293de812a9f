import type { AvSessionList } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { findVisiblePackage, requireClosingCenterGrant } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import type { FileToSend } from "../signing/signing-files.ts";
import { avPersonName } from "./av-room.ts";

interface PackageRef {
  organizationId: string;
  packageId: string;
}

/** Issue 16 §2: the package's A/V sessions as the sender sees them, newest first, with their recordings. */
export async function listAvSessions(actor: Actor, input: PackageRef, deps: CoreDeps): Promise<AvSessionList> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  const pkg = await findVisiblePackage(deps.db, access, input.packageId);
  const [row, sessions, participants] = await Promise.all([
    deps.db.package.findUniqueOrThrow({ where: { id: pkg.id }, select: { avEsign: true } }),
    deps.db.avSession.findMany({
      where: { packageId: pkg.id },
      orderBy: { startedAt: "desc" },
      include: { recording: true },
    }),
    deps.db.participant.findMany({ where: { packageId: pkg.id } }),
  ]);
  const nameOf = (id: string) => {
    const participant = participants.find((candidate) => candidate.id === id);
    return participant ? avPersonName(participant) : "A former participant";
  };
  const host = participants.find((participant) => participant.avHost);
  return {
    avEsign: row.avEsign,
    hostName: row.avEsign && host ? avPersonName(host) : null,
    records: sessions.map((session) => ({
      id: session.id,
      status: session.status,
      hostName: nameOf(session.hostParticipantId),
      startedAt: session.startedAt.toISOString(),
      endedAt: session.endedAt?.toISOString() ?? null,
      recording: session.recording
        ? {
            id: session.recording.id,
            sha256: session.recording.sha256,
            bytes: Number(session.recording.bytes),
            durationSeconds: session.recording.durationSeconds,
            contentType: session.recording.contentType,
            retainUntil: session.recording.retainUntil.toISOString(),
            createdAt: session.recording.createdAt.toISOString(),
          }
        : null,
    })),
  };
}

/** The recording of one session of the package (recorded in the package's audit trail). */
export async function downloadAvRecording(
  actor: Actor,
  input: PackageRef & { sessionId: string },
  deps: CoreDeps,
): Promise<FileToSend> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  const pkg = await findVisiblePackage(deps.db, access, input.packageId);
  // a closing center downloads what its share grants, the recording included
  requireClosingCenterGrant(pkg, "DOWNLOAD_DOCUMENTS");
  const recording = await deps.db.avRecording.findFirst({
    where: { sessionId: input.sessionId, packageId: pkg.id },
  });
  if (!recording) throw new AppError("NOT_FOUND", "This session has no stored recording.");
  const stream = await deps.storage.get(recording.blobKey);
  await deps.db.$transaction((tx) =>
    appendAuditEvent(tx, actor, {
      organizationId: pkg.organizationId,
      streamType: "package",
      streamId: pkg.id,
      type: "package.av-recording-downloaded",
      data: { sessionId: input.sessionId, sha256: recording.sha256 },
    }),
  );
  const day = recording.createdAt.toISOString().slice(0, 10);
  return { stream, fileName: `av-session-${day}.webm`, contentType: recording.contentType };
}
