import {
  GROUP_MESSAGES,
  type Group,
  type GroupTree,
  type LocationCandidates,
  MESSAGES,
  ROLE_MESSAGES,
} from "@signet/contract";
import { verifyAuditChain } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCESS_TEST_ENV,
  accessPaths,
  newGroup,
  newRole,
  newSignedInAdmin,
  organizationAuditTypes,
  organizationWithAdmin,
  signedIn,
  userWithRoles,
} from "./support/access-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const db = () => app.server.db;

const adminOf = () => newSignedInAdmin(db(), app.url);

describe("GET groups (the tree)", () => {
  it("shows an Admin every group, parents before children, siblings by name", async () => {
    const { org, admin, paths } = await adminOf();
    const alpha = await newGroup(org, { name: "Alpha" });
    const bravo = await newGroup(org, { name: "bravo", parentId: alpha.id });
    const delta = await newGroup(org, { name: "Delta", parentId: bravo.id });
    const charlie = await newGroup(org, { name: "Charlie", parentId: alpha.id });
    const reply = await admin.get<GroupTree>(paths.groups);
    expect(reply.status).toBe(200);
    expect(reply.body.records.map((group) => group.id)).toEqual([
      alpha.id,
      bravo.id,
      delta.id,
      charlie.id,
      org.adminGroup.id,
    ]);
    expect(reply.body.count).toBe(5);
    const bravoView = reply.body.records[1]!;
    expect(bravoView).toMatchObject({
      parentId: alpha.id,
      parentName: "Alpha",
      hasChildren: true,
      hasPackages: false,
      uniqueForPackage: false,
      canManage: true,
      version: 1,
    });
    expect(reply.body.records.find((group) => group.id === org.adminGroup.id)).toMatchObject({
      memberCount: 1,
      roles: [{ id: org.adminRole.id, name: "Admin", roleColor: null }],
    });
  });

  it("shows a user with VIEW in a sub-tree only that sub-tree, without management", async () => {
    const { org } = await adminOf();
    const viewer = await newRole(org, ["VIEW_USERS_GROUPS_ROLES"]);
    const top = await newGroup(org, { name: "Top" });
    const branch = await newGroup(org, { name: "Branch", parentId: top.id, roleIds: [viewer.id] });
    const leaf = await newGroup(org, { name: "Leaf", parentId: branch.id });
    await newGroup(org, { name: "Sibling", parentId: top.id });
    const user = await userWithRoles(org, branch.id, [viewer.id]);
    const client = await signedIn(app.url, user.email);
    const reply = await client.get<GroupTree>(accessPaths(org.organizationId).groups);
    expect(reply.status).toBe(200);
    expect(reply.body.records.map((group) => [group.id, group.canManage])).toEqual([
      [branch.id, false],
      [leaf.id, false],
    ]);
    expect(reply.body.records[0]!.parentId).toBe(top.id);
  });

  it("refuses a user without VIEW_USERS_GROUPS_ROLES anywhere", async () => {
    const { org } = await adminOf();
    const role = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"]);
    const group = await newGroup(org, { roleIds: [role.id] });
    const user = await userWithRoles(org, group.id, [role.id]);
    const reply = await (await signedIn(app.url, user.email)).get(accessPaths(org.organizationId).groups);
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("POST groups", () => {
  it("creates a top-level group with its role structure: 201, Location, audit", async () => {
    const { org, admin, paths } = await adminOf();
    const role = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"]);
    const reply = await admin.request<Group>("POST", paths.groups, {
      json: { name: "  Loan officers ", description: "Front office", roleIds: [role.id, role.id] },
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(`${paths.groups}/${reply.body.id}`);
    expect(reply.body).toMatchObject({
      name: "Loan officers",
      description: "Front office",
      parentId: null,
      parentName: null,
      memberCount: 0,
      roles: [{ id: role.id, name: role.name }],
      version: 1,
      createdBy: org.admin.id,
      canManage: true,
      hasChildren: false,
    });
    const row = await db().group.findUniqueOrThrow({ where: { id: reply.body.id }, include: { roles: true } });
    expect(row).toMatchObject({ organizationId: org.organizationId, nameKey: "loan officers", parentId: null });
    expect(row.roles.map((r) => r.roleId)).toEqual([role.id]);
    const events = await organizationAuditTypes(db(), org.organizationId);
    expect(events.at(-1)).toMatchObject({ type: "group.created", data: { groupId: reply.body.id } });
    expect(await verifyAuditChain(db(), "organization", org.organizationId)).toMatchObject({ valid: true });
  });

  it("creates a sub-group for a user managing the parent; refuses elsewhere (403)", async () => {
    const { org, paths } = await adminOf();
    const manager = await newRole(org, ["VIEW_USERS_GROUPS_ROLES", "MANAGE_GROUPS"]);
    const managed = await newGroup(org, { name: "Managed", roleIds: [manager.id] });
    const other = await newGroup(org, { name: "Other" });
    const user = await userWithRoles(org, managed.id, [manager.id]);
    const client = await signedIn(app.url, user.email);

    const sub = await client.request<Group>("POST", paths.groups, {
      json: { name: "Sub", parentId: managed.id, roleIds: [] },
    });
    expect(sub.status).toBe(201);
    // the new group inherits the parent's management
    expect(sub.body).toMatchObject({ parentId: managed.id, parentName: "Managed", canManage: true });

    const refused = await client.request("POST", paths.groups, {
      json: { name: "Nope", parentId: other.id, roleIds: [] },
    });
    expect(refused.status).toBe(403);
    expect(await db().group.count({ where: { organizationId: org.organizationId, name: "Nope" } })).toBe(0);
  });

  it("refuses a top-level group to a user without MANAGE_GROUPS", async () => {
    const { org, paths } = await adminOf();
    const viewer = await newRole(org, ["VIEW_USERS_GROUPS_ROLES", "MANAGE_ROLES"]);
    const group = await newGroup(org, { roleIds: [viewer.id] });
    const user = await userWithRoles(org, group.id, [viewer.id]);
    const reply = await (await signedIn(app.url, user.email)).request("POST", paths.groups, {
      json: { name: "Top", roleIds: [] },
    });
    expect(reply.status).toBe(403);
  });

  it("refuses a duplicate name regardless of case (409) and unknown parent or roles (404)", async () => {
    const { org, admin, paths } = await adminOf();
    const other = await organizationWithAdmin(db());
    const foreignRole = await newRole(other, ["MANAGE_GROUPS"]);
    const foreignGroup = await newGroup(other);
    await newGroup(org, { name: "Closers" });
    const cases: [unknown, number, string][] = [
      [{ name: "CLOSERS ", roleIds: [] }, 409, GROUP_MESSAGES.groupAlreadyExists],
      [{ name: "New", parentId: foreignGroup.id, roleIds: [] }, 404, GROUP_MESSAGES.selectedGroupNotFound],
      [{ name: "New", roleIds: [foreignRole.id] }, 404, ROLE_MESSAGES.roleOrganizationNotFound],
      [{ name: "   ", roleIds: [] }, 400, MESSAGES.badRequest],
    ];
    for (const [json, status, message] of cases) {
      const reply = await admin.request("POST", paths.groups, { json });
      expect(reply.status, JSON.stringify(json)).toBe(status);
      expect(reply.body).toMatchObject({ message });
    }
    expect(await db().group.count({ where: { organizationId: org.organizationId } })).toBe(2);
  });
});

describe("GET and PATCH groups/:groupId", () => {
  it("edits name, description and role structure; members lose roles removed from it", async () => {
    const { org, admin, paths } = await adminOf();
    const keep = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"], { name: "Keep" });
    const drop = await newRole(org, ["MANAGE_DOCUMENTS_PACKAGES"], { name: "Drop" });
    const add = await newRole(org, ["VIEW_ADMIN_SETTINGS"], { name: "Add" });
    const group = await newGroup(org, { name: "Before", roleIds: [keep.id, drop.id] });
    const member = await userWithRoles(org, group.id, [keep.id, drop.id]);

    const reply = await admin.request<Group>("PATCH", paths.group(group.id), {
      json: { version: 1, name: "After", description: "Described", roleIds: [keep.id, add.id] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: "After", description: "Described", version: 2, updatedBy: org.admin.id });
    expect(reply.body.roles.map((role) => role.name)).toEqual(["Add", "Keep"]);
    const grants = await db().memberRole.findMany({ where: { groupId: group.id, userId: member.id } });
    expect(grants.map((grant) => grant.roleId)).toEqual([keep.id]);

    const read = await admin.get<Group>(paths.group(group.id));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: "After", version: 2, memberCount: 1 });
  });

  it("answers 'Version not matched' for a stale version and leaves the group unchanged", async () => {
    const { org, admin, paths } = await adminOf();
    const group = await newGroup(org, { name: "Stable" });
    expect((await admin.request("PATCH", paths.group(group.id), { json: { version: 1, name: "One" } })).status).toBe(
      200,
    );
    const stale = await admin.request("PATCH", paths.group(group.id), { json: { version: 1, name: "Two" } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "VERSION_NOT_MATCHED", message: MESSAGES.versionNotMatched });
    expect(await db().group.findUniqueOrThrow({ where: { id: group.id } })).toMatchObject({ name: "One", version: 2 });
  });

  it("refuses renaming to another group's name (409)", async () => {
    const { org, admin, paths } = await adminOf();
    await newGroup(org, { name: "Taken" });
    const group = await newGroup(org, { name: "Mine" });
    const reply = await admin.request("PATCH", paths.group(group.id), { json: { version: 1, name: "taken" } });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ message: GROUP_MESSAGES.groupAlreadyExists });
    const same = await admin.request("PATCH", paths.group(group.id), { json: { version: 1, name: "MINE" } });
    expect(same.status).toBe(200);
  });

  it("refuses editing without MANAGE_GROUPS in the group (403) and viewing without VIEW (403)", async () => {
    const { org, paths } = await adminOf();
    const viewer = await newRole(org, ["VIEW_USERS_GROUPS_ROLES"]);
    const group = await newGroup(org, { roleIds: [viewer.id] });
    const elsewhere = await newGroup(org);
    const user = await userWithRoles(org, group.id, [viewer.id]);
    const client = await signedIn(app.url, user.email);
    expect((await client.get(paths.group(group.id))).status).toBe(200);
    expect((await client.get(paths.group(elsewhere.id))).status).toBe(403);
    const edit = await client.request("PATCH", paths.group(group.id), { json: { version: 1, name: "X" } });
    expect(edit.status).toBe(403);
    expect((await db().group.findUniqueOrThrow({ where: { id: group.id } })).version).toBe(1);
  });
});

describe("DELETE groups/:groupId", () => {
  it("refuses a group with sub-groups (409) and keeps it", async () => {
    const { org, admin, paths } = await adminOf();
    const parent = await newGroup(org);
    await newGroup(org, { parentId: parent.id });
    const reply = await admin.request("DELETE", `${paths.group(parent.id)}?version=1`);
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ message: GROUP_MESSAGES.hasSubGroups });
    expect(await db().group.count({ where: { id: parent.id } })).toBe(1);
  });

  it("refuses a stale version (409) and deletes with the current one, members and roles with it", async () => {
    const { org, admin, paths } = await adminOf();
    const role = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"]);
    const group = await newGroup(org, { roleIds: [role.id] });
    const member = await userWithRoles(org, group.id, [role.id]);
    await db().group.update({ where: { id: group.id }, data: { version: 2 } });

    const stale = await admin.request("DELETE", `${paths.group(group.id)}?version=1`);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: MESSAGES.versionNotMatched });

    const reply = await admin.request("DELETE", `${paths.group(group.id)}?version=2`);
    expect(reply.status).toBe(204);
    expect(await db().group.count({ where: { id: group.id } })).toBe(0);
    expect(await db().groupMember.count({ where: { groupId: group.id } })).toBe(0);
    expect(await db().memberRole.count({ where: { groupId: group.id } })).toBe(0);
    expect(await db().groupRole.count({ where: { groupId: group.id } })).toBe(0);
    // the user and the role stay
    expect(await db().user.count({ where: { id: member.id } })).toBe(1);
    expect(await db().role.count({ where: { id: role.id } })).toBe(1);
    const events = await organizationAuditTypes(db(), org.organizationId);
    expect(events.at(-1)).toMatchObject({ type: "group.deleted", data: { groupId: group.id, memberCount: 1 } });
  });

  it("refuses without MANAGE_GROUPS in the group (403)", async () => {
    const { org, paths } = await adminOf();
    const viewer = await newRole(org, ["VIEW_USERS_GROUPS_ROLES", "MANAGE_ROLES"]);
    const group = await newGroup(org, { roleIds: [viewer.id] });
    const user = await userWithRoles(org, group.id, [viewer.id]);
    const reply = await (await signedIn(app.url, user.email)).request("DELETE", `${paths.group(group.id)}?version=1`);
    expect(reply.status).toBe(403);
    expect(await db().group.count({ where: { id: group.id } })).toBe(1);
  });
});

describe("PUT groups/:groupId/location (move)", () => {
  /** Tree:  A (r1, r2) ─ B (r1) ─ D (r1);  A ─ C (r1, r2, r3);  E (r1) */
  async function tree() {
    const ctx = await adminOf();
    const [r1, r2, r3] = await Promise.all([
      newRole(ctx.org, ["VIEW_DOCUMENTS_PACKAGES"], { name: "R1" }),
      newRole(ctx.org, ["VIEW_ADMIN_SETTINGS"], { name: "R2" }),
      newRole(ctx.org, ["VIEW_AND_MANAGE_REPORTS"], { name: "R3" }),
    ]);
    const a = await newGroup(ctx.org, { name: "A", roleIds: [r1.id, r2.id] });
    const b = await newGroup(ctx.org, { name: "B", parentId: a.id, roleIds: [r1.id] });
    const d = await newGroup(ctx.org, { name: "D", parentId: b.id, roleIds: [r1.id] });
    const c = await newGroup(ctx.org, { name: "C", parentId: a.id, roleIds: [r1.id, r2.id, r3.id] });
    const e = await newGroup(ctx.org, { name: "E", roleIds: [r1.id] });
    return { ...ctx, r1, r2, r3, a, b, c, d, e };
  }

  it("moves a group with its sub-groups; they keep their parent", async () => {
    const t = await tree();
    const reply = await t.admin.request<Group>("PUT", t.paths.location(t.b.id), {
      json: { parentId: t.e.id, version: 1 },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: t.b.id, parentId: t.e.id, parentName: "E", version: 2 });
    expect(await db().group.findUniqueOrThrow({ where: { id: t.d.id } })).toMatchObject({
      parentId: t.b.id,
      version: 1,
    });
    const ordered = (await t.admin.get<GroupTree>(t.paths.groups)).body.records.map((group) => group.name);
    expect(ordered.slice(ordered.indexOf("E"), ordered.indexOf("E") + 3)).toEqual(["E", "B", "D"]);
    const events = await organizationAuditTypes(db(), t.org.organizationId);
    expect(events.at(-1)).toMatchObject({
      type: "group.moved",
      data: { groupId: t.b.id, fromParentId: t.a.id, toParentId: t.e.id },
    });
  });

  it("moves to the top level, which contains every role", async () => {
    const t = await tree();
    const reply = await t.admin.request<Group>("PUT", t.paths.location(t.c.id), {
      json: { parentId: null, version: 1 },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ parentId: null, parentName: null });
  });

  it("refuses a target whose role structure lacks one of the group's roles (409) and leaves it in place", async () => {
    const t = await tree();
    const reply = await t.admin.request("PUT", t.paths.location(t.c.id), { json: { parentId: t.e.id, version: 1 } });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ message: GROUP_MESSAGES.roleMismatch });
    expect(await db().group.findUniqueOrThrow({ where: { id: t.c.id } })).toMatchObject({
      parentId: t.a.id,
      version: 1,
    });
  });

  it("refuses moving into itself or a descendant (400)", async () => {
    const t = await tree();
    for (const target of [t.a.id, t.b.id, t.d.id]) {
      const reply = await t.admin.request("PUT", t.paths.location(t.a.id), { json: { parentId: target, version: 1 } });
      expect(reply.status, target).toBe(400);
      expect(reply.body).toMatchObject({ message: GROUP_MESSAGES.moveIntoItself });
    }
    expect(await db().group.findUniqueOrThrow({ where: { id: t.a.id } })).toMatchObject({ parentId: null, version: 1 });
  });

  it("refuses the current location, a stale version and an unknown target", async () => {
    const t = await tree();
    const foreign = await newGroup(await organizationWithAdmin(db()));
    const cases: [unknown, number, string][] = [
      [{ parentId: t.a.id, version: 1 }, 409, GROUP_MESSAGES.groupAlreadyAdded],
      [{ parentId: t.e.id, version: 7 }, 409, MESSAGES.versionNotMatched],
      [{ parentId: foreign.id, version: 1 }, 404, GROUP_MESSAGES.selectedGroupNotFound],
    ];
    for (const [json, status, message] of cases) {
      const reply = await t.admin.request("PUT", t.paths.location(t.b.id), { json });
      expect(reply.status, JSON.stringify(json)).toBe(status);
      expect(reply.body).toMatchObject({ message });
    }
  });

  it("requires MANAGE_GROUPS in the group and in the target (403)", async () => {
    const t = await tree();
    const manager = await newRole(t.org, ["VIEW_USERS_GROUPS_ROLES", "MANAGE_GROUPS"]);
    await db().groupRole.create({
      data: { groupId: t.b.id, roleId: manager.id, organizationId: t.org.organizationId },
    });
    const user = await userWithRoles(t.org, t.b.id, [manager.id]);
    const client = await signedIn(app.url, user.email);
    // manages B and D (inherited), not E
    const toE = await client.request("PUT", t.paths.location(t.d.id), { json: { parentId: t.e.id, version: 1 } });
    expect(toE.status).toBe(403);
    const ofA = await client.request("PUT", t.paths.location(t.a.id), { json: { parentId: t.e.id, version: 1 } });
    expect(ofA.status).toBe(403);
  });
});

describe("GET groups/:groupId/location (the location picker)", () => {
  it("lists manageable groups without the group and its descendants, labelled", async () => {
    const { org, admin, paths } = await adminOf();
    const r1 = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"]);
    const r2 = await newRole(org, ["VIEW_ADMIN_SETTINGS"]);
    const a = await newGroup(org, { name: "A", roleIds: [r1.id, r2.id] });
    const b = await newGroup(org, { name: "B", parentId: a.id, roleIds: [r1.id, r2.id] });
    await newGroup(org, { name: "Below B", parentId: b.id, roleIds: [r1.id, r2.id] });
    const c = await newGroup(org, { name: "C", roleIds: [r1.id] });
    const reply = await admin.get<LocationCandidates>(paths.location(b.id));
    expect(reply.status).toBe(200);
    expect(reply.body.records).toEqual([
      { groupId: null, name: GROUP_MESSAGES.topLevelName, path: "", label: null, selectable: true },
      { groupId: a.id, name: "A", path: "A", label: GROUP_MESSAGES.currentLocationLabel, selectable: false },
      { groupId: c.id, name: "C", path: "C", label: GROUP_MESSAGES.roleMismatchLabel, selectable: false },
      {
        groupId: org.adminGroup.id,
        name: org.adminGroup.name,
        path: org.adminGroup.name,
        label: GROUP_MESSAGES.roleMismatchLabel,
        selectable: false,
      },
    ]);
  });

  it("offers a sub-tree manager only the groups they manage", async () => {
    const { org, paths } = await adminOf();
    const manager = await newRole(org, ["VIEW_USERS_GROUPS_ROLES", "MANAGE_GROUPS"]);
    const top = await newGroup(org, { name: "Top" });
    const mine = await newGroup(org, { name: "Mine", parentId: top.id, roleIds: [manager.id] });
    const left = await newGroup(org, { name: "Left", parentId: mine.id });
    const right = await newGroup(org, { name: "Right", parentId: mine.id });
    const user = await userWithRoles(org, mine.id, [manager.id]);
    const reply = await (await signedIn(app.url, user.email)).get<LocationCandidates>(paths.location(left.id));
    expect(reply.status).toBe(200);
    // the top level is offered because MANAGE_GROUPS is held in the organization (see the report)
    expect(reply.body.records.map((c) => [c.groupId, c.path, c.label])).toEqual([
      [null, "", null],
      [mine.id, "Top / Mine", GROUP_MESSAGES.currentLocationLabel],
      [right.id, "Top / Mine / Right", null],
    ]);
  });
});

describe("PUT/DELETE groups/:groupId/roles/:roleId (role structure)", () => {
  it("assigns a role, refuses it twice, unassigns it (members lose it), refuses that twice", async () => {
    const { org, admin, paths } = await adminOf();
    const role = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"], { name: "Assignable" });
    const group = await newGroup(org);
    const assigned = await admin.request<Group>("PUT", paths.groupRole(group.id, role.id));
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ roles: [{ id: role.id, name: "Assignable" }], version: 2 });

    const again = await admin.request("PUT", paths.groupRole(group.id, role.id));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: ROLE_MESSAGES.memberOrRoleAlreadyAssigned });

    const member = await userWithRoles(org, group.id, [role.id]);
    const unassigned = await admin.request<Group>("DELETE", paths.groupRole(group.id, role.id));
    expect(unassigned.status).toBe(200);
    expect(unassigned.body.roles).toEqual([]);
    expect(await db().memberRole.count({ where: { groupId: group.id, userId: member.id } })).toBe(0);
    expect(await db().groupMember.count({ where: { groupId: group.id, userId: member.id } })).toBe(1);

    const twice = await admin.request("DELETE", paths.groupRole(group.id, role.id));
    expect(twice.status).toBe(404);
    expect(twice.body).toMatchObject({ message: ROLE_MESSAGES.roleNotFoundOrVersionNotMatched });
  });

  it("refuses a hidden or foreign role (404) and a user without MANAGE_ROLES (403)", async () => {
    const { org, admin, paths } = await adminOf();
    const group = await newGroup(org);
    const hidden = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"]);
    await db().role.update({ where: { id: hidden.id }, data: { hidden: true } });
    const foreign = await newRole(await organizationWithAdmin(db()), ["VIEW_DOCUMENTS_PACKAGES"]);
    for (const roleId of [hidden.id, foreign.id]) {
      const reply = await admin.request("PUT", paths.groupRole(group.id, roleId));
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ message: ROLE_MESSAGES.roleOrganizationNotFound });
    }
    const groupsOnly = await newRole(org, ["VIEW_USERS_GROUPS_ROLES", "MANAGE_GROUPS"]);
    const visible = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"]);
    await db().groupRole.create({
      data: { groupId: group.id, roleId: groupsOnly.id, organizationId: org.organizationId },
    });
    const user = await userWithRoles(org, group.id, [groupsOnly.id]);
    const reply = await (await signedIn(app.url, user.email)).request("PUT", paths.groupRole(group.id, visible.id));
    expect(reply.status).toBe(403);
    expect(await db().groupRole.count({ where: { groupId: group.id, roleId: visible.id } })).toBe(0);
  });
});

describe("tenancy", () => {
  it("answers 404 for another organization's group through this organization's paths", async () => {
    const { admin, paths } = await adminOf();
    const other = await organizationWithAdmin(db());
    const foreign = await newGroup(other);
    const role = await newRole(other, ["VIEW_DOCUMENTS_PACKAGES"]);
    const calls: [string, string, unknown?][] = [
      ["GET", paths.group(foreign.id)],
      ["PATCH", paths.group(foreign.id), { version: 1, name: "Hijack" }],
      ["DELETE", `${paths.group(foreign.id)}?version=1`],
      ["PUT", paths.location(foreign.id), { parentId: null, version: 1 }],
      ["GET", paths.location(foreign.id)],
      ["PUT", paths.groupRole(foreign.id, role.id)],
      ["DELETE", paths.groupRole(foreign.id, role.id)],
    ];
    for (const [method, path, json] of calls) {
      const reply = await admin.request(method, path, json === undefined ? {} : { json });
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body).toMatchObject({ message: GROUP_MESSAGES.groupOrganizationNotFound });
    }
    expect(await db().group.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({ version: 1 });
    // and another organization's path altogether
    const otherPaths = accessPaths(other.organizationId);
    expect((await admin.get(otherPaths.groups)).status).toBe(404);
    expect((await admin.get(otherPaths.group(foreign.id))).status).toBe(404);
  });

  it("lets a support user act in another organization with their support bits in every group", async () => {
    const support = await organizationWithAdmin(db());
    await db().organization.update({ where: { id: support.organizationId }, data: { eoSupport: true } });
    const supportRole = await newRole(support, ["VIEW_USERS_GROUPS_ROLES", "MANAGE_GROUPS"], { eoSupport: true });
    const supportUser = await userWithRoles(support, support.adminGroup.id, [supportRole.id]);
    const { org } = await adminOf();
    const group = await newGroup(org, { name: "Customer group" });
    const client = await signedIn(app.url, supportUser.email);
    const paths = accessPaths(org.organizationId);
    const tree = await client.get<GroupTree>(paths.groups);
    expect(tree.status).toBe(200);
    expect(tree.body.records.map((g) => [g.id, g.canManage])).toContainEqual([group.id, true]);
    const edit = await client.request<Group>("PATCH", paths.group(group.id), {
      json: { version: 1, description: "By support" },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.description).toBe("By support");
  });
});
