import { appendAuditEvent, systemActor, verifyAuditChain } from "@signet/core";
import { watchPoolStatements } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, organizationWithAdmin } from "./support/access-fixtures.ts";
import { PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// A successful password sign-in records its bookkeeping (the session's token row, failure count
// cleared, sign-in time, the user stream's audit event) as one statement that appends to the chain without holding the
// stream's lock across round trips (core/auth/record-sign-in.ts): what that must keep.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const db = () => app.server.db;
const signIn = (email: string, password: string) => new HttpClient(app.url).signIn(email, password, "bearer");

describe("password sign-in bookkeeping", () => {
  it("clears the failure count, stamps the sign-in and appends sign-in.succeeded after the failures", async () => {
    const { admin } = await organizationWithAdmin(db());
    expect((await signIn(admin.email, "wrong-password")).status).toBe(400);
    const before = new Date();
    const reply = await signIn(admin.email, PASSWORD);
    expect(reply.status).toBe(200);
    const credential = await db().credential.findUniqueOrThrow({ where: { userId: admin.id } });
    expect([credential.failedAttempts, credential.lockedUntil]).toEqual([0, null]);
    const user = await db().user.findUniqueOrThrow({ where: { id: admin.id } });
    expect(user.lastSignInAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 5);
    const events = await db().auditEvent.findMany({
      where: { streamType: "user", streamId: admin.id },
      orderBy: { sequence: "asc" },
    });
    expect(events.slice(-2).map((event) => [event.type, event.data])).toEqual([
      ["sign-in.failed", { failedAttempts: 1 }],
      ["sign-in.succeeded", { partial: false }],
    ]);
    expect(events.at(-1)).toMatchObject({ actorRole: "anonymous", organizationId: user.homeOrganizationId });
    expect(await verifyAuditChain(db(), "user", admin.id)).toMatchObject({ valid: true, events: events.length });
  });

  it("rewrites the credential only when it has a failure count or a lock to clear", async () => {
    const { admin } = await organizationWithAdmin(db());
    const version = async () => {
      const [row] = await db().$queryRaw<{ xmin: string }[]>`
        SELECT xmin::text FROM "Credential" WHERE "userId" = ${admin.id}::uuid`;
      return row?.xmin;
    };
    const clean = await version();
    expect((await signIn(admin.email, PASSWORD)).status).toBe(200);
    expect(await version()).toBe(clean);
    // a lock that has run out, with the count already reset when it was set
    await db().credential.update({
      where: { userId: admin.id },
      data: { failedAttempts: 0, lockedUntil: new Date(Date.now() - 60_000) },
    });
    const locked = await version();
    expect((await signIn(admin.email, PASSWORD)).status).toBe(200);
    expect(await version()).not.toBe(locked);
    const credential = await db().credential.findUniqueOrThrow({ where: { userId: admin.id } });
    expect([credential.failedAttempts, credential.lockedUntil]).toEqual([0, null]);
  });

  it("keeps the user's chain valid under concurrent sign-ins, failures (the locked writer) included", async () => {
    const { admin } = await organizationWithAdmin(db());
    const start = await db().auditEvent.count({ where: { streamType: "user", streamId: admin.id } });
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => signIn(admin.email, PASSWORD)),
      signIn(admin.email, "wrong-password"),
      signIn(admin.email, "wrong-password"),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([...Array(10).fill(200), 400, 400]);
    const events = await db().auditEvent.findMany({
      where: { streamType: "user", streamId: admin.id },
      orderBy: { sequence: "asc" },
    });
    expect(events.length - start).toBe(12);
    expect(events.filter((event) => event.type === "sign-in.succeeded")).toHaveLength(10);
    expect(await verifyAuditChain(db(), "user", admin.id)).toMatchObject({ valid: true, events: events.length });
    expect(await db().activeToken.count({ where: { userId: admin.id } })).toBe(10);
    expect(await db().sessionAuthMethod.count({ where: { amr: { equals: ["pwd"] } } })).toBeGreaterThanOrEqual(10);
  });

  it("follows the event an earlier sign-in of the same user wrote after this one read the account", async () => {
    const { admin } = await organizationWithAdmin(db());
    // a sign-in reads the account before its password check and writes after it: with several at
    // once, another one's write often lands in between. The write that follows a stale event keeps
    // nothing (rowCount 0) and is done again under the stream's lock: counted here.
    let clashes = 0;
    const writes = watchPoolStatements(db(), "stream_lock AS", async (send) => {
      const result = (await send()) as { rowCount: number | null };
      if (result.rowCount === 0) clashes++;
      return result;
    });
    try {
      for (let wave = 0; wave < 3; wave++) {
        const replies = await Promise.all(Array.from({ length: 10 }, () => signIn(admin.email, PASSWORD)));
        expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
      }
    } finally {
      writes.restore();
    }
    expect(writes.statements()).toBe(30);
    expect(clashes).toBe(0);
    expect(await verifyAuditChain(db(), "user", admin.id)).toMatchObject({ valid: true });
  });

  it("appends after a writer that took the stream between the sign-in's read and its write", async () => {
    const { admin } = await organizationWithAdmin(db());
    const { homeOrganizationId } = await db().user.findUniqueOrThrow({ where: { id: admin.id } });
    const waitingForStreamLock = async () =>
      (
        await db().$queryRaw<{ waiting: number }[]>`
        SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`
      )[0]!.waiting;
    let reply: ReturnType<typeof signIn> | undefined;
    await db().$transaction(
      async (tx) => {
        // holds the stream's lock with an event the sign-in cannot see yet: it reads the last event
        // before this one commits, then waits for the lock in its write
        await appendAuditEvent(tx, systemActor, {
          organizationId: homeOrganizationId,
          streamType: "user",
          streamId: admin.id,
          type: "user.updated",
          data: {},
        });
        reply = signIn(admin.email, PASSWORD);
        await expect.poll(waitingForStreamLock, { timeout: 10_000 }).toBeGreaterThan(0);
      },
      { timeout: 20_000 },
    );
    expect((await reply!).status).toBe(200);
    const events = await db().auditEvent.findMany({
      where: { streamType: "user", streamId: admin.id },
      orderBy: { sequence: "asc" },
    });
    expect(events.slice(-2).map((event) => event.type)).toEqual(["user.updated", "sign-in.succeeded"]);
    expect(await verifyAuditChain(db(), "user", admin.id)).toMatchObject({ valid: true, events: events.length });
    const credential = await db().credential.findUniqueOrThrow({ where: { userId: admin.id } });
    expect(credential.failedAttempts).toBe(0);
    // the first try kept nothing: one token, with its authentication methods
    const tokens = await db().activeToken.findMany({ where: { userId: admin.id } });
    expect(tokens).toHaveLength(1);
    const methods = await db().sessionAuthMethod.findMany({ where: { activeTokenId: tokens[0]!.id } });
    expect(methods.map((method) => method.amr)).toEqual([["pwd"]]);
  });
});
