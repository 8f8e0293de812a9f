import {
  defaultApiVersion,
  fillPath,
  inPersonAdminRoutes,
  notificationRuleRoutes,
  type PackageList,
  packageActionRoutes,
  packageRoutes,
  participantRoutes,
  type RouteDef,
  routeUrl,
  tagRoutes,
  templateRoutes,
} from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, newGroup } from "./support/access-fixtures.ts";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { addParticipant, createPackage, memberOfNewGroup, OFFICER, packageOrg } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 4: every package, participant and lifecycle route answers 404 for another organization's ids, and for a
// package the caller cannot see. One table walks every route, so a route added later cannot be
// forgotten: the coverage test fails until it has a sample here.

const PACKAGE_ROUTES: Record<string, RouteDef> = {
  ...packageRoutes,
  ...participantRoutes,
  ...packageActionRoutes,
  ...tagRoutes,
  getPackageReminderSettings: notificationRuleRoutes.getPackageReminderSettings,
  updatePackageReminderSettings: notificationRuleRoutes.updatePackageReminderSettings,
  addDocumentFromTemplate: templateRoutes.addDocumentFromTemplate,
  // issue 34 §2a: hosting in-person signing names the package and its participant
  ...inPersonAdminRoutes,
};

interface Ids {
  packageId: string;
  participantId: string;
  groupId: string;
  documentId: string;
  tagId: string;
  ruleId: string;
}

/** A request that passes the contract's validation, naming the given ids. */
const SAMPLES: Record<string, (ids: Ids) => { body?: unknown; query?: Record<string, string> }> = {
  listPackages: () => ({}),
  createPackage: (ids) => ({ body: { name: "Intruder", groupIds: [ids.groupId] } }),
  getPackage: () => ({}),
  updatePackage: () => ({ body: { version: 1, name: "Renamed" } }),
  deletePackage: () => ({ query: { version: "1" } }),
  setPackageGroups: (ids) => ({ body: { version: 1, groupIds: [ids.groupId] } }),
  listPackageGroupOptions: () => ({}),
  listWorkspacePackages: () => ({}),
  packageStatusCounts: () => ({}),
  listParticipants: () => ({}),
  startInPersonSigning: () => ({ body: { participantPresent: true } }),
  listRecentContacts: () => ({ query: { text: "a" } }),
  addParticipant: () => ({ body: { type: "Borrower", email: "intruder@example.com" } }),
  updateParticipant: () => ({ body: { version: 1, givenName: "Renamed" } }),
  removeParticipant: () => ({ query: { version: "1" } }),
  sendPackage: () => ({ body: { version: 1 } }),
  cancelPackage: () => ({ body: { version: 1, notify: false } }),
  reactivatePackage: () => ({ body: { version: 1 } }),
  finishPackage: () => ({ body: { version: 1 } }),
  correctPackage: () => ({ body: { version: 1 } }),
  sendInvitationReminders: () => ({ body: {} }),
  getPackageReminderSettings: () => ({}),
  updatePackageReminderSettings: () => ({ body: { version: 1, useOrganizationDefaults: true } }),
  getPackageAudit: () => ({}),
  getSendCheck: () => ({}),
  createCollaboration: () => ({}),
  setParticipantsOrder: (ids) => ({
    body: { version: 2, participants: [{ participantUid: ids.participantId, signingOrder: 1 }] },
  }),
  listDocumentTags: () => ({}),
  replaceDocumentTags: () => ({ body: { version: 1, tags: [] } }),
  createTag: (ids) => ({ body: tagSample(ids) }),
  listPackageTags: () => ({}),
  updateTag: () => ({ body: { version: 1, x: 10 } }),
  deleteTag: () => ({ query: { version: "1" } }),
  listConditionalRules: () => ({}),
  createConditionalRule: (ids) => ({
    body: { sourceTagId: ids.tagId, targetTagId: "00000000-0000-4000-8000-000000000000" },
  }),
  deleteConditionalRule: () => ({}),
  listDocumentParticipants: () => ({}),
  setDocumentParticipant: (ids) => ({
    body: { documentId: ids.documentId, participantId: ids.participantId, executionType: "PAPER" },
  }),
  addDocumentFromTemplate: () => ({ body: { documentTemplateId: "00000000-0000-4000-8000-000000000000" } }),
};

const tagSample = (ids: Ids) => ({
  participantId: ids.participantId,
  type: "SIGNATURE",
  page: 1,
  x: 10,
  y: 10,
  width: 100,
  height: 30,
});

let app: TestApp;
let admin: HttpClient;
let officer: HttpClient;
let support: HttpClient;
let own: { organizationId: string } & Ids;
let hidden: { organizationId: string } & Ids;
let foreign: { organizationId: string } & Ids;

/** A package with a participant, a document with two tags and a rule between them (rows: no upload needed). */
async function packageWithParticipant(
  client: HttpClient,
  paths: Parameters<typeof createPackage>[1],
  groupId: string,
): Promise<Ids> {
  const pkg = await createPackage(client, paths, { groupIds: [groupId] });
  const participant = await addParticipant(client, paths, pkg.id, { type: "Borrower", email: "b@example.com" });
  const db = app.server.db;
  const document = await db.document.create({
    data: {
      packageId: pkg.id,
      organizationId: pkg.organizationId,
      name: "Note",
      nameKey: "note",
      orderSequence: 1,
      blobKey: `test/${pkg.id}`,
      sizeBytes: 1,
      sha256: "0".repeat(64),
      numPages: 1,
      originalFileName: "note.pdf",
    },
  });
  const tag = (y: number) =>
    db.tag.create({
      data: {
        ...tagSample({ participantId: participant.id } as Ids),
        y,
        type: "TEXT",
        packageId: pkg.id,
        organizationId: pkg.organizationId,
        documentId: document.id,
      },
    });
  const [source, target] = [await tag(10), await tag(100)];
  const rule = await db.conditionalRule.create({
    data: {
      packageId: pkg.id,
      organizationId: pkg.organizationId,
      sourceTagId: source.id,
      targetTagId: target.id,
    },
  });
  return {
    packageId: pkg.id,
    participantId: participant.id,
    groupId,
    documentId: document.id,
    tagId: source.id,
    ruleId: rule.id,
  };
}

beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
  const a = await packageOrg(app.server.db, app.url);
  const b = await packageOrg(app.server.db, app.url);
  admin = a.admin;
  const member = await memberOfNewGroup(a.org, app.url, OFFICER);
  officer = member.client;
  const elsewhere = await newGroup(a.org);
  own = { organizationId: a.org.organizationId, ...(await packageWithParticipant(admin, a.paths, member.group.id)) };
  hidden = { organizationId: a.org.organizationId, ...(await packageWithParticipant(admin, a.paths, elsewhere.id)) };
  foreign = {
    organizationId: b.org.organizationId,
    ...(await packageWithParticipant(b.admin, b.paths, b.org.adminGroup.id)),
  };
  const s = await organizationWithUser(app.server.db, { eoSupport: true });
  support = new HttpClient(app.url);
  expect((await support.signIn(s.user.email, PASSWORD)).status).toBe(200);
});
afterAll(() => app?.close());

function call(
  client: HttpClient,
  route: RouteDef,
  params: Record<string, string>,
  sample: { body?: unknown; query?: Record<string, string> },
) {
  const query = sample.query ? `?${new URLSearchParams(sample.query)}` : "";
  const url = fillPath(routeUrl(route), params) + query;
  return client.request(route.method, url, sample.body === undefined ? {} : { json: sample.body });
}

const all = Object.entries(PACKAGE_ROUTES);
const withPackage = all.filter(([, route]) => route.path.includes(":packageId"));
const pick = (ids: Ids) => ({
  packageId: ids.packageId,
  participantId: ids.participantId,
  documentId: ids.documentId,
  tagId: ids.tagId,
  ruleId: ids.ruleId,
});

async function foreignUnchanged() {
  const row = await app.server.db.package.findUniqueOrThrow({
    where: { id: foreign.packageId },
    include: { participants: true, groups: true },
  });
  expect([row.version, row.participants.length, row.groups.length]).toEqual([2, 1, 1]);
  expect(row.participants[0]!.givenName).toBeNull();
  const tags = await app.server.db.tag.findMany({ where: { packageId: foreign.packageId } });
  expect(tags.map((tag) => [tag.x, tag.version])).toEqual([
    [10, 1],
    [10, 1],
  ]);
  expect(await app.server.db.conditionalRule.count({ where: { packageId: foreign.packageId } })).toBe(1);
  expect(await app.server.db.documentParticipant.count({ where: { packageId: foreign.packageId } })).toBe(0);
}

describe("tenancy across every package and participant route", () => {
  it("has a sample for every route; each is organization-scoped at its path's default API version", () => {
    expect(all.map(([id]) => id).filter((id) => !SAMPLES[id])).toEqual([]);
    for (const [id, route] of all) {
      expect(route.path, id).toContain(":orgId");
      expect(route.version, id).toBe(defaultApiVersion(route.path));
    }
  });

  it.each(all)("%s: another organization's id in the path answers 404", async (id, route) => {
    const reply = await call(admin, route, { orgId: foreign.organizationId, ...pick(foreign) }, SAMPLES[id]!(foreign));
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
    await foreignUnchanged();
  });

  it.each(withPackage)("%s: our organization with another organization's package answers 404", async (id, route) => {
    const reply = await call(admin, route, { orgId: own.organizationId, ...pick(foreign) }, SAMPLES[id]!(own));
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
    await foreignUnchanged();
  });

  it.each(withPackage)("%s: a package of a group the caller cannot see answers 404", async (id, route) => {
    const reply = await call(officer, route, { orgId: hidden.organizationId, ...pick(hidden) }, SAMPLES[id]!(own));
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
    const row = await app.server.db.package.findUniqueOrThrow({ where: { id: hidden.packageId } });
    expect(row.version).toBe(2);
  });

  it.each(["updateParticipant", "removeParticipant"])(
    "%s: our package with another organization's participant answers like an unknown participant",
    async (id) => {
      const route = PACKAGE_ROUTES[id]!;
      const params = (participantId: string) => ({
        orgId: own.organizationId,
        packageId: own.packageId,
        participantId,
      });
      const withForeign = await call(admin, route, params(foreign.participantId), SAMPLES[id]!(own));
      const withUnknown = await call(admin, route, params("00000000-0000-4000-8000-000000000000"), SAMPLES[id]!(own));
      expect(withForeign.status, JSON.stringify(withForeign.body)).toBe(404);
      expect([withForeign.body.code, withForeign.body.message]).toEqual([
        withUnknown.body.code,
        withUnknown.body.message,
      ]);
      await foreignUnchanged();
    },
  );

  it("still answers the officer's own package (the 404s are not a broken setup)", async () => {
    for (const id of ["getPackage", "listParticipants"]) {
      const reply = await call(
        officer,
        PACKAGE_ROUTES[id]!,
        { orgId: own.organizationId, ...pick(own) },
        SAMPLES[id]!(own),
      );
      expect(reply.status, `${id} ${JSON.stringify(reply.body)}`).toBe(200);
    }
    const list = await officer.get<PackageList>(
      fillPath(routeUrl(packageRoutes.listPackages), { orgId: own.organizationId }),
    );
    expect(list.body.records.map((record) => record.id)).toEqual([own.packageId]);
  });

  it("lets a support user see another organization's packages", async () => {
    const reply = await support.get<PackageList>(
      fillPath(routeUrl(packageRoutes.listPackages), { orgId: foreign.organizationId }),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.records.map((record) => record.id)).toEqual([foreign.packageId]);
    const one = await call(support, packageRoutes.getPackage, { orgId: foreign.organizationId, ...pick(foreign) }, {});
    expect(one.status).toBe(200);
  });
});
