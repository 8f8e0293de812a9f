import { createHash } from "node:crypto";
import * as zlib from "node:zlib";
import {
  type ConfigurationExportSummary,
  type ConfigurationImportResult,
  type ConfigurationPlan,
  fillPath,
  HEADERS,
  IMPORT_EXPORT_MESSAGES,
  routes,
  routeUrl,
} from "@signet/contract";
import { readConfigurationArchive } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { ACCESS_TEST_ENV, type AccessOrg, organizationWithAdmin } from "./support/access-fixtures.ts";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import type { HttpClient } from "./support/http-client.ts";
import { memberOfNewGroup } from "./support/package-fixtures.ts";
import { signedIn } from "./support/signed-in.ts";
import { TINY_PNG } from "./support/signing-fixtures.ts";
import { cookieHeader } from "./support/signing-room-helpers.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 13 §6: export an organization's configuration as one zip, dry-run it against another
// organization (creates, changes, conflicts listed item by item), and import it in one transaction.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());
const db = () => app.server.db;

const PNG = Buffer.from(TINY_PNG.split(",")[1]!, "base64");
const url = (route: { base: "api" | "cas"; version?: number; path: string }, orgId: string) =>
  fillPath(routeUrl(route), { orgId });

// ---- zips by hand: the test needs archives no well-behaved writer makes (traversal names, bombs) ----

const crc32 = (bytes: Buffer) => (zlib as unknown as { crc32(data: Buffer): number }).crc32(bytes);

function zip(entries: [name: string, bytes: Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, bytes] of entries) {
    const packed = zlib.deflateRawSync(bytes);
    const nameBytes = Buffer.from(name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(bytes), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(bytes.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(bytes), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(bytes.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on("entry", (entry: yauzl.Entry) =>
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        }),
      );
      file.on("end", () => resolve(entries));
      file.readEntry();
    });
  });
}

/** The archive with some entries replaced (JSON values are written as JSON) or removed (null). */
async function edited(archive: Buffer, changes: Record<string, unknown>): Promise<Buffer> {
  const entries = await unzip(archive);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) entries.delete(name);
    else entries.set(name, Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value)));
  }
  return zip([...entries]);
}

// ---- HTTP ----

async function download(client: HttpClient, orgId: string) {
  const response = await fetch(`${client.baseUrl}${url(routes.exportConfiguration, orgId)}`, {
    headers: { cookie: cookieHeader(client) },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

async function upload<T>(
  client: HttpClient,
  path: string,
  parts: { archive?: Buffer; fingerprint?: string },
): Promise<{ status: number; body: T & { message?: string } }> {
  const form = new FormData();
  if (parts.archive)
    form.append("archive", new Blob([new Uint8Array(parts.archive)], { type: "application/zip" }), "config.zip");
  if (parts.fingerprint !== undefined) form.append("fingerprint", parts.fingerprint);
  const csrf = client.jar.get(client.csrfCookie);
  const response = await fetch(`${client.baseUrl}${path}`, {
    method: "POST",
    headers: { cookie: cookieHeader(client), ...(csrf ? { [HEADERS.csrf]: csrf } : {}) },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

const dryRun = (client: HttpClient, orgId: string, archive?: Buffer) =>
  upload<ConfigurationPlan>(client, url(routes.dryRunConfigurationImport, orgId), archive ? { archive } : {});
const apply = (client: HttpClient, orgId: string, archive: Buffer, fingerprint?: string) =>
  upload<ConfigurationImportResult>(client, url(routes.importConfiguration, orgId), { archive, fingerprint });

async function call(client: HttpClient, method: "POST" | "PUT", path: string, json: unknown) {
  const reply = await client.request(method, path, { json });
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as Record<string, unknown>;
}

/** A source organization configured through the API: every section has something in it. */
async function configuredOrganization() {
  const org = await organizationWithAdmin(db());
  const admin = await signedIn(app.url, org.admin.email);
  const id = org.organizationId;
  const p = (route: Parameters<typeof url>[0]) => url(route, id);
  const loanOfficer = await call(admin, "POST", p(routes.createRole), {
    name: "Loan officer",
    description: "Builds and sends packages",
    roleColor: "#1A2B3C",
    permissions: ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"],
  });
  const auditor = await call(admin, "POST", p(routes.createRole), {
    name: "Auditor",
    permissions: ["VIEW_AND_MANAGE_REPORTS"],
  });
  const east = await call(admin, "POST", p(routes.createGroup), {
    name: "East",
    roleIds: [loanOfficer.id, auditor.id],
  });
  await call(admin, "POST", p(routes.createGroup), {
    name: "Boston branch",
    parentId: east.id,
    roleIds: [loanOfficer.id],
    description: "Downtown office",
  });
  await call(admin, "POST", p(routes.createCustomField), {
    customFieldId: "loanNumber",
    name: "Loan number",
    dataType: "TEXT",
    required: true,
  });
  await call(admin, "POST", p(routes.createCustomField), {
    customFieldId: "loanType",
    name: "Loan type",
    dataType: "SELECT",
    selectOptions: ["Purchase", "Refinance"],
  });
  await call(admin, "POST", p(routes.createEmailTemplate), {
    kind: "invitation",
    name: "Friendly invitation",
    isDefault: true,
    contents: {
      en: {
        subject: "Please sign {{package.name}}",
        body: '<p>Hello, please sign {{package.name}}: <a href="{{signingLink}}">open it</a>.</p>',
      },
    },
  });
  await call(admin, "POST", p(routes.createEmailNotification), {
    name: "Compliance desk",
    events: ["PACKAGE_COMPLETED", "PARTICIPANT_DECLINED"],
    addresses: ["compliance@bank.example"],
  });
  await call(admin, "POST", p(routes.createWebhook), {
    url: "https://hooks.example.com/signet",
    description: "Loan system",
    eventTypes: ["package.completed", "package.sent"],
  });
  await call(admin, "POST", p(routes.createSettingMetaData), [
    { settingName: "timezone", value: "America/Chicago" },
    { settingName: "primary_color", value: "#123456" },
    { settingName: "reminders_enabled", value: true },
  ]);
  const form = new FormData();
  form.append("contents", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "logo.png");
  const csrf = admin.jar.get(admin.csrfCookie) ?? "";
  const logoReply = await fetch(`${admin.baseUrl}/api/v1/organizations/${id}/logo`, {
    method: "POST",
    headers: { cookie: cookieHeader(admin), [HEADERS.csrf]: csrf },
    body: form,
  });
  expect(logoReply.status).toBe(201);
  return { org, admin };
}

async function emptyOrganization(): Promise<{ org: AccessOrg; admin: HttpClient }> {
  const org = await organizationWithAdmin(db());
  return { org, admin: await signedIn(app.url, org.admin.email) };
}

/** What the target holds, to show an import wrote nothing. */
async function snapshot(organizationId: string) {
  const [roles, groups, fields, templates, rules, webhooks, settings, audits] = await Promise.all([
    db().role.count({ where: { organizationId } }),
    db().group.count({ where: { organizationId } }),
    db().customField.count({ where: { organizationId } }),
    db().emailTemplate.count({ where: { organizationId } }),
    db().emailNotificationRule.count({ where: { organizationId } }),
    db().webhookEndpoint.count({ where: { organizationId } }),
    db().organizationSetting.findMany({ where: { organizationId }, orderBy: { key: "asc" } }),
    db().auditEvent.count({ where: { organizationId, type: "organization.configuration-imported" } }),
  ]);
  return { roles, groups, fields, templates, rules, webhooks, settings: settings.map((s) => [s.key, s.value]), audits };
}

const itemsOf = (plan: ConfigurationPlan, section: string) =>
  Object.fromEntries((plan.sections.find((s) => s.name === section)?.items ?? []).map((item) => [item.label, item]));

let source: Awaited<ReturnType<typeof configuredOrganization>>;
let archive: Buffer;
beforeAll(async () => {
  source = await configuredOrganization();
  const exported = await download(source.admin, source.org.organizationId);
  expect(exported.status).toBe(200);
  archive = exported.bytes;
});

describe("export", () => {
  it("answers one zip with a manifest and one JSON file per section, by natural keys and without secrets", async () => {
    const exported = await download(source.admin, source.org.organizationId);
    expect(exported.headers.get("content-type")).toBe("application/zip");
    expect(exported.headers.get("content-disposition")).toMatch(
      /attachment; filename=".*-configuration-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const entries = await unzip(exported.bytes);
    const manifest = JSON.parse(entries.get("manifest.json")!.toString());
    expect(manifest).toMatchObject({
      format: "signet-organization-configuration",
      formatVersion: 1,
      source: { organizationName: expect.any(String), installation: expect.stringMatching(/^http/) },
    });
    expect(manifest.sections.map((s: { name: string; count: number }) => [s.name, s.count])).toEqual([
      ["settings", expect.any(Number)],
      ["branding", 1],
      ["roles", 2],
      ["groups", 3],
      ["customFields", 2],
      ["emailTemplates", 1],
      ["emailNotifications", 1],
      ["webhooks", 1],
      ["documentTemplates", 0],
      ["packageTemplates", 0],
    ]);
    const groups = JSON.parse(entries.get("groups.json")!.toString()).items;
    expect(groups).toContainEqual({
      path: ["East", "Boston branch"],
      description: "Downtown office",
      roles: ["Loan officer"],
    });
    const webhooks = JSON.parse(entries.get("webhooks.json")!.toString()).items;
    expect(webhooks).toEqual([
      {
        url: "https://hooks.example.com/signet",
        description: "Loan system",
        eventTypes: ["package.completed", "package.sent"],
        enabled: true,
      },
    ]);
    const text = [...entries.values()].map((bytes) => bytes.toString("latin1")).join("\n");
    expect(text).not.toMatch(/whsec_/);
    expect(text).not.toContain(source.org.organizationId);
    expect(text).not.toContain(source.org.admin.email);
    expect(entries.get(`files/branding/${createHash("sha256").update(PNG).digest("hex")}.png`)).toEqual(PNG);
    const audit = await db().auditEvent.findFirst({
      where: { organizationId: source.org.organizationId, type: "organization.configuration-exported" },
    });
    expect(audit).not.toBeNull();
  });

  it("summarises what an export holds, with counts", async () => {
    const reply = await source.admin.request<ConfigurationExportSummary>(
      "GET",
      url(routes.getConfigurationExportSummary, source.org.organizationId),
    );
    expect(reply.status).toBe(200);
    expect(Object.fromEntries(reply.body.sections.map((s) => [s.name, s.count]))).toMatchObject({
      roles: 2,
      groups: 3,
      customFields: 2,
      webhooks: 1,
      branding: 1,
    });
  });
});

describe("import into an empty organization", () => {
  it("dry-runs, applies in one go, and exporting again describes the same configuration", async () => {
    const target = await emptyOrganization();
    const targetId = target.org.organizationId;
    const before = await snapshot(targetId);
    const plan = await dryRun(target.admin, targetId, archive);
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(await snapshot(targetId)).toEqual(before); // a dry run writes nothing
    expect(plan.body.canApply).toBe(true);
    expect(plan.body.counts.CONFLICT).toBe(0);
    const roles = itemsOf(plan.body, "roles");
    expect(roles["Loan officer"]?.action).toBe("CREATE");
    const groups = itemsOf(plan.body, "groups");
    expect(groups["Org Admin"]?.action).toBe("UNCHANGED");
    expect(groups["East / Boston branch"]?.action).toBe("CREATE");
    const settings = itemsOf(plan.body, "settings");
    expect(settings.Timezone).toMatchObject({ action: "CHANGE", changes: ["Value"] });
    expect(itemsOf(plan.body, "webhooks")["https://hooks.example.com/signet"]?.notes[0]).toMatch(/new signing secret/);

    const result = await apply(target.admin, targetId, archive, plan.body.fingerprint);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.counts).toEqual(plan.body.counts);
    expect(result.body.webhookSecrets).toEqual([
      { url: "https://hooks.example.com/signet", secret: expect.stringMatching(/^whsec_/) },
    ]);
    const audit = await db().auditEvent.findFirst({
      where: { organizationId: targetId, streamType: "organization", type: "organization.configuration-imported" },
    });
    expect(audit?.data).toMatchObject({ created: plan.body.counts.CREATE, changed: plan.body.counts.CHANGE });

    const again = await download(target.admin, targetId);
    const first = await readConfigurationArchive(archive);
    const second = await readConfigurationArchive(again.bytes);
    expect(second.sections).toEqual(first.sections);
    expect([...second.files.values()]).toEqual([...first.files.values()]);
    expect(second.manifest.sections).toEqual(first.manifest.sections);

    // the same archive again: nothing left to do
    const rerun = await dryRun(target.admin, targetId, archive);
    expect(rerun.body.counts).toMatchObject({ CREATE: 0, CHANGE: 0, CONFLICT: 0 });
    expect(rerun.body.canApply).toBe(false);
  });
});

describe("dry run", () => {
  it("lists changes with their fields and every conflict, and an import with conflicts writes nothing", async () => {
    const target = await emptyOrganization();
    const id = target.org.organizationId;
    await call(target.admin, "POST", url(routes.createRole, id), {
      name: "Loan officer",
      roleColor: "#1A2B3C",
      description: "Builds and sends packages",
      permissions: ["VIEW_DOCUMENTS_PACKAGES"],
    });
    await call(target.admin, "POST", url(routes.createCustomField, id), {
      customFieldId: "loanNumber",
      name: "Loan number",
      dataType: "WHOLE_NUMBER",
    });
    const entries = await unzip(archive);
    const roles = JSON.parse(entries.get("roles.json")!.toString());
    const groups = JSON.parse(entries.get("groups.json")!.toString());
    const crafted = await edited(archive, {
      "roles.json": { items: [...roles.items, { name: "Admin", description: null, roleColor: null, permissions: [] }] },
      "groups.json": {
        items: [...groups.items, { path: ["West", "Denver"], description: null, roles: [] }],
      },
    });
    const before = await snapshot(id);
    const plan = await dryRun(target.admin, id, crafted);
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(itemsOf(plan.body, "roles")["Loan officer"]).toMatchObject({ action: "CHANGE", changes: ["Permissions"] });
    expect(itemsOf(plan.body, "roles").Auditor?.action).toBe("CREATE");
    expect(itemsOf(plan.body, "roles").Admin).toMatchObject({
      action: "CONFLICT",
      message: expect.stringMatching(/system-defined/),
    });
    expect(itemsOf(plan.body, "groups")["West / Denver"]).toMatchObject({
      action: "CONFLICT",
      message: expect.stringMatching(/parent group West is neither/),
    });
    expect(itemsOf(plan.body, "customFields")["Loan number (loanNumber)"]).toMatchObject({
      action: "CONFLICT",
      message: expect.stringMatching(/type differs: WHOLE_NUMBER here, TEXT in the archive/),
    });
    expect(plan.body.counts.CONFLICT).toBe(3);
    expect(plan.body.canApply).toBe(false);

    const refused = await apply(target.admin, id, crafted, plan.body.fingerprint);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(IMPORT_EXPORT_MESSAGES.conflictsRemain);
    expect(await snapshot(id)).toEqual(before);
  });
});

describe("all or nothing", () => {
  it("refuses when the organization changed since the dry run, and writes nothing", async () => {
    const target = await emptyOrganization();
    const id = target.org.organizationId;
    const plan = await dryRun(target.admin, id, archive);
    expect(plan.body.canApply).toBe(true);
    // someone creates a role the archive would create, between the dry run and the import
    await call(target.admin, "POST", url(routes.createRole, id), { name: "Auditor", permissions: [] });
    const before = await snapshot(id);
    const reply = await apply(target.admin, id, archive, plan.body.fingerprint);
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(IMPORT_EXPORT_MESSAGES.targetChanged);
    expect(await snapshot(id)).toEqual(before);
  });

  it("rolls every section back when a write fails midway (a conflicting row appears under the import)", async () => {
    const target = await emptyOrganization();
    const id = target.org.organizationId;
    const plan = await dryRun(target.admin, id, archive);
    const before = await snapshot(id);
    // webhooks are written last: a row racing in makes the last write fail after every other section wrote
    await db().$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION import_test_conflict() RETURNS trigger AS $$
      BEGIN
        IF NEW."organizationId" = '${id}'::uuid THEN
          RAISE EXCEPTION 'duplicate key value violates unique constraint' USING ERRCODE = 'unique_violation';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await db().$executeRawUnsafe(
      `CREATE TRIGGER import_test_conflict BEFORE INSERT ON "WebhookEndpoint" FOR EACH ROW EXECUTE FUNCTION import_test_conflict()`,
    );
    try {
      const reply = await apply(target.admin, id, archive, plan.body.fingerprint);
      expect(reply.status, JSON.stringify(reply.body)).toBe(409);
      expect(reply.body.message).toBe(IMPORT_EXPORT_MESSAGES.applyFailed);
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER import_test_conflict ON "WebhookEndpoint"`);
      await db().$executeRawUnsafe("DROP FUNCTION import_test_conflict()");
    }
    expect(await snapshot(id)).toEqual(before);
    // and once the obstacle is gone the same dry run applies
    const retry = await apply(target.admin, id, archive, plan.body.fingerprint);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
  });
});

describe("who may", () => {
  it("answers 403 to a member without MANAGE_ORG_IMPORT_EXPORT and 404 for another organization", async () => {
    const org = source.org;
    const { client: member } = await memberOfNewGroup(org, app.url, [
      "MANAGE_ADMIN_SETTINGS",
      "MANAGE_DOCUMENTS_PACKAGES",
    ]);
    const id = org.organizationId;
    expect((await member.request("GET", url(routes.getConfigurationExportSummary, id))).status).toBe(403);
    expect((await download(member, id)).status).toBe(403);
    expect((await dryRun(member, id, archive)).status).toBe(403);
    expect((await apply(member, id, archive, "x")).status).toBe(403);

    const other = await emptyOrganization();
    const foreignId = other.org.organizationId;
    const before = await snapshot(foreignId);
    expect((await source.admin.request("GET", url(routes.getConfigurationExportSummary, foreignId))).status).toBe(404);
    expect((await download(source.admin, foreignId)).status).toBe(404);
    expect((await dryRun(source.admin, foreignId, archive)).status).toBe(404);
    const plan = await dryRun(other.admin, foreignId, archive);
    expect((await apply(source.admin, foreignId, archive, plan.body.fingerprint)).status).toBe(404);
    expect(await snapshot(foreignId)).toEqual(before);
  });
});

describe("the support user", () => {
  it("exports, dry-runs and imports in another organization", async () => {
    const support = await organizationWithUser(db(), { eoSupport: true });
    const client = await signedIn(app.url, support.user.email, PASSWORD);
    const target = await emptyOrganization();
    const id = target.org.organizationId;
    expect((await download(client, source.org.organizationId)).status).toBe(200);
    const plan = await dryRun(client, id, archive);
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const applied = await apply(client, id, archive, plan.body.fingerprint);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const audit = await db().auditEvent.findFirstOrThrow({
      where: { organizationId: id, type: "organization.configuration-imported" },
    });
    expect(audit.actorId).toBe(support.user.id);
    expect(await db().role.count({ where: { organizationId: id, nameKey: "loan officer" } })).toBe(1);
  });
});

describe("malformed archives answer 400 with what is wrong", () => {
  const manifestOf = async () => JSON.parse((await unzip(archive)).get("manifest.json")!.toString());
  const cases: [string, () => Promise<Buffer>, RegExp][] = [
    ["not a zip", async () => Buffer.from("%PDF-1.7 not a zip"), /not a zip archive/],
    ["no manifest", () => edited(archive, { "manifest.json": null }), /no manifest\.json/],
    [
      "bad JSON",
      () => edited(archive, { "roles.json": Buffer.from("{ not json") }),
      /^roles\.json: This is not valid JSON\./,
    ],
    [
      "a field of the wrong type",
      () =>
        edited(archive, {
          "roles.json": { items: [{ name: "X", description: null, roleColor: null, permissions: ["FLY"] }] },
        }),
      /^roles\.json: items\[0\]\.permissions\[0\]: /,
    ],
    [
      "an unknown format version",
      async () => edited(archive, { "manifest.json": { ...(await manifestOf()), formatVersion: 99 } }),
      /^manifest\.json: formatVersion: Version 99 is not supported/,
    ],
    [
      "an unknown section",
      async () => {
        const manifest = await manifestOf();
        return edited(archive, {
          "manifest.json": {
            ...manifest,
            sections: [...manifest.sections, { name: "spaceships", file: "spaceships.json", count: 0 }],
          },
        });
      },
      /does not support the section "spaceships"/,
    ],
    [
      "a path climbing out",
      async () => zip([...(await unzip(archive)), ["../../etc/evil.json", Buffer.from("{}")]]),
      /unsafe name \(\.\.\/\.\.\/etc\/evil\.json\)/,
    ],
    [
      "an absolute path",
      async () => zip([...(await unzip(archive)), ["/etc/passwd", Buffer.from("x")]]),
      /unsafe name/,
    ],
    [
      "an entry of another name",
      async () => zip([...(await unzip(archive)), ["notes.txt", Buffer.from("x")]]),
      /does not know: notes\.txt/,
    ],
    [
      "a zip bomb",
      async () => zip([...(await unzip(archive)), ["files/branding/padding.png", Buffer.alloc(8 * 1024 * 1024)]]),
      /unpacks to far more than its packed size/,
    ],
    [
      "a duplicated item",
      async () => {
        const roles = JSON.parse((await unzip(archive)).get("roles.json")!.toString());
        return edited(archive, { "roles.json": { items: [...roles.items, roles.items[0]] } });
      },
      /^roles\.json: items\[2\]: ".*" appears twice\./,
    ],
  ];

  it.each(cases)("%s", async (_name, make, message) => {
    const target = await emptyOrganization();
    const before = await snapshot(target.org.organizationId);
    const reply = await dryRun(target.admin, target.org.organizationId, await make());
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body.message).toMatch(message);
    const applied = await apply(target.admin, target.org.organizationId, await make(), "0".repeat(64));
    expect(applied.status, JSON.stringify(applied.body)).toBe(400);
    expect(await snapshot(target.org.organizationId)).toEqual(before);
  });

  it("asks for the archive part, and for the fingerprint when applying", async () => {
    const target = await emptyOrganization();
    const missing = await dryRun(target.admin, target.org.organizationId);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(IMPORT_EXPORT_MESSAGES.attach);
    const noPrint = await apply(target.admin, target.org.organizationId, archive);
    expect(noPrint.status).toBe(400);
    expect(noPrint.body.message).toBe(IMPORT_EXPORT_MESSAGES.fingerprintMissing);
  });
});
