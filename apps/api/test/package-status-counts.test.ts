import {
  type ClosingCenter,
  closingCenterRoutes,
  fillPath,
  PACKAGE_STATUSES,
  type Package,
  type PackageStatus,
  type PackageStatusCounts,
  packageActionRoutes,
  routeUrl,
  type WorkspacePackageList,
} from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, newUser, signedIn } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import {
  addParticipant,
  createPackage,
  memberOfNewGroup,
  OFFICER,
  type PackageOrg,
  packageOrg,
  VIEWER,
  withSignableDocument,
} from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 17: the status counts and the workspace total come from counts the database keeps per
// (organization, group set, status). After every kind of change each caller's answer must equal a
// recount over the packages themselves, for callers seeing every group, some groups (through a
// parent group too) or only shares to their closing center, with packages in one or several groups.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const db = () => app.server.db;

interface Caller {
  client: HttpClient;
  /** the groups whose packages the caller sees (null: a closing-center user, who sees its shares) */
  groups: () => Promise<string[]> | string[];
  closingCenterId?: string;
}

/** The recount the kept counts must equal: the caller's packages grouped by status, read row by row. */
async function recount(organizationId: string, caller: Caller): Promise<PackageStatusCounts> {
  const visible = caller.closingCenterId
    ? {
        closingCenterShares: { some: { closingCenterId: caller.closingCenterId, revokedAt: null } },
        templateKind: null,
      }
    : { groups: { some: { groupId: { in: await caller.groups() } } } };
  const rows = await db().package.findMany({ where: { organizationId, ...visible }, select: { status: true } });
  const counts = Object.fromEntries(PACKAGE_STATUSES.map((status) => [status, 0])) as PackageStatusCounts;
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

const total = (counts: PackageStatusCounts, statuses: readonly PackageStatus[] = PACKAGE_STATUSES) =>
  statuses.reduce((sum, status) => sum + counts[status], 0);

async function expectCountsMatch(s: PackageOrg, callers: Record<string, Caller>, step: string) {
  for (const [name, caller] of Object.entries(callers)) {
    const expected = await recount(s.org.organizationId, caller);
    const counts = await caller.client.get<PackageStatusCounts>(s.paths.statusCounts);
    expect([counts.status, counts.body], `${step}: ${name}'s status counts`).toEqual([200, expected]);
    const list = await caller.client.get<WorkspacePackageList>(`${s.paths.workspace}?pageSize=100`);
    expect(list.body.count, `${step}: ${name}'s workspace total`).toBe(total(expected));
    expect(list.body.records.length, `${step}: ${name}'s workspace rows`).toBe(total(expected));
    const someStatuses: PackageStatus[] = ["STARTED", "CANCELLED"];
    const filtered = await caller.client.get<WorkspacePackageList>(
      `${s.paths.workspace}?status=${someStatuses.join(",")}&pageSize=100`,
    );
    expect(filtered.body.count, `${step}: ${name}'s total with a status filter`).toBe(total(expected, someStatuses));
    expect(filtered.body.records.length).toBe(total(expected, someStatuses));
  }
}

const actionUrl = (id: keyof typeof packageActionRoutes, orgId: string, packageId: string) =>
  fillPath(routeUrl(packageActionRoutes[id]), { orgId, packageId });
const closingCenterUrl = (id: keyof typeof closingCenterRoutes, params: Record<string, string>) =>
  fillPath(routeUrl(closingCenterRoutes[id]), params);
const version = async (packageId: string) =>
  (await db().package.findUniqueOrThrow({ where: { id: packageId }, select: { version: true } })).version;

async function ok<T>(reply: Promise<{ status: number; body: T }>, expected = 200): Promise<T> {
  const { status, body } = await reply;
  if (status !== expected) throw new Error(`answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

describe("kept package status counts", () => {
  it("equal a recount for every caller after every status, group and sharing change", async () => {
    const s = await packageOrg(db(), app.url);
    const orgId = s.org.organizationId;
    await db().organization.update({ where: { id: orgId }, data: { enabledClosingCenter: true } });
    const a = await memberOfNewGroup(s.org, app.url, OFFICER);
    const b = await memberOfNewGroup(s.org, app.url, VIEWER);
    // c is a sub-group of a: a's members see its packages by inheritance
    const c = await memberOfNewGroup(s.org, app.url, VIEWER, { parentId: a.group.id });
    const allGroups = async () =>
      (await db().group.findMany({ where: { organizationId: orgId }, select: { id: true } })).map((g) => g.id);
    const center = await ok<ClosingCenter>(
      s.admin.request("POST", closingCenterUrl("createClosingCenter", { orgId }), {
        json: { name: "Acme Title", kind: "TITLE_AGENT" },
      }),
      201,
    );
    const agent = await newUser(db(), orgId, "Tia", "Title");
    await ok(
      s.admin.request("POST", closingCenterUrl("inviteClosingCenterMember", { orgId, closingCenterId: center.id }), {
        json: { email: agent.email, givenName: "Tia", familyName: "Title" },
      }),
      201,
    );
    const callers: Record<string, Caller> = {
      admin: { client: s.admin, groups: allGroups },
      "a (and sub-group c)": { client: a.client, groups: () => [a.group.id, c.group.id] },
      b: { client: b.client, groups: () => [b.group.id] },
      c: { client: c.client, groups: () => [c.group.id] },
      "closing-center user": {
        client: await signedIn(app.url, agent.email),
        groups: () => [],
        closingCenterId: center.id,
      },
    };
    const check = (step: string) => expectCountsMatch(s, callers, step);
    await check("no packages");

    const inA = await createPackage(s.admin, s.paths, { groupIds: [a.group.id] });
    const inB = await createPackage(s.admin, s.paths, { groupIds: [b.group.id] });
    const inAB = await createPackage(s.admin, s.paths, { groupIds: [a.group.id, b.group.id] });
    const inC = await createPackage(s.admin, s.paths, { groupIds: [c.group.id] });
    const inBC = await createPackage(s.admin, s.paths, { groupIds: [b.group.id, c.group.id] });
    await createPackage(s.admin, s.paths);
    await check("created in one and in several groups");

    await addParticipant(s.admin, s.paths, inA.id, { type: "Borrower", email: "borrower@example.com" });
    await withSignableDocument(db(), orgId, inA.id);
    await ok(
      s.admin.request("POST", actionUrl("sendPackage", orgId, inA.id), { json: { version: await version(inA.id) } }),
    );
    await check("sent");

    // the last signature completes the package by writing its status, as any other writer would
    await db().package.update({ where: { id: inA.id }, data: { status: "COMPLETED" } });
    await check("finished (completed)");

    await ok(
      s.admin.request("PUT", actionUrl("cancelPackage", orgId, inB.id), {
        json: { version: await version(inB.id), notify: false },
      }),
    );
    await check("cancelled");

    // a signer declining (consent withdrawn) and an eDeposit, one package and several at once
    await db().package.update({ where: { id: inAB.id }, data: { status: "CONSENT_WITHDRAWN" } });
    await db().package.updateMany({ where: { id: { in: [inC.id, inBC.id] } }, data: { status: "EDEPOSIT_PENDING" } });
    await check("declined and deposited");

    await ok(
      s.admin.request("PUT", s.paths.packageGroups(inC.id), {
        json: { groupIds: [a.group.id, b.group.id], version: await version(inC.id) },
      }),
    );
    await check("groups changed");

    await ok(
      s.admin.request("PUT", s.paths.packageGroups(inBC.id), {
        json: { groupIds: [a.group.id], version: await version(inBC.id) },
      }),
    );
    await check("moved between groups");

    await ok(
      s.admin.request("POST", closingCenterUrl("shareWithClosingCenter", { orgId, packageId: inAB.id }), {
        json: { closingCenterId: center.id },
      }),
      201,
    );
    await check("shared with a closing center");

    await ok(s.admin.request("DELETE", `${s.paths.package(inB.id)}?version=${await version(inB.id)}`), 204);
    await check("deleted");

    await db().group.delete({ where: { id: b.group.id } });
    callers.b = { client: s.admin, groups: allGroups };
    await check("a group deleted (its packages leave it)");
  });

  it("count each package once by group filter, whichever of its groups the caller sees", async () => {
    const s = await packageOrg(db(), app.url);
    const a = await memberOfNewGroup(s.org, app.url, VIEWER);
    const b = await memberOfNewGroup(s.org, app.url, VIEWER);
    await createPackage(s.admin, s.paths, { groupIds: [a.group.id, b.group.id] });
    await createPackage(s.admin, s.paths, { groupIds: [a.group.id] });
    const both = await s.admin.get<WorkspacePackageList>(s.paths.workspace);
    expect(both.body.count).toBe(2);
    const inB = await s.admin.get<WorkspacePackageList>(`${s.paths.workspace}?groupId=${b.group.id}`);
    expect([inB.body.count, inB.body.records.length]).toEqual([1, 1]);
    const bSeesInA = await b.client.get<WorkspacePackageList>(`${s.paths.workspace}?groupId=${a.group.id}`);
    expect([bSeesInA.body.count, bSeesInA.body.records.length]).toEqual([1, 1]);
    const counts = await b.client.get<PackageStatusCounts>(s.paths.statusCounts);
    expect(counts.body.STARTED).toBe(1);
  });
});

describe("workspace pages", () => {
  it("keep the order (newest first, id breaking ties) and the paging, with rows as the package view reads them", async () => {
    const s = await packageOrg(db(), app.url);
    const created: Package[] = [];
    for (let index = 0; index < 5; index++) created.push(await createPackage(s.admin, s.paths, { name: `P${index}` }));
    // two packages created at the same instant: the id decides
    const same = new Date("2026-01-01T00:00:00.000Z");
    await db().package.updateMany({
      where: { id: { in: [created[1]!.id, created[2]!.id] } },
      data: { createdAt: same },
    });
    await addParticipant(s.admin, s.paths, created[4]!.id, {
      type: "Borrower",
      givenName: "Ana",
      familyName: "Lopez",
      email: "ana@example.com",
    });
    await addParticipant(s.admin, s.paths, created[4]!.id, {
      type: "Borrower",
      givenName: "Ben",
      familyName: "Lopez",
      email: "ben@example.com",
    });
    const expected = await db().package.findMany({
      where: { organizationId: s.org.organizationId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    const pages: string[] = [];
    for (const pageNumber of [1, 2, 3]) {
      const page = await s.admin.get<WorkspacePackageList>(`${s.paths.workspace}?pageSize=2&pageNumber=${pageNumber}`);
      expect(page.body.count).toBe(5);
      pages.push(...page.body.records.map((record) => record.id));
    }
    expect(pages).toEqual(expected.map((row) => row.id));
    const first = await s.admin.get<WorkspacePackageList>(s.paths.workspace);
    const withPeople = first.body.records.find((record) => record.id === created[4]!.id)!;
    const single = await s.admin.get<Package>(s.paths.package(created[4]!.id));
    expect(withPeople).toMatchObject({
      name: "P4",
      participantCount: 2,
      participantCountsByType: { Borrower: 2 },
      packageGroups: single.body.packageGroups,
      createdAt: single.body.createdAt,
      lastUpdatedAt: single.body.lastUpdatedAt,
    });
    expect(withPeople.participants.map((participant) => [participant.displayName, participant.initials])).toEqual([
      ["BORROWER 1", "AL"],
      ["BORROWER 2", "BL"],
    ]);
  });
});
