import {
  DEFAULT_PACKAGE_SETTINGS,
  fillPath,
  MESSAGES,
  type PackageSettings,
  routes,
  routeUrl,
  SETTING_METADATA_MESSAGES,
  SETTING_NAMES,
  type SettingDefinition,
  type SettingMetaData,
  type SettingMetaDataList,
  type SigningRoomSettings,
  settingDefinition,
  settingMetaDataRoutes,
  settingRoutes,
  signingAdminRoutes,
} from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { memberOfNewGroup, packageOrg, VIEWER } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 13 §1: spec §7 metaData over the one store of organization settings. Every registered
// setting reads with its default until set (version 0), POST sets, PUT changes with the version
// read ('Version not matched' when stale; all or nothing), DELETE restores the default. Values are
// validated by their declared type, unknown names are refused by name, the typed views see the
// same values, reading needs VIEW_ADMIN_SETTINGS or VIEW_DOCUMENTS_PACKAGES, writing
// MANAGE_ADMIN_SETTINGS, and another organization's settings answer 404.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const db = () => app.server.db;
const metaData = (orgId: string) => fillPath(routeUrl(settingMetaDataRoutes.listSettingMetaData), { orgId });
const one = (orgId: string, settingId: string, version: number) =>
  `${fillPath(routeUrl(settingMetaDataRoutes.deleteSettingMetaData), { orgId, settingId })}?version=${version}`;
const packageSettings = (orgId: string) => fillPath(routeUrl(settingRoutes.getPackageSettings), { orgId });
const roomSettings = (orgId: string) => fillPath(routeUrl(signingAdminRoutes.getSigningRoomSettings), { orgId });
const byName = (list: SettingMetaDataList) =>
  Object.fromEntries(list.records.map((record) => [record.settingName, record]));
const auditTypes = async (orgId: string) =>
  (
    await db().auditEvent.findMany({
      where: { streamType: "organization", streamId: orgId, type: { startsWith: "organization.metadata" } },
      orderBy: { sequence: "asc" },
    })
  ).map((event) => event.type);

describe("GET metaData", () => {
  it("answers every registered setting with its default, type, category and version 0 until set", async () => {
    const { org, admin } = await packageOrg(db(), app.url);
    const reply = await admin.get<SettingMetaDataList>(metaData(org.organizationId));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.records.map((record) => record.settingName)).toEqual(SETTING_NAMES);
    expect(reply.body.count).toBe(SETTING_NAMES.length);
    const settings = byName(reply.body);
    expect(settings.default_relative_expiration_days).toMatchObject({
      id: null,
      organizationUid: org.organizationId,
      value: "30",
      defaultValue: "30",
      type: "INTEGER",
      category: "DOC_PACKAGE_MGMT",
      subCategory: "PACKAGE_EXPIRATION",
      version: 0,
      elementType: "ORGANIZATION",
      elementId: org.organizationId,
    });
    expect(settings.mfa_required).toMatchObject({ type: "BOOLEAN", category: "SECURITY", value: "false", version: 0 });
    expect(settings.default_id_verification?.allowedValues).toEqual(["NONE", "SMS_CODE", "KBA"]);
  });

  it("filters by category, sub-category, names and element", async () => {
    const { org, admin } = await packageOrg(db(), app.url);
    const path = metaData(org.organizationId);
    const names = async (query: string) =>
      (await admin.get<SettingMetaDataList>(`${path}?${query}`)).body.records.map((record) => record.settingName);
    // the registry says which settings a filter holds; the answer keeps the registry's order
    const registered = (where: (definition: SettingDefinition) => boolean) =>
      SETTING_NAMES.filter((name) => where(settingDefinition(name)));
    const branding = registered((definition) => definition.subCategory === "BRANDING");
    expect(branding).toContain("default_logo");
    expect(await names("subCategory=BRANDING")).toEqual(branding);
    expect(await names("category=SECURITY")).toEqual(registered((definition) => definition.category === "SECURITY"));
    expect(await names("category=SIGNING_ROOM&subCategory=PACKAGE_EXPIRATION")).toEqual([]);
    expect(await names("settingNames=timezone,logo_url")).toEqual(["timezone", "logo_url"]);
    expect(await names("settingNames=timezone&settingNames=mfa_required")).toEqual(["timezone", "mfa_required"]);
    expect(await names(`elementType=ORGANIZATION&elementId=${org.organizationId}&category=SECURITY`)).toEqual([
      "mfa_required",
    ]);
  });

  it("refuses unknown names by name, an unknown category and another element", async () => {
    const { org, admin } = await packageOrg(db(), app.url);
    const path = metaData(org.organizationId);
    const unknown = await admin.get(`${path}?settingNames=timezone,shoe_size,hat_size`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^Unknown settings: shoe_size, hat_size\./);
    expect((await admin.get(`${path}?category=WEATHER`)).status).toBe(400);
    expect((await admin.get(`${path}?elementType=PACKAGE`)).status).toBe(400);
    const other = await admin.get(`${path}?elementId=00000000-0000-4000-8000-000000000000`);
    expect([other.status, other.body.message]).toEqual([400, SETTING_METADATA_MESSAGES.elementNotOrganization]);
  });
});

describe("POST, PUT and DELETE metaData", () => {
  it("sets, changes with the version read, and restores the default; the typed views see each value", async () => {
    const { org, admin } = await packageOrg(db(), app.url);
    const orgId = org.organizationId;
    const path = metaData(orgId);

    const created = await admin.request<SettingMetaDataList>("POST", path, {
      json: [
        { settingName: "default_relative_expiration_days", value: "12" },
        { settingName: "enable_pkg_collaboration", value: true },
        { settingName: "participant_types", value: ["Buyer", "Seller"] },
        { settingName: "primary_color", value: "#112233" },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const set = byName(created.body);
    expect(set.default_relative_expiration_days).toMatchObject({ value: "12", version: 1, defaultValue: "30" });
    expect(set.enable_pkg_collaboration?.value).toBe("true");
    expect(set.participant_types?.value).toBe('["Buyer","Seller"]');
    expect(set.default_relative_expiration_days?.id).toEqual(expect.any(String));
    expect(set.default_relative_expiration_days?.updatedBy).toBe(org.admin.id);

    // the typed views are views over the same rows
    const typed = await admin.get<PackageSettings>(packageSettings(orgId));
    expect(typed.body).toEqual({
      ...DEFAULT_PACKAGE_SETTINGS,
      default_relative_expiration_days: 12,
      enable_pkg_collaboration: true,
      participant_types: ["Buyer", "Seller"],
    });
    expect((await admin.get<SigningRoomSettings>(roomSettings(orgId))).body.primary_color).toBe("#112233");
    // the collaboration flag packages read is mirrored, as the typed endpoint does
    expect((await db().organization.findUniqueOrThrow({ where: { id: orgId } })).enabledPkgCollaboration).toBe(true);

    // POST of a setting already set: 409, nothing written
    const again = await admin.request("POST", path, {
      json: [
        { settingName: "timezone", value: "America/Chicago" },
        { settingName: "primary_color", value: "#445566" },
      ],
    });
    expect([again.status, again.body.message]).toEqual([409, SETTING_METADATA_MESSAGES.alreadySet(["primary_color"])]);
    expect(await db().organizationSetting.count({ where: { organizationId: orgId, key: "timezone" } })).toBe(0);

    // PUT with the versions read: a set one (1) and a never-set one (0)
    const updated = await admin.request<SettingMetaDataList>("PUT", path, {
      json: [
        { settingName: "default_relative_expiration_days", value: 20, version: 1 },
        { settingName: "timezone", value: "America/Denver", version: 0 },
      ],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(byName(updated.body).default_relative_expiration_days).toMatchObject({ value: "20", version: 2 });
    expect(byName(updated.body).timezone).toMatchObject({ value: "America/Denver", version: 1 });

    // a stale version: 'Version not matched', and nothing of the request is written (all or nothing)
    const stale = await admin.request("PUT", path, {
      json: [
        { settingName: "timezone", value: "America/Chicago", version: 1 },
        { settingName: "default_relative_expiration_days", value: 25, version: 1 },
      ],
    });
    expect([stale.status, stale.body.message]).toEqual([409, MESSAGES.versionNotMatched]);
    expect(stale.body.details).toEqual([
      { path: "default_relative_expiration_days", message: "Version not matched: default_relative_expiration_days" },
    ]);
    const rows = await db().organizationSetting.findMany({ where: { organizationId: orgId } });
    const stored = Object.fromEntries(rows.map((row) => [row.key, [row.value, row.version]]));
    expect(stored.timezone).toEqual(["America/Denver", 1]);
    expect(stored.default_relative_expiration_days).toEqual(["20", 2]);

    // the typed endpoint's write moves the same version on
    await admin.request("PATCH", packageSettings(orgId), { json: { default_relative_expiration_days: 21 } });
    const afterTyped = byName(
      (await admin.get<SettingMetaDataList>(`${path}?settingNames=default_relative_expiration_days`)).body,
    );
    expect(afterTyped.default_relative_expiration_days).toMatchObject({ value: "21", version: 3 });

    // DELETE with a stale version: 409; with the current one: the default again
    const id = afterTyped.default_relative_expiration_days!.id!;
    const staleDelete = await admin.request("DELETE", one(orgId, id, 2));
    expect([staleDelete.status, staleDelete.body.message]).toEqual([409, MESSAGES.versionNotMatched]);
    const reset = await admin.request<SettingMetaData>("DELETE", one(orgId, id, 3));
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toMatchObject({ id: null, value: "30", version: 0 });
    expect((await admin.get<PackageSettings>(packageSettings(orgId))).body.default_relative_expiration_days).toBe(30);
    const gone = await admin.request("DELETE", one(orgId, id, 3));
    expect([gone.status, gone.body.message]).toEqual([404, SETTING_METADATA_MESSAGES.settingNotFound]);

    // resetting collaboration restores the mirrored flag too
    const collaboration = set.enable_pkg_collaboration!;
    expect((await admin.request("DELETE", one(orgId, collaboration.id!, 1))).status).toBe(200);
    expect((await db().organization.findUniqueOrThrow({ where: { id: orgId } })).enabledPkgCollaboration).toBe(false);

    expect(await auditTypes(orgId)).toEqual([
      "organization.metadata-created",
      "organization.metadata-updated",
      "organization.metadata-reset",
      "organization.metadata-reset",
    ]);
  });

  it("leaves an unchanged value alone (no new version, no audit event)", async () => {
    const { org, admin } = await packageOrg(db(), app.url);
    const path = metaData(org.organizationId);
    await admin.request("POST", path, { json: [{ settingName: "mfa_required", value: "true" }] });
    const same = await admin.request<SettingMetaDataList>("PUT", path, {
      json: [{ settingName: "mfa_required", value: true, version: 1 }],
    });
    expect(same.status).toBe(200);
    expect(same.body.records[0]).toMatchObject({ value: "true", version: 1 });
    expect(await auditTypes(org.organizationId)).toEqual(["organization.metadata-created"]);
  });

  it("moves the version on a change through any typed view, so a metaData PUT holding an older one is refused", async () => {
    const { org, admin } = await packageOrg(db(), app.url);
    const orgId = org.organizationId;
    const path = metaData(orgId);
    await admin.request("POST", path, { json: [{ settingName: "email_from_text", value: "First Bank" }] });
    // the email settings view writes the row without touching its version: the store moves it
    const emailSettings = fillPath(routeUrl(routes.updateEmailSettings), { orgId });
    const typed = await admin.request("PUT", `${emailSettings}?fromText=${encodeURIComponent("Second Bank")}`);
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    const read = byName((await admin.get<SettingMetaDataList>(`${path}?settingNames=email_from_text`)).body);
    expect(read.email_from_text).toMatchObject({ value: "Second Bank", version: 2 });
    const stale = await admin.request("PUT", path, {
      json: [{ settingName: "email_from_text", value: "Third Bank", version: 1 }],
    });
    expect([stale.status, stale.body.message]).toEqual([409, MESSAGES.versionNotMatched]);
    // the metaData write moves it once, not twice
    const fresh = await admin.request<SettingMetaDataList>("PUT", path, {
      json: [{ settingName: "email_from_text", value: "Third Bank", version: 2 }],
    });
    expect(fresh.body.records[0]).toMatchObject({ value: "Third Bank", version: 3 });
  });

  it("validates every value by its declared type and rules, refuses unknown and repeated names, writes nothing", async () => {
    const { org, admin } = await packageOrg(db(), app.url);
    const orgId = org.organizationId;
    const path = metaData(orgId);
    const cases: [unknown, RegExp][] = [
      [[{ settingName: "enable_pkg_collaboration", value: "yes" }], /^enable_pkg_collaboration: Use true or false\./],
      [[{ settingName: "default_relative_expiration_days", value: "ten" }], /whole number/],
      [[{ settingName: "default_relative_expiration_days", value: 99999 }], /default_relative_expiration_days/],
      [[{ settingName: "timezone", value: "Mars/Olympus" }], /time zone/],
      [[{ settingName: "participant_types", value: "[]" }], /participant_types/],
      [[{ settingName: "primary_color", value: "red" }], /colour/],
      [[{ settingName: "mfa_required", value: 1 }], /true or false/],
      [
        [
          { settingName: "timezone", value: "UTC" },
          { settingName: "shoe_size", value: "44" },
        ],
        /^Unknown setting: shoe_size\./,
      ],
      [
        [
          { settingName: "timezone", value: "UTC" },
          { settingName: "timezone", value: "America/Chicago" },
        ],
        /once in a request: timezone/,
      ],
      [[], /./],
      [[{ settingName: "timezone" }], /./],
    ];
    for (const [body, message] of cases) {
      for (const method of ["POST", "PUT"] as const) {
        const json =
          method === "PUT" && Array.isArray(body) ? body.map((item: object) => ({ ...item, version: 0 })) : body;
        const reply = await admin.request(method, path, { json });
        expect(reply.status, `${method} ${JSON.stringify(json)}`).toBe(400);
        expect(reply.body.message, JSON.stringify(json)).toMatch(message);
      }
    }
    // spec §5: CUSTOM consent needs an uploaded consent document, on this route as on the typed one
    const consent = await admin.request("POST", path, {
      json: [{ settingName: "esign_consent_type", value: "CUSTOM" }],
    });
    expect(consent.status).toBe(400);
    expect(await db().organizationSetting.count({ where: { organizationId: orgId } })).toBe(0);
    expect(await auditTypes(orgId)).toEqual([]);
  });

  it("lets package viewers and settings viewers read, only settings managers write", async () => {
    const { org, admin } = await packageOrg(db(), app.url);
    const orgId = org.organizationId;
    const path = metaData(orgId);
    const viewer = await memberOfNewGroup(org, app.url, VIEWER);
    const settingsViewer = await memberOfNewGroup(org, app.url, ["VIEW_ADMIN_SETTINGS"]);
    const neither = await memberOfNewGroup(org, app.url, ["VIEW_USERS_GROUPS_ROLES"]);
    const manager = await memberOfNewGroup(org, app.url, ["MANAGE_ADMIN_SETTINGS"]);
    expect((await viewer.client.get(path)).status).toBe(200);
    expect((await settingsViewer.client.get(path)).status).toBe(200);
    expect((await neither.client.get(path)).status).toBe(403);
    const body = { json: [{ settingName: "logo_url", value: "https://bank.example/logo.png" }] };
    expect((await viewer.client.request("POST", path, body)).status).toBe(403);
    expect((await settingsViewer.client.request("POST", path, body)).status).toBe(403);
    const created = await manager.client.request<SettingMetaDataList>("POST", path, body);
    expect(created.status).toBe(201);
    const id = created.body.records[0]!.id!;
    expect((await settingsViewer.client.request("DELETE", one(orgId, id, 1))).status).toBe(403);
    expect((await admin.request("DELETE", one(orgId, id, 1))).status).toBe(200);
  });

  it("answers 404 for another organization's settings, also through our organization's path", async () => {
    const own = await packageOrg(db(), app.url);
    const foreign = await packageOrg(db(), app.url);
    const foreignPath = metaData(foreign.org.organizationId);
    const created = await foreign.admin.request<SettingMetaDataList>("POST", foreignPath, {
      json: [{ settingName: "timezone", value: "America/Chicago" }],
    });
    const foreignId = created.body.records[0]!.id!;
    expect((await own.admin.get(foreignPath)).status).toBe(404);
    const body = { json: [{ settingName: "timezone", value: "UTC", version: 1 }] };
    expect((await own.admin.request("PUT", foreignPath, body)).status).toBe(404);
    expect((await own.admin.request("DELETE", one(foreign.org.organizationId, foreignId, 1))).status).toBe(404);
    expect((await own.admin.request("DELETE", one(own.org.organizationId, foreignId, 1))).status).toBe(404);
    const row = await db().organizationSetting.findUniqueOrThrow({ where: { id: foreignId } });
    expect([row.value, row.version]).toEqual(["America/Chicago", 1]);
  });
});
