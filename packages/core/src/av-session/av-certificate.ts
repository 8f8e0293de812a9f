import type { Db } from "../db/prisma-client.ts";
import { avPersonName } from "./av-room.ts";

/** Issue 16 §2: the certificate of completion names each stored session recording. */
export async function avCertificateRecordings(db: Db, packageId: string) {
  const recordings = await db.avRecording.findMany({
    where: { packageId },
    include: { session: true },
    orderBy: { createdAt: "asc" },
  });
  const hosts = await db.participant.findMany({
    where: { id: { in: recordings.map((recording) => recording.session.hostParticipantId) } },
  });
  return recordings.map((recording) => {
    const host = hosts.find((participant) => participant.id === recording.session.hostParticipantId);
    return {
      host: host ? avPersonName(host) : "A former participant",
      startedAt: recording.session.startedAt.toISOString(),
      sha256: recording.sha256,
      durationSeconds: recording.durationSeconds,
      retainUntil: recording.retainUntil.toISOString().slice(0, 10),
    };
  });
}
