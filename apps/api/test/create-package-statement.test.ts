import {
  EMAIL_NOTIFICATION_EVENT_BY_AUDIT_TYPE,
  PACKAGE_MESSAGES,
  PACKAGE_STATUSES,
  type Package,
  type PackageStatusCounts,
} from "@signet/contract";
import { verifyAuditChain, WEBHOOK_TYPE_BY_AUDIT_TYPE } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, newGroup } from "./support/access-fixtures.ts";
import { memberOfNewGroup, packageOrg, VIEWER } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// createPackage writes the package, its groups and its first audit event as one statement
// (core/packages/insert-new-package.ts): what that statement must keep.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const db = () => app.server.db;

/** Waits until some session of this test's database holds (granted) or waits for (not granted) an advisory lock. */
async function advisoryLock(granted: boolean) {
  await expect
    .poll(async () => {
      const rows = await db().$queryRaw<{ n: bigint }[]>`
        SELECT count(*) AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
         WHERE d.datname = current_database() AND l.locktype = 'advisory' AND l.granted = ${granted}`;
      return Number(rows[0]?.n ?? 0);
    })
    .toBeGreaterThan(0);
}

describe("POST packages, one statement", () => {
  it("has no webhook or email notification to record: the statement writes no outbox row (add them there first)", () => {
    expect(WEBHOOK_TYPE_BY_AUDIT_TYPE["package.created"]).toBeUndefined();
    expect(EMAIL_NOTIFICATION_EVENT_BY_AUDIT_TYPE["package.created"]).toBeUndefined();
  });

  it("answers the package as GET reads it, with the organization's expiration defaults in the row and the hashed event", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const settings = {
      enable_default_expiration_date: "true",
      default_expiration_type: "RELATIVE",
      default_relative_expiration_days: "7",
      default_relative_expiration_time: "17:30",
    };
    await db().organizationSetting.createMany({
      data: Object.entries(settings).map(([key, value]) => ({ organizationId: org.organizationId, key, value })),
    });
    const second = await newGroup(org, { name: "Aardvark desk" });
    const created = await admin.request<Package>("POST", paths.packages, {
      json: { name: "Okafor refinance", groupIds: [org.adminGroup.id, second.id, second.id] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      expirationType: "RELATIVE",
      scheduledExpiryDays: 7,
      scheduledExpiryTime: "17:30",
      canManage: true,
    });
    const read = await admin.get<Package>(paths.package(created.body.id));
    expect(read.status).toBe(200);
    expect(created.body).toEqual(read.body);

    const event = await db().auditEvent.findFirstOrThrow({
      where: { streamType: "package", streamId: created.body.id },
    });
    expect(event).toMatchObject({
      organizationId: org.organizationId,
      sequence: 1,
      type: "package.created",
      actorId: org.admin.id,
      actorRole: "user",
      prevHash: null,
      data: {
        name: "Okafor refinance",
        shortId: created.body.shortId,
        status: "STARTED",
        groupIds: [org.adminGroup.id, second.id],
        expirationType: "RELATIVE",
        scheduledExpiryDays: 7,
        scheduledExpiryTime: "17:30",
      },
    });
    expect(event.occurredAt.toISOString()).toBe(created.body.createdAt);
    expect(await verifyAuditChain(db(), "package", created.body.id)).toMatchObject({ valid: true, events: 1 });
  });

  it("creates many at once with the same groups: each chain valid, the kept counts exact", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const viewer = await memberOfNewGroup(org, app.url, VIEWER);
    const groupIds = [org.adminGroup.id, viewer.group.id];
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        admin.request<Package>("POST", paths.packages, { json: { name: `Concurrent ${index}`, groupIds } }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 201));
    const ids = replies.map((reply) => reply.body.id);
    expect(new Set(ids).size).toBe(12);
    for (const id of ids) {
      expect(await verifyAuditChain(db(), "package", id)).toMatchObject({ valid: true, events: 1 });
    }
    const sets = await db().$queryRaw<{ groupIds: string[] }[]>`
      SELECT "groupIds" FROM "PackageGroupSet" WHERE "packageId" = ANY(${ids}::uuid[])`;
    expect(sets.map((set) => set.groupIds)).toEqual(ids.map(() => [...groupIds].sort()));
    const zero = Object.fromEntries(PACKAGE_STATUSES.map((status) => [status, 0]));
    for (const client of [admin, viewer.client]) {
      const counts = await client.get<PackageStatusCounts>(paths.statusCounts);
      expect(counts.body).toEqual({ ...zero, STARTED: 12 });
    }
  });

  it("answers 'Selected group not found.' and writes nothing when a chosen group is deleted while it waits for the group tree", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const doomed = await newGroup(org);
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // a group deletion holds the tree's lock (exclusive) from its checks to its commit
    const deletion = db().$transaction(
      async (tx) => {
        const key = `group-tree:${org.organizationId}`;
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
        await tx.group.delete({ where: { id: doomed.id } });
        await released;
      },
      { timeout: 30_000 },
    );
    await advisoryLock(true);
    const creation = admin.request("POST", paths.packages, {
      json: { name: "Too late", groupIds: [org.adminGroup.id, doomed.id] },
    });
    await advisoryLock(false);
    release();
    await deletion;
    const reply = await creation;
    expect([reply.status, reply.body.message]).toEqual([404, PACKAGE_MESSAGES.selectedGroupNotFound]);
    expect(await db().package.count({ where: { organizationId: org.organizationId } })).toBe(0);
    expect(
      await db().auditEvent.count({ where: { organizationId: org.organizationId, type: "package.created" } }),
    ).toBe(0);
  });
});
