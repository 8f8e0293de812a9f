import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, systemActor } from "../../src/actor.ts";
import { appendAuditEvent } from "../../src/audit/append-audit-event.ts";
import { verifyAuditChain } from "../../src/audit/verify-audit-chain.ts";
import type { Db } from "../../src/db/prisma-client.ts";
import { createTestDatabase, type TestDatabase } from "../../src/testing/index.ts";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.drop());

const anonymous: Actor = { kind: "anonymous", ip: "203.0.113.7", userAgent: "vitest" };

/** A user stream of `count` events, appended one transaction each as the use cases do. */
async function stream(count: number, actor: Actor = anonymous) {
  const streamId = randomUUID();
  for (let i = 1; i <= count; i++) {
    await db.$transaction((tx) =>
      appendAuditEvent(tx, actor, {
        organizationId: null,
        streamType: "user",
        streamId,
        type: `event.${i}`,
        data: { step: i, nested: { b: 2, a: [1, { z: true, y: null }] } },
      }),
    );
  }
  return streamId;
}

const rowAt = (streamId: string, sequence: number) =>
  db.auditEvent.findFirstOrThrow({ where: { streamType: "user", streamId, sequence } });

describe("audit hash chain", () => {
  it("links each event to the one before, and verifies", async () => {
    const streamId = await stream(4);
    const rows = await db.auditEvent.findMany({ where: { streamId }, orderBy: { sequence: "asc" } });
    expect(rows.map((row) => row.sequence)).toEqual([1, 2, 3, 4]);
    expect(rows[0]!.prevHash).toBeNull();
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    expect(rows[0]).toMatchObject({ actorRole: "anonymous", actorId: null, ip: "203.0.113.7", userAgent: "vitest" });
    expect(await verifyAuditChain(db, "user", streamId)).toEqual({ valid: true, events: 4 });
  });

  it("keeps streams apart: each has its own sequence and chain", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    for (const streamId of [a, b, a]) {
      await db.$transaction((tx) =>
        appendAuditEvent(tx, systemActor, { organizationId: null, streamType: "user", streamId, type: "x" }),
      );
    }
    expect(await verifyAuditChain(db, "user", a)).toEqual({ valid: true, events: 2 });
    expect(await verifyAuditChain(db, "user", b)).toEqual({ valid: true, events: 1 });
    expect(await verifyAuditChain(db, "user", randomUUID())).toEqual({ valid: true, events: 0 });
  });

  it("serialises concurrent writers of one stream: no duplicate sequence, chain intact", async () => {
    const streamId = randomUUID();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db.$transaction((tx) =>
          appendAuditEvent(tx, anonymous, {
            organizationId: null,
            streamType: "user",
            streamId,
            type: `concurrent.${i}`,
          }),
        ),
      ),
    );
    expect(await verifyAuditChain(db, "user", streamId)).toEqual({ valid: true, events: 8 });
  });

  it("breaks at the row whose data was edited in place", async () => {
    const streamId = await stream(4);
    const target = await rowAt(streamId, 3);
    await db.$executeRaw`UPDATE "AuditEvent" SET data = '{"step": 99}'::jsonb WHERE id = ${target.id}`;
    expect(await verifyAuditChain(db, "user", streamId)).toEqual({ valid: false, events: 4, brokenAt: 3 });
  });

  it("breaks at an edited row even when its hash was recomputed by the editor", async () => {
    const streamId = await stream(3);
    const target = await rowAt(streamId, 2);
    // changing the type and re-hashing the row alone still breaks the next link
    await db.$executeRaw`UPDATE "AuditEvent" SET type = 'forged', hash = repeat('0', 64) WHERE id = ${target.id}`;
    expect(await verifyAuditChain(db, "user", streamId)).toEqual({ valid: false, events: 3, brokenAt: 2 });
  });

  it("breaks where a middle row was deleted", async () => {
    const streamId = await stream(5);
    const target = await rowAt(streamId, 3);
    await db.$executeRaw`DELETE FROM "AuditEvent" WHERE id = ${target.id}`;
    expect(await verifyAuditChain(db, "user", streamId)).toEqual({ valid: false, events: 4, brokenAt: 4 });
  });

  it("breaks where the last row was deleted and a different one appended in its place", async () => {
    const streamId = await stream(3);
    const last = await rowAt(streamId, 3);
    await db.$executeRaw`DELETE FROM "AuditEvent" WHERE id = ${last.id}`;
    const second = await rowAt(streamId, 2);
    // an inserted row with the right sequence and prevHash but a hash not computed from its content
    await db.auditEvent.create({
      data: {
        streamType: "user",
        streamId,
        sequence: 3,
        type: "inserted",
        prevHash: second.hash,
        hash: last.hash,
        occurredAt: last.occurredAt,
      },
    });
    expect(await verifyAuditChain(db, "user", streamId)).toEqual({ valid: false, events: 3, brokenAt: 3 });
  });
});
