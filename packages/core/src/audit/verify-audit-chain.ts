import type { Db } from "../db/prisma-client.ts";
import { auditEventHash } from "./append-audit-event.ts";

/** Re-computes a stream's chain; the first broken link is reported (a changed, removed or inserted row). */
export async function verifyAuditChain(db: Db, streamType: string, streamId: string) {
  const events = await db.auditEvent.findMany({ where: { streamType, streamId }, orderBy: { sequence: "asc" } });
  let prevHash: string | null = null;
  for (const [index, row] of events.entries()) {
    const event = {
      organizationId: row.organizationId,
      streamType: row.streamType,
      streamId: row.streamId,
      sequence: row.sequence,
      type: row.type,
      occurredAt: row.occurredAt.toISOString(),
      actorId: row.actorId,
      actorRole: row.actorRole,
      ip: row.ip,
      userAgent: row.userAgent,
      data: row.data,
    };
    if (row.sequence !== index + 1 || row.prevHash !== prevHash || row.hash !== auditEventHash(prevHash, event)) {
      return { valid: false as const, events: events.length, brokenAt: row.sequence };
    }
    prevHash = row.hash;
  }
  return { valid: true as const, events: events.length };
}
