import {
  type ConfigurationImportResult,
  type ConfigurationPlan,
  type CustomField,
  type Document,
  fillPath,
  HEADERS,
  type Package,
  type PackageTemplate,
  type PackageTemplateList,
  type Participant,
  routes,
  routeUrl,
} from "@signet/contract";
import { readConfigurationArchive } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, organizationWithAdmin } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { memberOfNewGroup, OFFICER, packageOrg } from "./support/package-fixtures.ts";
import { signedIn } from "./support/signed-in.ts";
import { cookieHeader } from "./support/signing-room-helpers.ts";
import { call, ok, publishedDocumentTemplate, tagAt, templatePaths } from "./support/template-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 13 §6 with §3–§4: document and package templates travel in the configuration archive with
// their files, and the round trip (export, import into an empty organization, export again)
// describes the same templates; the imported package template starts packages.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());
const db = () => app.server.db;
const url = (route: Parameters<typeof routeUrl>[0], orgId: string) => fillPath(routeUrl(route), { orgId });

async function download(client: HttpClient, orgId: string) {
  const response = await fetch(`${client.baseUrl}${url(routes.exportConfiguration, orgId)}`, {
    headers: { cookie: cookieHeader(client) },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function upload<T>(client: HttpClient, path: string, archive: Buffer, fingerprint?: string) {
  const form = new FormData();
  form.append("archive", new Blob([new Uint8Array(archive)], { type: "application/zip" }), "config.zip");
  if (fingerprint !== undefined) form.append("fingerprint", fingerprint);
  const csrf = client.jar.get(client.csrfCookie);
  const response = await fetch(`${client.baseUrl}${path}`, {
    method: "POST",
    headers: { cookie: cookieHeader(client), ...(csrf ? { [HEADERS.csrf]: csrf } : {}) },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as T & { message?: string } };
}

/** A source organization with a published document template and an active package template built from it. */
async function organizationWithTemplates() {
  const context = await packageOrg(db(), app.url);
  const officer = await memberOfNewGroup(context.org, app.url, OFFICER);
  const t = templatePaths(context.org.organizationId);
  const admin = context.admin;
  const loanNumber = await ok(
    call<CustomField>(admin, "POST", t.at(routes.createCustomField), {
      customFieldId: "loanNumber",
      name: "Loan number",
      dataType: "TEXT",
    }),
    201,
    "custom field",
  );
  const built = await publishedDocumentTemplate(admin, t, { name: "Closing Disclosure", groupIds: [officer.group.id] });
  // a custom field tag in the draft after publishing: the draft and the published version differ
  await ok(
    call(
      admin,
      "POST",
      t.documentTags(built.template.packageId, built.document.id),
      tagAt(built.borrower1.id, "CUSTOM_FIELD", 400, { customFieldId: loanNumber.id, required: false }),
    ),
    201,
    "custom field tag",
  );
  let template = await ok(
    call<PackageTemplate>(admin, "POST", t.packageTemplates, { name: "Purchase", groupIds: [officer.group.id] }),
    201,
    "package template",
  );
  const builder = template.packageId;
  await ok(
    call<Document>(admin, "POST", t.fromTemplate(builder), { documentTemplateId: built.template.id }),
    201,
    "document template into the package template",
  );
  const slots = await ok(call<{ records: Participant[] }>(admin, "GET", t.participants(builder)), 200, "slots");
  const borrower1 = slots.records.find((slot) => slot.roleNumber === 1)!;
  await ok(call(admin, "POST", t.stips(builder), { participantId: borrower1.id, name: "Pay stub" }), 201, "stip");
  await ok(
    call(admin, "PUT", t.at(routes.setPackageCustomField, { packageId: builder, customFieldId: loanNumber.id }), {
      value: "TEMPLATE-000",
    }),
    200,
    "custom field value",
  );
  template = await ok(
    call<PackageTemplate>(admin, "POST", t.activatePackageTemplate(template.id), { version: template.version }),
    200,
    "activate",
  );
  return { ...context, officer, t, template, built };
}

describe("templates in the configuration archive", () => {
  it("round-trips document and package templates with their files, and the imported template starts packages", async () => {
    const source = await organizationWithTemplates();
    const archive = await download(source.admin, source.org.organizationId);
    const exported = await readConfigurationArchive(archive);
    const documentTemplates = exported.sections.documentTemplates as { name: string; published: unknown }[];
    expect(documentTemplates.map((item) => item.name)).toEqual(["Closing Disclosure"]);
    expect(documentTemplates[0]?.published).not.toBeNull();
    expect((exported.sections.packageTemplates as { name: string }[]).map((item) => item.name)).toEqual(["Purchase"]);
    // the one PDF is stored once, under its hash, however many blueprints name it
    const pdfs = [...exported.files.keys()].filter((name) => name.endsWith(".pdf"));
    expect(pdfs.length).toBeGreaterThan(0);
    for (const name of pdfs) expect(exported.files.get(name)?.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const targetOrg = await organizationWithAdmin(db());
    const target = await signedIn(app.url, targetOrg.admin.email);
    const targetId = targetOrg.organizationId;
    const plan = await upload<ConfigurationPlan>(target, url(routes.dryRunConfigurationImport, targetId), archive);
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const actions = Object.fromEntries(
      plan.body.sections
        .filter((section) => section.name.endsWith("Templates") && section.name !== "emailTemplates")
        .flatMap((section) => section.items.map((item) => [`${section.name}:${item.label}`, item.action])),
    );
    expect(actions).toEqual({
      "documentTemplates:Closing Disclosure": "CREATE",
      "packageTemplates:Purchase": "CREATE",
    });
    expect(await db().documentTemplate.count({ where: { organizationId: targetId } })).toBe(0);

    const applied = await upload<ConfigurationImportResult>(
      target,
      url(routes.importConfiguration, targetId),
      archive,
      plan.body.fingerprint,
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);

    const again = await readConfigurationArchive(await download(target, targetId));
    expect(again.sections.documentTemplates).toEqual(exported.sections.documentTemplates);
    expect(again.sections.packageTemplates).toEqual(exported.sections.packageTemplates);
    expect(new Map([...again.files].filter(([name]) => name.endsWith(".pdf")))).toEqual(
      new Map([...exported.files].filter(([name]) => name.endsWith(".pdf"))),
    );
    const rerun = await upload<ConfigurationPlan>(target, url(routes.dryRunConfigurationImport, targetId), archive);
    expect(rerun.body.counts).toMatchObject({ CREATE: 0, CHANGE: 0, CONFLICT: 0 });

    // the imported template is a working one: a package from it holds the document, tags and upload
    const t = templatePaths(targetId);
    const list = await ok(call<PackageTemplateList>(target, "GET", t.packageTemplates), 200, "list");
    const imported = list.records.find((record) => record.name === "Purchase")!;
    expect(imported).toMatchObject({ active: true, stipCount: 1 });
    const version = await db().documentTemplate.findFirstOrThrow({ where: { organizationId: targetId } });
    expect(version.latestVersion).toBe(1);
    const created = await call<Package>(target, "POST", t.packageFromTemplate(imported.id), {
      people: imported.slots.map((slot, index) => ({
        type: slot.type,
        roleNumber: slot.roleNumber,
        givenName: `Person${index + 1}`,
        familyName: "Imported",
        email: `person${index + 1}@import.example`,
      })),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tags = await db().tag.count({ where: { packageId: created.body.id } });
    const builderTags = await db().tag.count({ where: { packageId: imported.packageId } });
    expect(tags).toBe(builderTags);
    expect(tags).toBeGreaterThan(0);
    expect(await db().stip.count({ where: { packageId: created.body.id } })).toBe(1);
  });
});
