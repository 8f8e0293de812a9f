import { systemActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { Db } from "../db/prisma-client.ts";
import type { KeyPurpose } from "./key-fingerprint.ts";

/** The installation's audit stream: events that belong to no organization. */
export const INSTALLATION_STREAM = { organizationId: null, streamType: "installation", streamId: "signet" } as const;

export interface KeyInUse {
  purpose: KeyPurpose;
  fingerprint: string;
}

/**
 * Called at start with the keys this process runs with: the first start records them; a start with
 * another key than the one recorded records the rotation and writes a `key.rotated` audit event.
 * The row is locked while compared, so replicas starting together with the new key audit it once.
 * Returns the purposes that rotated.
 */
export async function recordKeyRotations(db: Db, keys: readonly KeyInUse[]): Promise<KeyPurpose[]> {
  const rotated: KeyPurpose[] = [];
  for (const key of keys) {
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO "KeyFingerprint" (purpose, fingerprint) VALUES (${key.purpose}, ${key.fingerprint})
        ON CONFLICT (purpose) DO NOTHING`;
      const [known] = await tx.$queryRaw<{ fingerprint: string }[]>`
        SELECT fingerprint FROM "KeyFingerprint" WHERE purpose = ${key.purpose} FOR UPDATE`;
      if (!known || known.fingerprint === key.fingerprint) return;
      await tx.keyFingerprint.update({
        where: { purpose: key.purpose },
        data: { fingerprint: key.fingerprint, activatedAt: new Date() },
      });
      await appendAuditEvent(tx, systemActor, {
        ...INSTALLATION_STREAM,
        type: "key.rotated",
        data: { purpose: key.purpose, fingerprint: key.fingerprint, previousFingerprint: known.fingerprint },
      });
      rotated.push(key.purpose);
    });
  }
  return rotated;
}
