import { randomUUID } from "node:crypto";
import {
  CONFIGURATION_ITEM_LIMITS,
  type ConfigurationImportResult,
  type ConfigurationPlan,
  DEFAULT_EMAIL_TEMPLATES,
  missingVariableMessage,
} from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, organizationWithAdmin } from "./support/access-fixtures.ts";
import { configurationArchive, uploadConfiguration } from "./support/configuration-archive.ts";
import { signedIn } from "./support/signed-in.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 30 §4: an import is bounded by item counts, not only bytes, and the dry run of many items
// is right without taking the event loop (its time is measured by `pnpm bench --scenario
// import-dry-run`); §3: email templates in an archive follow the rules of a save.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());
const db = () => app.server.db;

async function target() {
  const org = await organizationWithAdmin(db());
  return { id: org.organizationId, admin: await signedIn(app.url, org.admin.email) };
}

const group = (path: string[], roles: string[] = []) => ({ path, description: null, roles });
/** `chains` chains of groups `depth` deep: g0 / g1 / … / g{depth-1}, then g{depth} / … */
function nestedGroups(chains: number, depth: number, roles: string[] = []) {
  const groups = [];
  for (let chain = 0; chain < chains; chain++)
    for (let level = 0; level < depth; level++)
      groups.push(
        group(
          Array.from({ length: level + 1 }, (_, index) => `g${chain * depth + index}`),
          roles,
        ),
      );
  return groups;
}
const sectionOf = (plan: ConfigurationPlan, name: string) => plan.sections.find((section) => section.name === name);

describe("item limits", () => {
  const limit = CONFIGURATION_ITEM_LIMITS.groups;
  const tooMany = `groups.json: items: An archive may hold at most 5,000 groups; this one holds 5,001.`;

  it("refuses more groups than the limit, naming it, whether the manifest declares them or not, and writes nothing", async () => {
    const { id, admin } = await target();
    const groups = Array.from({ length: limit + 1 }, (_, index) => group([`Branch ${index}`]));
    const declared = await uploadConfiguration(admin, id, await configurationArchive({ groups }));
    expect([declared.status, declared.body.message]).toEqual([
      400,
      "manifest.json: sections[3].count: An archive may hold at most 5,000 groups; this one holds 5,001.",
    ]);
    const understated = await configurationArchive({ groups }, (manifest) => ({
      ...manifest,
      sections: manifest.sections.map((section) => ({ ...section, count: 0 })),
    }));
    const counted = await uploadConfiguration(admin, id, understated);
    expect([counted.status, counted.body.message]).toEqual([400, tooMany]);
    const applied = await uploadConfiguration(admin, id, understated, "0".repeat(64));
    expect([applied.status, applied.body.message]).toEqual([400, tooMany]);
    expect(await db().group.count({ where: { organizationId: id } })).toBe(1);
  });

  it("refuses more roles offered by the groups together than their limit", async () => {
    const { id, admin } = await target();
    // names of their own: repeated ones pack so well that the archive reads as a zip bomb
    const groups = Array.from({ length: 501 }, (_, index) =>
      group(
        [`Branch ${index}`],
        Array.from({ length: 200 }, () => randomUUID()),
      ),
    );
    const reply = await uploadConfiguration(admin, id, await configurationArchive({ groups }));
    expect([reply.status, reply.body.message]).toEqual([
      400,
      "groups.json: items: An archive may hold at most 100,000 roles offered by the groups; this one holds 100,200.",
    ]);
  });

  it("refuses more webhooks than their limit", async () => {
    const { id, admin } = await target();
    const webhooks = Array.from({ length: CONFIGURATION_ITEM_LIMITS.webhooks + 1 }, (_, index) => ({
      url: `https://hooks${index}.example.com/signet`,
      description: null,
      eventTypes: ["package.completed"],
      enabled: true,
    }));
    const reply = await uploadConfiguration(admin, id, await configurationArchive({ webhooks }));
    expect([reply.status, reply.body.message]).toEqual([
      400,
      "manifest.json: sections[7].count: An archive may hold at most 100 webhooks; this one holds 101.",
    ]);
  });
});

describe("a dry run of 5,000 nested groups", () => {
  it("lists every group, with the conflicts a name taken here causes below it", async () => {
    const { id, admin } = await target();
    // g42 exists here at the top level; in the archive it is 43 deep in the first chain, above g43…g49
    await db().group.create({ data: { organizationId: id, name: "g42", nameKey: "g42" } });
    const roles = [{ name: "Loan officer", description: null, roleColor: null, permissions: [] }];
    const archive = await configurationArchive({ roles, groups: nestedGroups(100, 50, ["Loan officer"]) });
    const plan = await uploadConfiguration<ConfigurationPlan>(admin, id, archive);
    expect(plan.status, JSON.stringify(plan.body).slice(0, 500)).toBe(200);
    const groups = sectionOf(plan.body, "groups")!;
    expect(groups.counts).toEqual({ CREATE: 4992, CHANGE: 0, UNCHANGED: 0, CONFLICT: 8 });
    const byKey = new Map(groups.items.map((item) => [item.label.split(" / ").at(-1), item]));
    expect(byKey.get("g42")?.message).toBe(
      "A group named g42 already exists at g42: group names are unique in an organization.",
    );
    expect(byKey.get("g49")?.message).toMatch(/^Its parent group g0 \/ .* \/ g48 cannot be imported\.$/);
    expect(byKey.get("g4999")).toMatchObject({
      action: "CREATE",
      label: expect.stringMatching(/^g4950 \/ .* \/ g4999$/),
    });
    expect(plan.body.canApply).toBe(false);
    expect(await db().group.count({ where: { organizationId: id } })).toBe(2);
  });
});

describe("email templates in an archive", () => {
  const template = (body: string) => ({
    kind: "invitation",
    name: "Imported invitation",
    isDefault: true,
    contents: { en: { subject: "Sign {{package.name}}", body }, es: null },
  });

  it("refuses one without the variable its kind requires, naming it", async () => {
    const { id, admin } = await target();
    const archive = await configurationArchive({ emailTemplates: [template("<p>Please sign {{package.name}}.</p>")] });
    const reply = await uploadConfiguration(admin, id, archive);
    expect([reply.status, reply.body.message]).toEqual([
      400,
      `email-templates.json: items[0].contents.en.body: ${missingVariableMessage("invitation", "signingLink")}`,
    ]);
  });

  it("imports one cleaned of unsafe HTML, and the same archive again changes nothing", async () => {
    const { id, admin } = await target();
    const body = `<p>Hi</p><script>alert(1)</script><img src="https://cdn.example.com/a.png" onerror="alert(1)"><a href="{{signingLink}}">Sign</a>`;
    const archive = await configurationArchive({ emailTemplates: [template(body)] });
    const plan = await uploadConfiguration<ConfigurationPlan>(admin, id, archive);
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const result = await uploadConfiguration<ConfigurationImportResult>(admin, id, archive, plan.body.fingerprint);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const stored = await db().emailTemplate.findFirstOrThrow({ where: { organizationId: id } });
    expect(stored.bodyEn).toBe(
      '<p>Hi</p><img src="https://cdn.example.com/a.png" /><a href="{{signingLink}}">Sign</a>',
    );
    const again = await uploadConfiguration<ConfigurationPlan>(admin, id, archive);
    expect(sectionOf(again.body, "emailTemplates")?.counts).toMatchObject({ UNCHANGED: 1 });
  });

  it("takes the built-in texts as they are", async () => {
    const { id, admin } = await target();
    const archive = await configurationArchive({
      emailTemplates: [{ ...template(""), contents: { ...DEFAULT_EMAIL_TEMPLATES.invitation } }],
    });
    const plan = await uploadConfiguration<ConfigurationPlan>(admin, id, archive);
    expect([plan.status, sectionOf(plan.body, "emailTemplates")?.counts.CREATE]).toEqual([200, 1]);
  });
});
