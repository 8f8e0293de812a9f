import {
  DEFAULTS,
  decideTransition,
  PACKAGE_MESSAGES,
  PACKAGE_STATUSES,
  type Package,
  type PackageList,
  type PackageStatusCounts,
  type Participant,
  type WorkspacePackageList,
} from "@signet/contract";
import { grantRoles, verifyAuditChain } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, newGroup } from "./support/access-fixtures.ts";
import {
  addParticipant,
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
const setStatus = (id: string, status: (typeof PACKAGE_STATUSES)[number]) =>
  db().package.update({ where: { id }, data: { status } });

describe("POST packages", () => {
  it("creates a STARTED package with the spec defaults, shared with the caller's own managing groups", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const reply = await admin.request<Package>("POST", paths.packages, { json: {} });
    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(`${paths.packages}/${reply.body.id}`);
    expect(reply.body).toMatchObject({
      name: DEFAULTS.packageName,
      status: "STARTED",
      organizationId: org.organizationId,
      packageGroups: [{ groupId: org.adminGroup.id, name: org.adminGroup.name }],
      version: 1,
      paperOrder: "AFTER_ESIGN",
      stipsOrder: "AFTER_ESIGN",
      signingOrder: "PARALLEL",
      enablePrintFulfillment: false,
      printServiceProvider: "WK",
      avEsign: false,
      avHost: null,
      emailTemplate: { subject: null, introText: null, documentId: null, isDefault: true },
      participantCount: 0,
      contactSummary: "NONE",
      createdBy: org.admin.id,
      canManage: true,
    });
    expect(reply.body.shortId).toMatch(/^[2-9A-Z]{8}$/);
    expect(reply.body.allowedActions).toEqual(expect.arrayContaining(["send", "cancel", "delete"]));
    const row = await db().package.findUniqueOrThrow({ where: { id: reply.body.id }, include: { groups: true } });
    expect(row.groups.map((group) => group.groupId)).toEqual([org.adminGroup.id]);
    expect(await packageAuditTypes(db(), reply.body.id)).toEqual(["package.created"]);
    expect(await verifyAuditChain(db(), "package", reply.body.id)).toMatchObject({ valid: true, events: 1 });
  });

  it("takes a name and groups; refuses unknown groups, groups the caller cannot see, no group, and viewers", async () => {
    const { org, paths } = await packageOrg(db(), app.url);
    const officer = await memberOfNewGroup(org, app.url, OFFICER);
    const viewerGroup = await memberOfNewGroup(org, app.url, VIEWER);
    const other = await newGroup(org);
    const created = await officer.client.request<Package>("POST", paths.packages, {
      json: { name: "  Smith refinance ", groupIds: [officer.group.id] },
    });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe("Smith refinance");

    const unknown = await officer.client.request("POST", paths.packages, {
      json: { groupIds: ["00000000-0000-4000-8000-000000000000"] },
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, PACKAGE_MESSAGES.selectedGroupNotFound]);
    const hidden = await officer.client.request("POST", paths.packages, { json: { groupIds: [other.id] } });
    expect([hidden.status, hidden.body.message]).toEqual([403, PACKAGE_MESSAGES.groupNotVisible]);
    const empty = await officer.client.request("POST", paths.packages, { json: { groupIds: [] } });
    expect(empty.status).toBe(400);
    // a viewer cannot create at all
    const viewer = await viewerGroup.client.request("POST", paths.packages, { json: {} });
    expect(viewer.status).toBe(403);
    expect(await db().package.count({ where: { organizationId: org.organizationId } })).toBe(1);
  });

  it("needs MANAGE_DOCUMENTS_PACKAGES in one of the chosen groups", async () => {
    const { org, paths } = await packageOrg(db(), app.url);
    const officer = await memberOfNewGroup(org, app.url, OFFICER);
    const viewer = await memberOfNewGroup(org, app.url, VIEWER);
    // the officer also views (but does not manage) in the viewer's group
    await grantRoles(db(), {
      organizationId: org.organizationId,
      groupId: viewer.group.id,
      userId: officer.user.id,
      roleIds: [viewer.role.id],
    });
    const onlyViewing = await officer.client.request("POST", paths.packages, { json: { groupIds: [viewer.group.id] } });
    expect([onlyViewing.status, onlyViewing.body.message]).toEqual([403, PACKAGE_MESSAGES.manageGroupRequired]);
    const both = await officer.client.request<Package>("POST", paths.packages, {
      json: { groupIds: [viewer.group.id, officer.group.id] },
    });
    expect(both.status).toBe(201);
    expect(both.body.packageGroups.map((group) => group.groupId).sort()).toEqual(
      [viewer.group.id, officer.group.id].sort(),
    );
  });
});

describe("GET packages (list) and workspace-packages", () => {
  it("filters by status (NONE = every status), group, text, dates; pages and sorts", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const branch = await newGroup(org);
    const alpha = await createPackage(admin, paths, { name: "Alpha purchase" });
    const bravo = await createPackage(admin, paths, { name: "Bravo refinance", groupIds: [branch.id] });
    const charlie = await createPackage(admin, paths, { name: "Charlie heloc" });
    await setStatus(bravo.id, "COMPLETED");
    await setStatus(charlie.id, "CANCELLED");
    await addParticipant(admin, paths, alpha.id, {
      type: "Borrower",
      givenName: "Maria",
      familyName: "Lopez",
      email: "maria@example.com",
    });
    const ids = async (query: string) => {
      const reply = await admin.get<PackageList>(`${paths.packages}?${query}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.records.map((record) => record.id);
    };
    expect(await ids("sortBy=name&sortDirection=asc")).toEqual([alpha.id, bravo.id, charlie.id]);
    expect(await ids("sortBy=name&sortDirection=asc&status=NONE")).toEqual([alpha.id, bravo.id, charlie.id]);
    expect(await ids("sortBy=name&sortDirection=asc&status=COMPLETED&status=CANCELLED")).toEqual([
      bravo.id,
      charlie.id,
    ]);
    expect(await ids("status=STARTED,CANCELLED&sortBy=name&sortDirection=asc")).toEqual([alpha.id, charlie.id]);
    expect(await ids(`groupId=${branch.id}`)).toEqual([bravo.id]);
    expect(await ids("text=refin")).toEqual([bravo.id]);
    expect(await ids("text=maria%20LOPEZ")).toEqual([alpha.id]);
    expect(await ids("text=maria%40example")).toEqual([alpha.id]);
    expect(await ids(`text=${charlie.shortId.toLowerCase()}`)).toEqual([charlie.id]);
    expect(await ids("text=nobody")).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await ids(`createdFrom=${today}&createdTo=${today}`)).length).toBe(3);
    expect(await ids("createdTo=2000-01-01")).toEqual([]);
    // default sort: newest first
    expect(await ids("")).toEqual([charlie.id, bravo.id, alpha.id]);
    const page = await admin.get<PackageList>(
      `${paths.packages}?pageSize=2&pageNumber=2&sortBy=name&sortDirection=asc`,
    );
    expect(page.body.count).toBe(3);
    expect(page.body.records.map((record) => record.id)).toEqual([charlie.id]);
    const bad = await admin.get(`${paths.packages}?status=SHIPPED`);
    expect(bad.status).toBe(400);

    const workspace = await admin.get<WorkspacePackageList>(`${paths.workspace}?sortBy=name&sortDirection=asc`);
    expect(workspace.status).toBe(200);
    expect(workspace.body.count).toBe(3);
    expect(workspace.body.records[0]).toMatchObject({
      id: alpha.id,
      participantCount: 1,
      participantCountsByType: { Borrower: 1 },
      contactSummary: "EMAIL",
      participants: [{ displayName: "BORROWER 1", initials: "ML", accessMethod: "EMAIL" }],
    });
    expect(workspace.body.records[1]).toMatchObject({ id: bravo.id, contactSummary: "NONE", participantCount: 0 });
  });

  it("finds packages by text after renames and participant changes; % and _ are plain characters", async () => {
    const { admin, paths } = await packageOrg(db(), app.url);
    const loan = await createPackage(admin, paths, { name: "Loan 100% financed" });
    const other = await createPackage(admin, paths, { name: "Loan 1000 financed" });
    const ids = async (text: string) => {
      const reply = await admin.get<PackageList>(`${paths.packages}?text=${encodeURIComponent(text)}&sortBy=name`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.records.map((record) => record.id);
    };
    expect(await ids("100%")).toEqual([loan.id]);
    expect(await ids("1_0")).toEqual([]);

    const borrower = await addParticipant(admin, paths, other.id, {
      type: "Borrower",
      familyName: "Okafor",
      accessMethod: "API",
    });
    expect(await ids("okafor")).toEqual([other.id]);
    const renamed = await admin.request<Participant>("PATCH", paths.participant(other.id, borrower.id), {
      json: { version: borrower.version, familyName: "Haddad" },
    });
    expect(renamed.status).toBe(200);
    expect(await ids("okafor")).toEqual([]);
    expect(await ids("haddad")).toEqual([other.id]);
    const removed = await admin.request(
      "DELETE",
      `${paths.participant(other.id, borrower.id)}?version=${renamed.body.version}`,
    );
    expect(removed.status).toBe(204);
    expect(await ids("haddad")).toEqual([]);

    const current = await admin.get<Package>(paths.package(loan.id));
    const patched = await admin.request("PATCH", paths.package(loan.id), {
      json: { version: current.body.version, name: "Refinance of the lake house" },
    });
    expect(patched.status).toBe(200);
    expect(await ids("lake house")).toEqual([loan.id]);
    expect(await ids("100%")).toEqual([]);
  });

  it("shows a member only the packages of groups where they hold VIEW_DOCUMENTS_PACKAGES (inherited too)", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const viewer = await memberOfNewGroup(org, app.url, VIEWER);
    const child = await newGroup(org, { parentId: viewer.group.id });
    const elsewhere = await newGroup(org);
    const own = await createPackage(admin, paths, { groupIds: [viewer.group.id] });
    const inherited = await createPackage(admin, paths, { groupIds: [child.id] });
    const hidden = await createPackage(admin, paths, { groupIds: [elsewhere.id] });
    const list = await viewer.client.get<PackageList>(`${paths.packages}?sortBy=createdAt&sortDirection=asc`);
    expect(list.body.records.map((record) => [record.id, record.canManage])).toEqual([
      [own.id, false],
      [inherited.id, false],
    ]);
    expect((await viewer.client.get(paths.package(own.id))).status).toBe(200);
    const notShared = await viewer.client.get(paths.package(hidden.id));
    expect([notShared.status, notShared.body.message]).toEqual([404, PACKAGE_MESSAGES.packageNotFound]);
    // viewing is not managing
    const patch = await viewer.client.request("PATCH", paths.package(own.id), { json: { version: 1, name: "X" } });
    expect(patch.status).toBe(403);
    // without the permission anywhere: 403
    const stranger = await memberOfNewGroup(org, app.url, ["VIEW_USERS_GROUPS_ROLES"]);
    expect((await stranger.client.get(paths.packages)).status).toBe(403);
    expect((await stranger.client.get(paths.statusCounts)).status).toBe(403);
  });
});

describe("PATCH packages/:id", () => {
  it("changes an unsent package at its version; a stale version answers 'Version not matched.'", async () => {
    const { admin, paths } = await packageOrg(db(), app.url);
    const created = await createPackage(admin, paths);
    const reply = await admin.request<Package>("PATCH", paths.package(created.id), {
      json: {
        version: 1,
        name: "Renamed",
        signingOrder: "PARTICIPANT",
        paperOrder: "BEFORE_ESIGN",
        expirationType: "RELATIVE",
        scheduledExpiryDays: 5,
        scheduledExpiryTime: "17:30",
        emailSubject: "Please sign",
      },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      name: "Renamed",
      version: 2,
      signingOrder: "PARTICIPANT",
      paperOrder: "BEFORE_ESIGN",
      expirationType: "RELATIVE",
      scheduledExpiryDays: 5,
      scheduledExpiryTime: "17:30",
      emailTemplate: { subject: "Please sign" },
    });
    const stale = await admin.request("PATCH", paths.package(created.id), { json: { version: 1, name: "Lost" } });
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);
    expect((await db().package.findUniqueOrThrow({ where: { id: created.id } })).name).toBe("Renamed");
    const badTime = await admin.request("PATCH", paths.package(created.id), {
      json: { version: 2, scheduledExpiryTime: "25:00" },
    });
    expect(badTime.status).toBe(400);
    expect(await packageAuditTypes(db(), created.id)).toEqual(["package.created", "package.updated"]);
  });

  it("refuses to change a package that was sent", async () => {
    const { admin, paths } = await packageOrg(db(), app.url);
    const created = await createPackage(admin, paths);
    await setStatus(created.id, "AVAILABLE_TO_SIGNERS");
    const reply = await admin.request("PATCH", paths.package(created.id), { json: { version: 1, name: "Late" } });
    expect([reply.status, reply.body.message]).toEqual([409, PACKAGE_MESSAGES.notEditable]);
    expect((await db().package.findUniqueOrThrow({ where: { id: created.id } })).name).toBe(DEFAULTS.packageName);
  });
});

describe("DELETE packages/:id", () => {
  it.each([
    "STARTED",
    "AVAILABLE_TO_SIGNERS",
    "COMPLETED",
    "CANCELLED",
    "CONSENT_WITHDRAWN",
    "PENDING_ENOTARY",
  ] as const)("deletes a %s package with its participants and groups", async (status) => {
    const { admin, paths } = await packageOrg(db(), app.url);
    const created = await createPackage(admin, paths);
    await addParticipant(admin, paths, created.id, { type: "Borrower", email: "b@example.com" });
    await setStatus(created.id, status);
    const version = (await db().package.findUniqueOrThrow({ where: { id: created.id } })).version;
    const stale = await admin.request("DELETE", `${paths.package(created.id)}?version=${version - 1}`);
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);
    const reply = await admin.request("DELETE", `${paths.package(created.id)}?version=${version}`);
    expect(reply.status).toBe(204);
    expect(await db().package.count({ where: { id: created.id } })).toBe(0);
    expect(await db().participant.count({ where: { packageId: created.id } })).toBe(0);
    expect(await db().packageGroup.count({ where: { packageId: created.id } })).toBe(0);
    expect((await packageAuditTypes(db(), created.id)).at(-1)).toBe("package.deleted");
    expect((await admin.get(paths.package(created.id))).status).toBe(404);
  });

  it.each(["EDEPOSIT_PENDING", "EDEPOSITED"] as const)("refuses to delete a %s package", async (status) => {
    const { admin, paths } = await packageOrg(db(), app.url);
    const created = await createPackage(admin, paths);
    await setStatus(created.id, status);
    const reply = await admin.request("DELETE", `${paths.package(created.id)}?version=1`);
    const decision = decideTransition(status, "delete");
    expect(decision.allowed).toBe(false);
    expect([reply.status, reply.body.message]).toEqual([409, decision.allowed ? "" : decision.reason]);
    expect(await db().package.count({ where: { id: created.id } })).toBe(1);
  });
});

describe("GET package-status-counts", () => {
  it("counts every status over the packages the caller sees", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const viewer = await memberOfNewGroup(org, app.url, VIEWER);
    const a = await createPackage(admin, paths, { groupIds: [viewer.group.id] });
    const b = await createPackage(admin, paths, { groupIds: [viewer.group.id] });
    await createPackage(admin, paths);
    await setStatus(b.id, "COMPLETED");
    const mine = await viewer.client.get<PackageStatusCounts>(paths.statusCounts);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ ...Object.fromEntries(PACKAGE_STATUSES.map((s) => [s, 0])), STARTED: 1, COMPLETED: 1 });
    const all = await admin.get<PackageStatusCounts>(paths.statusCounts);
    expect(all.body.STARTED).toBe(2);
    expect(all.body.COMPLETED).toBe(1);
    expect(a.status).toBe("STARTED");
  });
});
