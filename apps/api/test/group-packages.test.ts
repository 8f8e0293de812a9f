import { fillPath, GROUP_MESSAGES, groupPackageRoutes, type PackageList, routeUrl } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, newGroup } from "./support/access-fixtures.ts";
import { createPackage, memberOfNewGroup, OFFICER, packageOrg, VIEWER } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 13 §7, spec §7 'group packages': the packages shared with one group, filtered and paged as
// the package list, limited to what the caller sees; another organization's group answers 404.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const db = () => app.server.db;
const path = (orgId: string, groupId: string) =>
  fillPath(routeUrl(groupPackageRoutes.listGroupPackages), { orgId, groupId });
const names = (list: PackageList) => list.records.map((record) => record.name);

describe("GET groups/:groupId/packages", () => {
  it("lists the group's packages, paged and filtered, only those the caller sees", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const branch = await memberOfNewGroup(org, app.url, OFFICER);
    const other = await newGroup(org);
    await createPackage(admin, paths, { name: "Alpha", groupIds: [branch.group.id] });
    await createPackage(admin, paths, { name: "Bravo", groupIds: [branch.group.id, other.id] });
    await createPackage(admin, paths, { name: "Charlie", groupIds: [other.id] });
    await createPackage(admin, paths, { name: "Delta", groupIds: [branch.group.id] });

    const all = await admin.get<PackageList>(`${path(org.organizationId, branch.group.id)}?sortBy=name`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect([names(all.body), all.body.count]).toEqual([["Delta", "Bravo", "Alpha"], 3]);
    const page = await admin.get<PackageList>(
      `${path(org.organizationId, branch.group.id)}?sortBy=name&sortDirection=asc&pageSize=2&pageNumber=2`,
    );
    expect([names(page.body), page.body.count]).toEqual([["Delta"], 3]);
    const text = await admin.get<PackageList>(`${path(org.organizationId, branch.group.id)}?text=bravo`);
    expect(names(text.body)).toEqual(["Bravo"]);

    // a member of the branch sees the branch's packages; of the other group's, only those shared with
    // the branch too
    const mine = await branch.client.get<PackageList>(`${path(org.organizationId, branch.group.id)}?sortBy=name`);
    expect(names(mine.body)).toEqual(["Delta", "Bravo", "Alpha"]);
    const theirs = await branch.client.get<PackageList>(`${path(org.organizationId, other.id)}?sortBy=name`);
    expect([names(theirs.body), theirs.body.count]).toEqual([["Bravo"], 1]);
  });

  it("needs VIEW_DOCUMENTS_PACKAGES, and answers 404 for a group of another organization", async () => {
    const own = await packageOrg(db(), app.url);
    const foreign = await packageOrg(db(), app.url);
    const nonViewer = await memberOfNewGroup(own.org, app.url, ["VIEW_USERS_GROUPS_ROLES"]);
    const viewer = await memberOfNewGroup(own.org, app.url, VIEWER);
    expect((await nonViewer.client.get(path(own.org.organizationId, viewer.group.id))).status).toBe(403);
    expect((await viewer.client.get(path(own.org.organizationId, viewer.group.id))).status).toBe(200);
    const crossed = await own.admin.get(path(own.org.organizationId, foreign.org.adminGroup.id));
    expect([crossed.status, crossed.body.message]).toEqual([404, GROUP_MESSAGES.groupOrganizationNotFound]);
    expect((await own.admin.get(path(foreign.org.organizationId, foreign.org.adminGroup.id))).status).toBe(404);
    expect((await own.admin.get(`${path(own.org.organizationId, viewer.group.id)}?pageSize=1000`)).status).toBe(400);
  });
});
