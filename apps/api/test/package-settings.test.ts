import {
  DEFAULT_PACKAGE_SETTINGS,
  fillPath,
  type PackageSettings,
  type RouteDef,
  routeUrl,
  settingRoutes,
} from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { createPackage, memberOfNewGroup, packageOrg, VIEWER } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 4 §2/§6: the organization's package settings (spec §9 keys), stored as text per key,
// typed and validated by the contract; reading needs VIEW_DOCUMENTS_PACKAGES or VIEW_ADMIN_SETTINGS,
// changing needs MANAGE_ADMIN_SETTINGS; another organization's settings answer 404.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const path = (orgId: string) => fillPath(routeUrl(settingRoutes.getPackageSettings), { orgId });

describe("package settings", () => {
  it("answers the defaults, stores a change as text per key, audits it, and mirrors collaboration", async () => {
    const org = await packageOrg(app.server.db, app.url);
    const orgId = org.org.organizationId;
    const initial = await org.admin.request<PackageSettings>("GET", path(orgId));
    expect([initial.status, initial.body]).toEqual([200, DEFAULT_PACKAGE_SETTINGS]);

    const change = {
      default_expiration_type: "RELATIVE",
      default_relative_expiration_days: 5,
      default_relative_expiration_time: "17:30",
      enable_default_expiration_date: true,
      enable_pkg_collaboration: true,
      timezone: "America/Chicago",
      participant_types: ["Buyer", "Seller"],
    };
    const reply = await org.admin.request<PackageSettings>("PATCH", path(orgId), { json: change });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ ...DEFAULT_PACKAGE_SETTINGS, ...change });
    expect((await org.admin.request<PackageSettings>("GET", path(orgId))).body).toEqual(reply.body);

    const rows = await app.server.db.organizationSetting.findMany({ where: { organizationId: orgId } });
    const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    expect(stored).toMatchObject({
      enable_default_expiration_date: "true",
      default_relative_expiration_days: "5",
      participant_types: JSON.stringify(["Buyer", "Seller"]),
    });
    const organization = await app.server.db.organization.findUniqueOrThrow({ where: { id: orgId } });
    expect(organization.enabledPkgCollaboration).toBe(true);
    const events = await app.server.db.auditEvent.findMany({
      where: { streamType: "organization", streamId: orgId, type: "organization.settings-updated" },
    });
    expect(events).toHaveLength(1);

    // an unchanged value is no change: nothing more is audited
    await org.admin.request("PATCH", path(orgId), { json: { timezone: "America/Chicago" } });
    expect(
      await app.server.db.auditEvent.count({
        where: { streamType: "organization", streamId: orgId, type: "organization.settings-updated" },
      }),
    ).toBe(1);
  });

  it("gives a new package the organization's expiration defaults only when they are enabled", async () => {
    const org = await packageOrg(app.server.db, app.url);
    const orgId = org.org.organizationId;
    const plain = await createPackage(org.admin, org.paths, { name: "Before" });
    expect(plain).toMatchObject({ expirationType: null, scheduledExpiryDays: null, scheduledExpiryTime: null });

    const relative = { default_expiration_type: "RELATIVE", default_relative_expiration_days: 10 };
    await org.admin.request("PATCH", path(orgId), { json: relative });
    const disabled = await createPackage(org.admin, org.paths, { name: "Not enabled" });
    expect(disabled.expirationType).toBeNull();

    await org.admin.request("PATCH", path(orgId), {
      json: { enable_default_expiration_date: true, default_relative_expiration_time: "18:00" },
    });
    const defaulted = await createPackage(org.admin, org.paths, { name: "Defaulted" });
    expect(defaulted).toMatchObject({
      expirationType: "RELATIVE",
      scheduledExpiryDays: 10,
      scheduledExpiryTime: "18:00",
    });
  });

  it("validates each key", async () => {
    const org = await packageOrg(app.server.db, app.url);
    const orgId = org.org.organizationId;
    for (const body of [
      { default_relative_expiration_time: "7pm" },
      { default_relative_expiration_days: -1 },
      { default_expiration_type: "SOMETIMES" },
      { enable_pkg_collaboration: "yes" },
      { timezone: "Mars/Olympus" },
      { participant_types: [] },
      { unknown_setting: "x" },
    ]) {
      const reply = await org.admin.request("PATCH", path(orgId), { json: body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    expect(await app.server.db.organizationSetting.count({ where: { organizationId: orgId } })).toBe(0);
  });

  it("lets package viewers and settings viewers read, only settings managers change", async () => {
    const org = await packageOrg(app.server.db, app.url);
    const orgId = org.org.organizationId;
    const viewer = await memberOfNewGroup(org.org, app.url, VIEWER);
    const settingsViewer = await memberOfNewGroup(org.org, app.url, ["VIEW_ADMIN_SETTINGS"]);
    const neither = await memberOfNewGroup(org.org, app.url, ["VIEW_USERS_GROUPS_ROLES"]);
    const manager = await memberOfNewGroup(org.org, app.url, ["MANAGE_ADMIN_SETTINGS"]);
    expect((await viewer.client.request("GET", path(orgId))).status).toBe(200);
    expect((await settingsViewer.client.request("GET", path(orgId))).status).toBe(200);
    expect((await neither.client.request("GET", path(orgId))).status).toBe(403);
    const patch = { json: { default_relative_expiration_days: 9 } };
    expect((await viewer.client.request("PATCH", path(orgId), patch)).status).toBe(403);
    expect((await settingsViewer.client.request("PATCH", path(orgId), patch)).status).toBe(403);
    expect((await manager.client.request("PATCH", path(orgId), patch)).status).toBe(200);
  });
});

describe("settings tenancy", () => {
  const SAMPLES: Record<string, { body?: unknown }> = {
    getPackageSettings: {},
    updatePackageSettings: { body: { default_relative_expiration_days: 3 } },
  };

  it("has a sample for every settings route", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(settingRoutes).sort());
  });

  it("answers 404 for another organization's settings on every route", async () => {
    const own = await packageOrg(app.server.db, app.url);
    const foreign = await packageOrg(app.server.db, app.url);
    for (const [id, route] of Object.entries(settingRoutes) as [string, RouteDef][]) {
      const url = fillPath(routeUrl(route), { orgId: foreign.org.organizationId });
      const sample = SAMPLES[id] ?? {};
      const reply = await own.admin.request(route.method, url, sample.body ? { json: sample.body } : {});
      expect(reply.status, id).toBe(404);
    }
    expect(
      await app.server.db.organizationSetting.count({ where: { organizationId: foreign.org.organizationId } }),
    ).toBe(0);
  });
});
