import { closingCenterRoutes, fillPath, type RouteDef, routeUrl } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, newUser } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { createPackage, memberOfNewGroup, OFFICER, type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 16 §3: every closing-center route answers 404 for another organization's ids (closing
// center, its user, package), and the share routes also for a package the caller cannot see. The
// table walks every route of closingCenterRoutes, so a route added later fails the coverage test
// until it has a sample here.

const SAMPLES: Record<string, { body?: unknown; query?: Record<string, string> }> = {
  listClosingCenters: {},
  createClosingCenter: { body: { name: "Spy title", kind: "TITLE_AGENT" } },
  getClosingCenter: {},
  updateClosingCenter: { body: { version: 1, name: "Renamed" } },
  deleteClosingCenter: { query: { version: "1" } },
  listClosingCenterMembers: {},
  inviteClosingCenterMember: { body: { email: "spy@title.example", givenName: "Spy", familyName: "Agent" } },
  updateClosingCenterMember: { body: { version: 1, enabled: false } },
  removeClosingCenterMember: { query: { version: "1" } },
  listPackageClosingCenters: {},
  shareWithClosingCenter: { body: { closingCenterId: "00000000-0000-4000-8000-000000000000" } },
  updateClosingCenterShare: { body: { version: 1, permissions: ["VIEW_PACKAGE"] } },
  unshareWithClosingCenter: { query: { version: "1" } },
};

interface Tenant extends PackageOrg {
  packageId: string;
  closingCenterId: string;
  memberId: string;
}

let app: TestApp;
let own: Tenant;
let foreign: Tenant;

async function tenant(): Promise<Tenant> {
  const p = await packageOrg(app.server.db, app.url);
  const db = app.server.db;
  await db.organization.update({ where: { id: p.org.organizationId }, data: { enabledClosingCenter: true } });
  const pkg = await createPackage(p.admin, p.paths, { name: "Tenant package" });
  const center = await db.closingCenter.create({
    data: {
      organizationId: p.org.organizationId,
      name: "Tenant title",
      nameKey: "tenant title",
      kind: "TITLE_AGENT",
      defaultPermissions: ["VIEW_PACKAGE"],
    },
  });
  const person = await newUser(db, p.org.organizationId);
  const member = await db.closingCenterMember.create({
    data: {
      organizationId: p.org.organizationId,
      closingCenterId: center.id,
      email: person.email,
      givenName: "Tenant",
      familyName: "Closer",
    },
  });
  await db.closingCenterShare.create({
    data: {
      organizationId: p.org.organizationId,
      packageId: pkg.id,
      closingCenterId: center.id,
      permissions: ["VIEW_PACKAGE"],
    },
  });
  return { ...p, packageId: pkg.id, closingCenterId: center.id, memberId: member.id };
}

beforeAll(async () => {
  app = await startTestApp({ ...ACCESS_TEST_ENV });
  own = await tenant();
  foreign = await tenant();
});
afterAll(() => app?.close());

function call(client: HttpClient, route: RouteDef, params: Record<string, string>, id: string) {
  const sample = SAMPLES[id]!;
  const query = sample.query ? `?${new URLSearchParams(sample.query)}` : "";
  const body =
    id === "shareWithClosingCenter" ? { closingCenterId: params.closingCenterId } : (sample.body as object | undefined);
  return client.request(
    route.method,
    fillPath(routeUrl(route), params) + query,
    body === undefined ? {} : { json: body },
  );
}

const all = Object.entries(closingCenterRoutes) as [string, RouteDef][];
const onIds = all.filter(([, route]) => route.path.includes(":closingCenterId") || route.path.includes(":packageId"));
const onPackages = all.filter(([, route]) => route.path.includes(":packageId"));

describe("tenancy across the closing-center routes", () => {
  it("has a sample for every route, each scoped to an organization", () => {
    expect(all.map(([id]) => id).filter((id) => !SAMPLES[id])).toEqual([]);
    for (const [id, route] of all) expect(route.path, id).toContain(":orgId");
  });

  const foreignIds = () => ({
    closingCenterId: foreign.closingCenterId,
    memberId: foreign.memberId,
    packageId: foreign.packageId,
  });

  it.each(all)("%s: another organization in the path answers 404", async (id, route) => {
    const reply = await call(own.admin, route, { orgId: foreign.org.organizationId, ...foreignIds() }, id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it.each(onIds)("%s: our organization with another organization's ids answers 404", async (id, route) => {
    const reply = await call(own.admin, route, { orgId: own.org.organizationId, ...foreignIds() }, id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it.each(onPackages)("%s: a package not shared with the caller's groups answers 404", async (id, route) => {
    const outsider = await memberOfNewGroup(own.org, app.url, OFFICER);
    const params = { orgId: own.org.organizationId, packageId: own.packageId, closingCenterId: own.closingCenterId };
    const reply = await call(outsider.client, route, params, id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it("left the other organization's rows as they were, and answers our own ids (the walk's ids are real)", async () => {
    const db = app.server.db;
    expect(await db.closingCenter.findUniqueOrThrow({ where: { id: foreign.closingCenterId } })).toMatchObject({
      name: "Tenant title",
      version: 1,
    });
    expect(await db.closingCenterMember.count({ where: { id: foreign.memberId, enabled: true } })).toBe(1);
    expect(await db.closingCenterShare.count({ where: { packageId: foreign.packageId, revokedAt: null } })).toBe(1);
    const mine = await call(
      own.admin,
      closingCenterRoutes.getClosingCenter,
      { orgId: own.org.organizationId, closingCenterId: own.closingCenterId },
      "getClosingCenter",
    );
    expect(mine.status).toBe(200);
    const shares = await call(
      own.admin,
      closingCenterRoutes.listPackageClosingCenters,
      { orgId: own.org.organizationId, packageId: own.packageId },
      "listPackageClosingCenters",
    );
    expect(shares.status).toBe(200);
  });
});
