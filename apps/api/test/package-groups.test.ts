import { GROUP_MESSAGES, type Group, PACKAGE_MESSAGES, type Package, type PackageGroupOptions } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, newGroup } from "./support/access-fixtures.ts";
import {
  createPackage,
  memberOfNewGroup,
  OFFICER,
  packageAuditTypes,
  packageOrg,
  VIEWER,
} from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const db = () => app.server.db;
const groupIdsOf = async (packageId: string) =>
  (await db().packageGroup.findMany({ where: { packageId }, select: { groupId: true } }))
    .map((row) => row.groupId)
    .sort();

describe("GET package-group-options", () => {
  it("lists a loan officer's groups by name without any access-control permission", async () => {
    const { org } = await packageOrg(db(), app.url);
    const officer = await memberOfNewGroup(org, app.url, OFFICER);
    const viewing = await memberOfNewGroup(org, app.url, VIEWER);
    await newGroup(org);
    const path = `/api/v1/organizations/${org.organizationId}/package-group-options`;
    const reply = await officer.client.get<PackageGroupOptions>(path);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.records).toEqual([{ groupId: officer.group.id, name: officer.group.name, manages: true }]);
    // the groups list of Access Control stays closed to them
    expect((await officer.client.get(`/api/v1/organizations/${org.organizationId}/groups`)).status).toBe(403);
    // a member who only views packages cannot build one, so gets no options
    expect((await viewing.client.get(path)).status).toBe(403);
  });
});

describe("PUT packages/:id/package-groups", () => {
  it("replaces the groups at the package's version; members of removed groups lose sight of it", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const viewer = await memberOfNewGroup(org, app.url, VIEWER);
    const other = await newGroup(org);
    const pkg = await createPackage(admin, paths, { groupIds: [viewer.group.id] });
    expect((await viewer.client.get(paths.package(pkg.id))).status).toBe(200);
    const reply = await admin.request<Package>("PUT", paths.packageGroups(pkg.id), {
      json: { version: 1, groupIds: [other.id, org.adminGroup.id, other.id] },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.version).toBe(2);
    expect(reply.body.packageGroups.map((group) => group.groupId).sort()).toEqual([other.id, org.adminGroup.id].sort());
    expect(await groupIdsOf(pkg.id)).toEqual([other.id, org.adminGroup.id].sort());
    const lost = await viewer.client.get(paths.package(pkg.id));
    expect([lost.status, lost.body.message]).toEqual([404, PACKAGE_MESSAGES.packageNotFound]);
    expect(await packageAuditTypes(db(), pkg.id)).toEqual(["package.created", "package.groups-set"]);
  });

  it("refuses a stale version, no group, and a group of another organization", async () => {
    const { admin, paths, org } = await packageOrg(db(), app.url);
    const stranger = await packageOrg(db(), app.url);
    const pkg = await createPackage(admin, paths);
    const stale = await admin.request("PUT", paths.packageGroups(pkg.id), {
      json: { version: 5, groupIds: [org.adminGroup.id] },
    });
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);
    const none = await admin.request("PUT", paths.packageGroups(pkg.id), { json: { version: 1, groupIds: [] } });
    expect(none.status).toBe(400);
    const foreign = await admin.request("PUT", paths.packageGroups(pkg.id), {
      json: { version: 1, groupIds: [stranger.org.adminGroup.id] },
    });
    expect([foreign.status, foreign.body.message]).toEqual([404, PACKAGE_MESSAGES.selectedGroupNotFound]);
    expect(await groupIdsOf(pkg.id)).toEqual([org.adminGroup.id]);
  });
});

describe("deleting a group that packages are shared with", () => {
  it("refuses to delete the only group of a package; allows it once the package has another group", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const only = await newGroup(org);
    const spare = await newGroup(org);
    const pkg = await createPackage(admin, paths, { groupIds: [only.id] });
    const view = await admin.get<Group>(paths.group(only.id));
    expect(view.body).toMatchObject({ hasPackages: true, uniqueForPackage: true });
    expect((await admin.get<Group>(paths.group(spare.id))).body).toMatchObject({
      hasPackages: false,
      uniqueForPackage: false,
    });

    const refused = await admin.request("DELETE", `${paths.group(only.id)}?version=1`);
    expect([refused.status, refused.body.message]).toEqual([409, GROUP_MESSAGES.onlyPackageGroup]);
    expect(await db().group.count({ where: { id: only.id } })).toBe(1);
    expect(await groupIdsOf(pkg.id)).toEqual([only.id]);

    await admin.request("PUT", paths.packageGroups(pkg.id), { json: { version: 1, groupIds: [only.id, spare.id] } });
    expect((await admin.get<Group>(paths.group(only.id))).body).toMatchObject({
      hasPackages: true,
      uniqueForPackage: false,
    });
    const deleted = await admin.request("DELETE", `${paths.group(only.id)}?version=1`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect(await groupIdsOf(pkg.id)).toEqual([spare.id]);
    expect((await admin.get<Package>(paths.package(pkg.id))).body.packageGroups).toEqual([
      { groupId: spare.id, name: spare.name },
    ]);
  });
});
