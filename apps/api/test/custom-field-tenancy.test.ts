import {
  customFieldRoutes,
  dataCollectionRoutes,
  defaultApiVersion,
  fillPath,
  type RouteDef,
  routeUrl,
} from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, newGroup } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import {
  addParticipant,
  createPackage,
  memberOfNewGroup,
  OFFICER,
  type PackageOrg,
  packageOrg,
  withSignableDocument,
} from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 4 §5: every custom field, data-collection and stip route answers 404 for another
// organization's ids and for a package the caller cannot see, and changes nothing there. The
// coverage test fails when a route is added without a sample.

const ROUTES: Record<string, RouteDef> = { ...customFieldRoutes, ...dataCollectionRoutes };

interface Ids {
  organizationId: string;
  packageId: string;
  participantId: string;
  documentId: string;
  customFieldId: string;
  documentFieldId: string;
  groupId: string;
  fieldId: string;
  stipId: string;
}

type Sample = (ids: Ids) => { body?: unknown; query?: string };
const SAMPLES: Record<string, Sample> = {
  listCustomFields: () => ({}),
  createCustomField: () => ({ body: { customFieldId: "intruder", name: "Intruder" } }),
  getCustomField: () => ({}),
  updateCustomField: () => ({ body: { version: 1, name: "Renamed" } }),
  archiveCustomField: () => ({ query: "version=1" }),
  listPackageEffectiveCustomFields: () => ({}),
  listPackageCustomFields: () => ({}),
  setPackageCustomField: () => ({ body: { value: "x" } }),
  deletePackageCustomField: () => ({}),
  listDocumentCustomFields: () => ({}),
  setDocumentCustomField: () => ({ body: { value: "x" } }),
  deleteDocumentCustomField: () => ({}),
  listDataCollectionGroups: () => ({}),
  createDataCollectionGroup: () => ({ body: { name: "Intruder" } }),
  getDataCollectionGroup: () => ({}),
  updateDataCollectionGroup: () => ({ body: { version: 1, name: "Renamed" } }),
  deleteDataCollectionGroup: () => ({ query: "version=1" }),
  listDataCollectionFields: () => ({}),
  createDataCollectionField: (ids) => ({
    body: { groupId: ids.groupId, participantId: ids.participantId, label: "Intruder" },
  }),
  getDataCollectionField: () => ({}),
  updateDataCollectionField: () => ({ body: { version: 1, label: "Renamed" } }),
  deleteDataCollectionField: () => ({ query: "version=1" }),
  listStips: () => ({}),
  createStip: (ids) => ({ body: { participantId: ids.participantId, name: "Intruder" } }),
  getStip: () => ({}),
  updateStip: () => ({ body: { version: 1, name: "Renamed" } }),
  deleteStip: () => ({ query: "version=1" }),
};

let app: TestApp;
let admin: HttpClient;
let officer: HttpClient;
let own: Ids;
let hidden: Ids;
let foreign: Ids;

/** A package with a participant, a document, values of both scopes, a group with a field, and a stip. */
async function populated(context: PackageOrg, groupId: string, fields?: { package: string; document: string }) {
  const db = app.server.db;
  const orgId = context.org.organizationId;
  const define = async (body: object) => {
    const reply = await context.admin.request<{ id: string }>(
      "POST",
      fillPath(routeUrl(customFieldRoutes.createCustomField), { orgId }),
      { json: body },
    );
    if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
    return reply.body.id;
  };
  const customFieldId = fields?.package ?? (await define({ customFieldId: "loan", name: "Loan" }));
  const documentFieldId =
    fields?.document ?? (await define({ customFieldId: "code", name: "Code", scope: "DOCUMENT" }));
  const pkg = await createPackage(context.admin, context.paths, { groupIds: [groupId] });
  const participant = await addParticipant(context.admin, context.paths, pkg.id, { type: "Borrower", email: "b@x.io" });
  const document = await withSignableDocument(db, orgId, pkg.id);
  const owner = { organizationId: orgId, packageId: pkg.id };
  await db.packageCustomField.create({ data: { ...owner, customFieldId, value: "kept" } });
  await db.documentCustomField.create({
    data: { ...owner, documentId: document.id, customFieldId: documentFieldId, value: "kept" },
  });
  const group = await db.dataCollectionGroup.create({ data: { ...owner, name: "Income", orderSequence: 1 } });
  const field = await db.dataCollectionField.create({
    data: { ...owner, groupId: group.id, participantId: participant.id, label: "Employer", orderSequence: 1 },
  });
  const stip = await db.stip.create({
    data: { ...owner, participantId: participant.id, name: "Pay stub", orderSequence: 1 },
  });
  return {
    organizationId: orgId,
    packageId: pkg.id,
    participantId: participant.id,
    documentId: document.id,
    customFieldId,
    documentFieldId,
    groupId: group.id,
    fieldId: field.id,
    stipId: stip.id,
  };
}

/** The path parameters of a route: document routes name the DOCUMENT-scope field. */
function params(route: RouteDef, ids: Ids, orgId = ids.organizationId) {
  return {
    orgId,
    packageId: ids.packageId,
    documentId: ids.documentId,
    customFieldId: route.path.includes("document-custom-fields") ? ids.documentFieldId : ids.customFieldId,
    groupId: ids.groupId,
    fieldId: ids.fieldId,
    stipId: ids.stipId,
  };
}

function call(client: HttpClient, route: RouteDef, path: Record<string, string>, sample: ReturnType<Sample>) {
  const url = fillPath(routeUrl(route), path) + (sample.query ? `?${sample.query}` : "");
  return client.request(route.method, url, sample.body === undefined ? {} : { json: sample.body });
}

/** Nothing of the other package changed (every row still at version 1 with its value). */
async function unchanged(ids: Ids) {
  const db = app.server.db;
  const rows = await Promise.all([
    db.customField.findUniqueOrThrow({ where: { id: ids.customFieldId } }),
    db.packageCustomField.findFirstOrThrow({ where: { packageId: ids.packageId } }),
    db.documentCustomField.findFirstOrThrow({ where: { documentId: ids.documentId } }),
    db.dataCollectionGroup.findUniqueOrThrow({ where: { id: ids.groupId } }),
    db.dataCollectionField.findUniqueOrThrow({ where: { id: ids.fieldId } }),
    db.stip.findUniqueOrThrow({ where: { id: ids.stipId } }),
  ]);
  expect(rows.map((row) => row.version)).toEqual([1, 1, 1, 1, 1, 1]);
  expect([rows[1].value, rows[2].value]).toEqual(["kept", "kept"]);
  expect(await db.dataCollectionGroup.count({ where: { packageId: ids.packageId } })).toBe(1);
  expect(await db.stip.count({ where: { packageId: ids.packageId } })).toBe(1);
}

beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
  const a = await packageOrg(app.server.db, app.url);
  const b = await packageOrg(app.server.db, app.url);
  admin = a.admin;
  const member = await memberOfNewGroup(a.org, app.url, OFFICER);
  officer = member.client;
  const elsewhere = await newGroup(a.org);
  own = await populated(a, member.group.id);
  hidden = await populated(a, elsewhere.id, { package: own.customFieldId, document: own.documentFieldId });
  foreign = await populated(b, b.org.adminGroup.id);
});
afterAll(() => app?.close());

const all = Object.entries(ROUTES);
const withPackage = all.filter(([, route]) => route.path.includes(":packageId"));

describe("tenancy of custom field, data-collection and stip routes", () => {
  it("has a sample for every route; each is organization-scoped at its path's default version", () => {
    expect(all.map(([id]) => id).filter((id) => !SAMPLES[id])).toEqual([]);
    for (const [id, route] of all) {
      expect(route.path, id).toContain(":orgId");
      if (route.path.includes(":packageId")) expect(route.version, id).toBe(defaultApiVersion(route.path));
    }
  });

  it.each(all)("%s: another organization's ids answer 404", async (id, route) => {
    const reply = await call(admin, route, params(route, foreign), SAMPLES[id]!(foreign));
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
    await unchanged(foreign);
  });

  it.each(withPackage)("%s: our organization with another organization's package answers 404", async (id, route) => {
    const reply = await call(admin, route, params(route, foreign, own.organizationId), SAMPLES[id]!(own));
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
    await unchanged(foreign);
  });

  it.each(withPackage)("%s: a package the caller cannot see answers 404", async (id, route) => {
    const reply = await call(officer, route, params(route, hidden), SAMPLES[id]!(hidden));
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
    await unchanged(hidden);
  });

  it.each(withPackage.filter(([, route]) => route.method === "GET"))(
    "%s: still answers the officer's own package (the 404s are not a broken setup)",
    async (id, route) => {
      const reply = await call(officer, route, params(route, own), SAMPLES[id]!(own));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    },
  );

  it("refuses another package's participant, group and another organization's field in a body", async () => {
    const base = { orgId: own.organizationId, packageId: own.packageId };
    const field = (body: object) => call(admin, dataCollectionRoutes.createDataCollectionField, base, { body });
    const theirParticipant = await field({ groupId: own.groupId, participantId: foreign.participantId, label: "x" });
    expect(theirParticipant.status).toBe(404);
    const theirGroup = await field({ groupId: hidden.groupId, participantId: own.participantId, label: "x" });
    expect(theirGroup.status).toBe(404);
    const theirField = await field({
      groupId: own.groupId,
      participantId: own.participantId,
      label: "x",
      customFieldId: foreign.customFieldId,
    });
    expect(theirField.status).toBe(404);
    const stip = await call(admin, dataCollectionRoutes.createStip, base, {
      body: { participantId: hidden.participantId, name: "x" },
    });
    expect(stip.status).toBe(404);
    expect(await app.server.db.dataCollectionField.count({ where: { packageId: own.packageId } })).toBe(1);
  });
});
