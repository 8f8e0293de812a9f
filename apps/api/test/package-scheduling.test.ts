import {
  EXPIRED_CANCELLATION_REASON,
  fillPath,
  PACKAGE_MESSAGES,
  type Package,
  relativeExpiry,
  routeUrl,
  settingRoutes,
} from "@signet/contract";
import { runDuePackageTransitions, verifyAuditChain } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import {
  addParticipant,
  createPackage,
  packageAuditTypes,
  packageOrg,
  withSignableDocument,
} from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// DOMAIN.md §1: 'send (now, or when scheduledOn arrives)' and 'expiry time passes → CANCELLED
// (EXPIRED)', driven by runDuePackageTransitions with an injected clock.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());
const db = () => app.server.db;
const HOUR = 3600_000;

type Reply = { status: number; body: Package & { message: string; details?: { message: string }[] } };

async function ready(changes: object = {}) {
  const context = await packageOrg(db(), app.url);
  const pkg = await createPackage(context.admin, context.paths, { name: "Scheduled refinance" });
  await addParticipant(context.admin, context.paths, pkg.id, { type: "Borrower", email: "b@example.com" });
  await withSignableDocument(db(), context.org.organizationId, pkg.id);
  const current = await context.admin.get<Package>(context.paths.package(pkg.id));
  const patched = await context.admin.request<Package>("PATCH", context.paths.package(pkg.id), {
    json: { version: current.body.version, ...changes },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const call = async (method: string, suffix: string, json: object) =>
    (await context.admin.request(method, `${context.paths.package(pkg.id)}${suffix}`, { json })) as Reply;
  const version = async () => (await db().package.findUniqueOrThrow({ where: { id: pkg.id } })).version;
  return { ...context, pkg, call, version };
}

describe("scheduled availability", () => {
  it("accepts the send, keeps the package STARTED and frozen, then makes it available when scheduledOn arrives", async () => {
    const scheduledOn = new Date(Date.now() + 2 * HOUR);
    const s = await ready({ scheduledAvailability: true, scheduledOn: scheduledOn.toISOString() });
    const sent = await s.call("POST", "/send", { version: await s.version() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: "STARTED", scheduled: true, availableAt: null });
    expect(sent.body.sentAt).not.toBeNull();

    const again = await s.call("POST", "/send", { version: await s.version() });
    expect([again.status, again.body.message]).toEqual([409, PACKAGE_MESSAGES.scheduledNotEditable]);
    const edit = await s.call("PATCH", "", { version: await s.version(), name: "Changed" });
    expect([edit.status, edit.body.message]).toEqual([409, PACKAGE_MESSAGES.scheduledNotEditable]);

    expect(
      await runDuePackageTransitions(db(), app.server.deps.storage, new Date(scheduledOn.getTime() - 60_000)),
    ).toMatchObject({
      madeAvailable: 0,
    });
    expect(
      await runDuePackageTransitions(db(), app.server.deps.storage, new Date(scheduledOn.getTime() + 1000)),
    ).toMatchObject({
      madeAvailable: 1,
    });
    const row = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    expect(row.status).toBe("AVAILABLE_TO_SIGNERS");
    expect(row.availableAt?.getTime()).toBe(scheduledOn.getTime() + 1000);
    // a second pass finds nothing more to do
    expect(
      await runDuePackageTransitions(db(), app.server.deps.storage, new Date(scheduledOn.getTime() + 2000)),
    ).toEqual({
      madeAvailable: 0,
      unscheduled: 0,
      sealsRequeued: 0,
      expired: 0,
    });
    expect(await packageAuditTypes(db(), s.pkg.id)).toEqual(
      expect.arrayContaining(["package.scheduled", "package.available"]),
    );
    expect((await verifyAuditChain(db(), "package", s.pkg.id)).valid).toBe(true);
  });

  it("unschedules a package that lost what it needs, with the reasons in its history", async () => {
    const s = await ready({ scheduledAvailability: true, scheduledOn: new Date(Date.now() + HOUR).toISOString() });
    expect((await s.call("POST", "/send", { version: await s.version() })).status).toBe(200);
    await db().tag.deleteMany({ where: { packageId: s.pkg.id } });
    const moved = await runDuePackageTransitions(db(), app.server.deps.storage, new Date(Date.now() + 2 * HOUR));
    expect(moved).toMatchObject({ madeAvailable: 0, unscheduled: 1 });
    const row = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    expect([row.status, row.sentAt]).toEqual(["STARTED", null]);
    const failed = await db().auditEvent.findFirstOrThrow({
      where: { streamId: s.pkg.id, type: "package.schedule-failed" },
    });
    expect(JSON.stringify(failed.data)).toContain("has no signature tag");
  });

  it("cancelling a scheduled package cancels its scheduled send", async () => {
    const s = await ready({ scheduledAvailability: true, scheduledOn: new Date(Date.now() + HOUR).toISOString() });
    expect((await s.call("POST", "/send", { version: await s.version() })).status).toBe(200);
    const cancelled = await s.call("PUT", "/cancel", { version: await s.version(), notify: false });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "CANCELLED", sentAt: null, scheduled: false });
    expect(
      await runDuePackageTransitions(db(), app.server.deps.storage, new Date(Date.now() + 2 * HOUR)),
    ).toMatchObject({ madeAvailable: 0 });
  });

  it("moves each due package once when passes run at the same time", async () => {
    const scheduledOn = new Date(Date.now() + HOUR);
    const packages = [];
    for (let index = 0; index < 4; index++) {
      const s = await ready({ scheduledAvailability: true, scheduledOn: scheduledOn.toISOString() });
      expect((await s.call("POST", "/send", { version: await s.version() })).status).toBe(200);
      packages.push(s.pkg.id);
    }
    const later = new Date(scheduledOn.getTime() + 1000);
    const results = await Promise.all([
      runDuePackageTransitions(db(), app.server.deps.storage, later),
      runDuePackageTransitions(db(), app.server.deps.storage, later),
    ]);
    expect(results.reduce((sum, result) => sum + result.madeAvailable, 0)).toBe(4);
    for (const id of packages) {
      const events = await db().auditEvent.count({ where: { streamId: id, type: "package.available" } });
      expect(events).toBe(1);
    }
  });
});

describe("expiration", () => {
  it("RELATIVE: expires the given days after sending at the given time (UTC)", async () => {
    const s = await ready({ expirationType: "RELATIVE", scheduledExpiryDays: 3, scheduledExpiryTime: "17:30" });
    const sent = await s.call("POST", "/send", { version: await s.version() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const sentAt = new Date(sent.body.sentAt as string);
    const expected = new Date(Date.UTC(sentAt.getUTCFullYear(), sentAt.getUTCMonth(), sentAt.getUTCDate() + 3, 17, 30));
    expect(sent.body.packageExpiresAt).toBe(expected.toISOString());
  });

  it("cancels an available package past its expiry with reason EXPIRED; reactivation needs a new expiry", async () => {
    const expiresAt = new Date(Date.now() + HOUR);
    const s = await ready({ expirationType: "FIXED", packageExpiresAt: expiresAt.toISOString() });
    expect((await s.call("POST", "/send", { version: await s.version() })).status).toBe(200);
    expect(
      await runDuePackageTransitions(db(), app.server.deps.storage, new Date(expiresAt.getTime() - 1000)),
    ).toMatchObject({ expired: 0 });
    expect(
      await runDuePackageTransitions(db(), app.server.deps.storage, new Date(expiresAt.getTime() + 1000)),
    ).toMatchObject({ expired: 1 });
    const row = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    expect([row.status, row.cancelReason]).toEqual(["CANCELLED", EXPIRED_CANCELLATION_REASON]);
    expect(await packageAuditTypes(db(), s.pkg.id)).toContain("package.expired");

    const bare = await s.call("PUT", "/reactivate", { version: row.version });
    expect(bare.status).toBe(400);
    const renewed = await s.call("PUT", "/reactivate", {
      version: row.version,
      packageExpiresAt: new Date(Date.now() + 48 * HOUR).toISOString(),
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.status).toBe("STARTED");
  });

  it("RELATIVE: counts in the organization's time zone", async () => {
    const s = await ready({ expirationType: "RELATIVE", scheduledExpiryDays: 2, scheduledExpiryTime: "09:00" });
    const settings = fillPath(routeUrl(settingRoutes.updatePackageSettings), { orgId: s.org.organizationId });
    const zone = await s.admin.request("PATCH", settings, { json: { timezone: "America/New_York" } });
    expect(zone.status, JSON.stringify(zone.body)).toBe(200);
    const sent = await s.call("POST", "/send", { version: await s.version() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const expected = relativeExpiry(new Date(sent.body.sentAt as string), 2, "09:00", "America/New_York");
    expect(sent.body.packageExpiresAt).toBe(expected.toISOString());
    // 09:00 in New York is 13:00 or 14:00 UTC, never 09:00
    expect([13, 14]).toContain(new Date(sent.body.packageExpiresAt as string).getUTCHours());
  });

  it("follows the organization's settings on the expiration type and on collaboration", async () => {
    const s = await ready();
    const settings = fillPath(routeUrl(settingRoutes.updatePackageSettings), { orgId: s.org.organizationId });
    await s.admin.request("PATCH", settings, { json: { enable_edit_default_expiration_type: false } });
    const locked = await s.call("PATCH", "", { version: await s.version(), expirationType: "FIXED" });
    expect([locked.status, locked.body.message]).toEqual([400, PACKAGE_MESSAGES.expirationTypeLocked]);
    const collaboration = await s.call("PATCH", "", { version: await s.version(), packageCollaboration: true });
    expect([collaboration.status, collaboration.body.message]).toEqual([400, PACKAGE_MESSAGES.collaborationDisabled]);
    await s.admin.request("PATCH", settings, { json: { enable_pkg_collaboration: true } });
    const allowed = await s.call("PATCH", "", { version: await s.version(), packageCollaboration: true });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });

  it("refuses to send with a fixed expiry in the past", async () => {
    const s = await ready({ expirationType: "FIXED", packageExpiresAt: new Date(Date.now() + 500).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const refused = await s.call("POST", "/send", { version: await s.version() });
    expect(refused.status).toBe(400);
    expect(refused.body.details?.map((detail) => detail.message)).toHaveLength(1);
  });
});
