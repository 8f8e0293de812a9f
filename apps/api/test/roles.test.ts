import {
  DEFAULTS,
  MESSAGES,
  PERMISSIONS,
  type PermissionsResponse,
  permissionBits,
  ROLE_MESSAGES,
  type Role,
  type RolePage,
} from "@signet/contract";
import { grantRoles } from "@signet/core";
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

describe("GET roles", () => {
  it("lists visible roles with group and distinct member counts, sorted and paged", async () => {
    const { org, admin, paths } = await adminOf();
    const wide = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"], { name: "Wide" });
    const narrow = await newRole(org, ["VIEW_ADMIN_SETTINGS"], { name: "narrow" });
    const hidden = await newRole(org, ["VIEW_ADMIN_SETTINGS"], { name: "Hidden" });
    await db().role.update({ where: { id: hidden.id }, data: { hidden: true } });
    const g1 = await newGroup(org, { roleIds: [wide.id, narrow.id] });
    const g2 = await newGroup(org, { roleIds: [wide.id] });
    const twice = await userWithRoles(org, g1.id, [wide.id]);
    await grantRoles(db(), {
      organizationId: org.organizationId,
      groupId: g2.id,
      userId: twice.id,
      roleIds: [wide.id],
    });
    await userWithRoles(org, g2.id, [wide.id]);

    const reply = await admin.get<RolePage>(`${paths.roles}?sortBy=memberCount&sortDirection=desc`);
    expect(reply.status).toBe(200);
    expect(reply.body.count).toBe(3);
    expect(reply.body.records.map((role) => [role.name, role.groupCount, role.memberCount])).toEqual([
      ["Wide", 2, 2],
      [DEFAULTS.adminRoleName, 1, 1],
      ["narrow", 1, 0],
    ]);
    expect(reply.body.records.find((role) => role.name === "Wide")).toMatchObject({
      permissions: PERMISSIONS.VIEW_DOCUMENTS_PACKAGES,
      permissionNames: ["VIEW_DOCUMENTS_PACKAGES"],
      systemDefined: false,
      hidden: false,
      version: 1,
    });
    expect(reply.body.records.find((role) => role.name === DEFAULTS.adminRoleName)?.systemDefined).toBe(true);

    const byName = await admin.get<RolePage>(`${paths.roles}?sortBy=name&pageSize=2&pageNumber=2`);
    expect(byName.body).toMatchObject({ count: 3 });
    expect(byName.body.records.map((role) => role.name)).toEqual(["Wide"]);
    const byGroups = await admin.get<RolePage>(`${paths.roles}?sortBy=groupCount&sortDirection=desc&pageSize=1`);
    expect(byGroups.body.records.map((role) => role.name)).toEqual(["Wide"]);
  });

  it("requires VIEW_USERS_GROUPS_ROLES (403) and rejects an unknown sort (400)", async () => {
    const { org, admin, paths } = await adminOf();
    const role = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"]);
    const group = await newGroup(org, { roleIds: [role.id] });
    const user = await userWithRoles(org, group.id, [role.id]);
    expect((await (await signedIn(app.url, user.email)).get(paths.roles)).status).toBe(403);
    expect((await admin.get(`${paths.roles}?sortBy=permissions`)).status).toBe(400);
  });
});

describe("POST roles", () => {
  it("creates a role from permission names: 201, Location, bits stored, audit", async () => {
    const { org, admin, paths } = await adminOf();
    const reply = await admin.request<Role>("POST", paths.roles, {
      json: {
        name: " Closer ",
        description: "Closes loans",
        roleColor: "#12ab9f",
        permissions: ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"],
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(`${paths.roles}/${reply.body.id}`);
    expect(reply.body).toMatchObject({
      name: "Closer",
      description: "Closes loans",
      roleColor: "#12AB9F",
      permissions: permissionBits(["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"]),
      permissionNames: ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"],
      groupCount: 0,
      memberCount: 0,
      systemDefined: false,
      version: 1,
      createdBy: org.admin.id,
    });
    const row = await db().role.findUniqueOrThrow({ where: { id: reply.body.id } });
    expect(row).toMatchObject({ organizationId: org.organizationId, nameKey: "closer", permissions: 0b10000010 });
    const events = await organizationAuditTypes(db(), org.organizationId);
    expect(events.at(-1)).toMatchObject({ type: "role.created", data: { roleId: reply.body.id } });
  });

  it("refuses duplicates regardless of case, the reserved Admin name (409) and bad fields (400)", async () => {
    const { org, admin, paths } = await adminOf();
    await newRole(org, [], { name: "Reviewer" });
    const cases: [unknown, number, string][] = [
      [{ name: "REVIEWER", permissions: [] }, 409, ROLE_MESSAGES.roleAlreadyExists],
      [{ name: "admin", permissions: [] }, 409, ROLE_MESSAGES.roleAlreadyExists],
      [{ name: "Colorful", roleColor: "red", permissions: [] }, 400, MESSAGES.badRequest],
      [{ name: "Powerful", permissions: ["EVERYTHING"] }, 400, MESSAGES.badRequest],
    ];
    for (const [json, status, message] of cases) {
      const reply = await admin.request("POST", paths.roles, { json });
      expect(reply.status, JSON.stringify(json)).toBe(status);
      expect(reply.body).toMatchObject({ message });
    }
    expect(await db().role.count({ where: { organizationId: org.organizationId } })).toBe(2);
  });

  it("requires MANAGE_ROLES (403)", async () => {
    const { org, paths } = await adminOf();
    const viewer = await newRole(org, ["VIEW_USERS_GROUPS_ROLES", "MANAGE_GROUPS"]);
    const group = await newGroup(org, { roleIds: [viewer.id] });
    const user = await userWithRoles(org, group.id, [viewer.id]);
    const reply = await (await signedIn(app.url, user.email)).request("POST", paths.roles, {
      json: { name: "Sneaky", permissions: ["MANAGE_ROLES"] },
    });
    expect(reply.status).toBe(403);
    expect(await db().role.count({ where: { organizationId: org.organizationId, name: "Sneaky" } })).toBe(0);
  });
});

describe("GET, PATCH and DELETE roles/:roleId", () => {
  it("reads a role; a hidden role or another organization's answers 404 'Role not found'", async () => {
    const { org, admin, paths } = await adminOf();
    const role = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"], { name: "Readable" });
    const read = await admin.get<Role>(paths.role(role.id));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: role.id, name: "Readable" });

    const hidden = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"]);
    await db().role.update({ where: { id: hidden.id }, data: { hidden: true } });
    const foreign = await newRole(await organizationWithAdmin(db()), ["VIEW_DOCUMENTS_PACKAGES"]);
    for (const id of [hidden.id, foreign.id]) {
      for (const [method, path, json] of [
        ["GET", paths.role(id), undefined],
        ["PATCH", paths.role(id), { version: 1, name: "Taken over" }],
        ["DELETE", `${paths.role(id)}?version=1`, undefined],
      ] as const) {
        const reply = await admin.request(method, path, json ? { json } : {});
        expect(reply.status, `${method} ${path}`).toBe(404);
        expect(reply.body).toMatchObject({ message: ROLE_MESSAGES.roleNotFound });
      }
    }
    expect(await db().role.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({ version: 1 });
  });

  it("edits name, description, color and permissions; a stale version answers 409", async () => {
    const { org, admin, paths } = await adminOf();
    const role = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"], { name: "Editable" });
    const reply = await admin.request<Role>("PATCH", paths.role(role.id), {
      json: {
        version: 1,
        name: "Edited",
        description: "Now described",
        roleColor: "#000000",
        permissions: ["VIEW_USERS_GROUPS_ROLES", "MANAGE_GROUPS"],
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      name: "Edited",
      description: "Now described",
      roleColor: "#000000",
      permissions: PERMISSIONS.VIEW_USERS_GROUPS_ROLES | PERMISSIONS.MANAGE_GROUPS,
      version: 2,
      updatedBy: org.admin.id,
    });
    const stale = await admin.request("PATCH", paths.role(role.id), { json: { version: 1, name: "Lost" } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "VERSION_NOT_MATCHED", message: MESSAGES.versionNotMatched });
    expect(await db().role.findUniqueOrThrow({ where: { id: role.id } })).toMatchObject({ name: "Edited", version: 2 });

    await newRole(org, [], { name: "Other" });
    const duplicate = await admin.request("PATCH", paths.role(role.id), { json: { version: 2, name: "other" } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ message: ROLE_MESSAGES.roleAlreadyExists });
  });

  it("refuses editing or deleting a system-defined role (Admin, support) with 403", async () => {
    const { org, admin, paths } = await adminOf();
    const support = await newRole(org, ["VIEW_USERS_GROUPS_ROLES"], { name: "Support desk", eoSupport: true });
    for (const role of [org.adminRole, support]) {
      const edit = await admin.request("PATCH", paths.role(role.id), { json: { version: 1, permissions: [] } });
      expect(edit.status).toBe(403);
      expect(edit.body).toMatchObject({ message: ROLE_MESSAGES.systemDefinedRole });
      const remove = await admin.request("DELETE", `${paths.role(role.id)}?version=1`);
      expect(remove.status).toBe(403);
      expect(remove.body).toMatchObject({ message: ROLE_MESSAGES.systemDefinedRole });
    }
    expect(await db().role.findUniqueOrThrow({ where: { id: org.adminRole.id } })).toMatchObject({ version: 1 });
    expect((await admin.get<Role>(paths.role(support.id))).body.systemDefined).toBe(true);
  });

  it("deletes a role: groups and members lose it and its permissions", async () => {
    const { org, admin, paths } = await adminOf();
    const role = await newRole(org, ["VIEW_USERS_GROUPS_ROLES", "MANAGE_GROUPS"], { name: "Doomed" });
    const group = await newGroup(org, { roleIds: [role.id] });
    const user = await userWithRoles(org, group.id, [role.id]);
    const client = await signedIn(app.url, user.email);
    const before = await client.get<PermissionsResponse>(paths.myPermissions);
    expect(before.body.names).toContain("MANAGE_GROUPS");

    const stale = await admin.request("DELETE", `${paths.role(role.id)}?version=2`);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: MESSAGES.versionNotMatched });

    const reply = await admin.request("DELETE", `${paths.role(role.id)}?version=1`);
    expect(reply.status).toBe(204);
    expect(await db().role.count({ where: { id: role.id } })).toBe(0);
    expect(await db().groupRole.count({ where: { roleId: role.id } })).toBe(0);
    expect(await db().memberRole.count({ where: { roleId: role.id } })).toBe(0);
    // the user stays a member of the group, without the role
    expect(await db().groupMember.count({ where: { groupId: group.id, userId: user.id } })).toBe(1);
    const after = await client.get<PermissionsResponse>(paths.myPermissions);
    expect(after.body.permissions).toBe(0);
    const events = await organizationAuditTypes(db(), org.organizationId);
    expect(events.at(-1)).toMatchObject({
      type: "role.deleted",
      data: { roleId: role.id, groupsLosingRole: 1, grantsRemoved: 1 },
    });
  });

  it("requires MANAGE_ROLES to edit or delete (403)", async () => {
    const { org, paths } = await adminOf();
    const viewer = await newRole(org, ["VIEW_USERS_GROUPS_ROLES"]);
    const target = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"]);
    const group = await newGroup(org, { roleIds: [viewer.id] });
    const user = await userWithRoles(org, group.id, [viewer.id]);
    const client = await signedIn(app.url, user.email);
    expect((await client.get(paths.role(target.id))).status).toBe(200);
    expect((await client.request("PATCH", paths.role(target.id), { json: { version: 1, name: "X" } })).status).toBe(
      403,
    );
    expect((await client.request("DELETE", `${paths.role(target.id)}?version=1`)).status).toBe(403);
    expect(await db().role.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({ version: 1 });
  });

  it("answers 404 on another organization's path", async () => {
    const { admin } = await adminOf();
    const other = await organizationWithAdmin(db());
    const otherPaths = accessPaths(other.organizationId);
    expect((await admin.get(otherPaths.roles)).status).toBe(404);
    expect((await admin.get(otherPaths.role(other.adminRole.id))).status).toBe(404);
  });
});
