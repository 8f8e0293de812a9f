import {
  type AddedGroupMembers,
  type GroupMember,
  type GroupMembersPage,
  MEMBERSHIP_MESSAGES,
  type Membership,
} from "@signet/contract";
import { grantRoles } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCESS_TEST_ENV,
  type AccessOrg,
  accessPaths,
  newGroup,
  newRole,
  newUser,
  organizationAuditTypes,
  organizationWithAdmin,
  signedIn,
  userWithRoles,
} from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const db = () => app.server.db;

/** An organization with an Admin client and a group offering roles Clerk and Closer (not Auditor). */
async function setup() {
  const org: AccessOrg = await organizationWithAdmin(db());
  const admin: HttpClient = await signedIn(app.url, org.admin.email);
  const paths = accessPaths(org.organizationId);
  const clerk = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"], { name: "Clerk" });
  const closer = await newRole(org, ["MANAGE_DOCUMENTS_PACKAGES"], { name: "Closer" });
  const auditor = await newRole(org, ["VIEW_AND_MANAGE_REPORTS"], { name: "Auditor" });
  const group = await newGroup(org, { name: "Branch", roleIds: [clerk.id, closer.id] });
  return { org, admin, paths, clerk, closer, auditor, group };
}

const grants = (groupId: string, userId: string) =>
  db()
    .memberRole.findMany({ where: { groupId, userId }, select: { roleId: true } })
    .then((rows) => rows.map((row) => row.roleId).sort());

describe("POST groups/:groupId/members", () => {
  it("adds members with roles: 201, Location of the first, records, rows and audit", async () => {
    const { org, admin, paths, clerk, group } = await setup();
    const ann = await newUser(db(), org.organizationId, "Ann", "Able");
    const bob = await newUser(db(), org.organizationId, "Bob", "Baker");
    const reply = await admin.request<AddedGroupMembers>("POST", paths.members(group.id), {
      json: { userIds: [ann.id, bob.id], roleIds: [clerk.id] },
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(`${paths.members(group.id)}/${ann.id}`);
    expect(reply.body.records.map((m) => [m.userId, m.inherited, m.roles.map((r) => [r.name, r.inherited])])).toEqual(
      expect.arrayContaining([
        [ann.id, false, [["Clerk", false]]],
        [bob.id, false, [["Clerk", false]]],
      ]),
    );
    expect(await grants(group.id, ann.id)).toEqual([clerk.id]);
    expect(await db().groupMember.count({ where: { groupId: group.id } })).toBe(2);
    const events = await organizationAuditTypes(db(), org.organizationId);
    expect(events.at(-1)).toMatchObject({ type: "group.members-added", data: { groupId: group.id } });
  });

  it("refuses a member already added (409) and adds nobody from that request", async () => {
    const { org, admin, paths, clerk, group } = await setup();
    const existing = await userWithRoles(org, group.id, [clerk.id]);
    const fresh = await newUser(db(), org.organizationId);
    const reply = await admin.request("POST", paths.members(group.id), {
      json: { userIds: [fresh.id, existing.id], roleIds: [clerk.id] },
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ message: MEMBERSHIP_MESSAGES.memberAlreadyAdded });
    expect(await db().groupMember.count({ where: { groupId: group.id, userId: fresh.id } })).toBe(0);
  });

  it("refuses a user who is not a member of the organization (404)", async () => {
    const { admin, paths, clerk, group } = await setup();
    const other = await organizationWithAdmin(db());
    const outsider = await newUser(db(), other.organizationId);
    const reply = await admin.request("POST", paths.members(group.id), {
      json: { userIds: [outsider.id], roleIds: [clerk.id] },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ message: MEMBERSHIP_MESSAGES.memberGroupOrganizationNotFound });
    expect(await db().groupMember.count({ where: { userId: outsider.id, groupId: group.id } })).toBe(0);
  });

  it("refuses roles outside the group's role structure (400)", async () => {
    const { org, admin, paths, clerk, auditor, group } = await setup();
    const user = await newUser(db(), org.organizationId);
    const reply = await admin.request("POST", paths.members(group.id), {
      json: { userIds: [user.id], roleIds: [clerk.id, auditor.id] },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: MEMBERSHIP_MESSAGES.rolesAssignUnsuccessful });
    expect(await db().groupMember.count({ where: { groupId: group.id, userId: user.id } })).toBe(0);
  });

  it("requires both MANAGE_GROUPS and MANAGE_ROLES in the group (spec §6)", async () => {
    const { org, paths, clerk, group } = await setup();
    const cases: [string, ("MANAGE_GROUPS" | "MANAGE_ROLES")[], number][] = [
      ["MANAGE_GROUPS only", ["MANAGE_GROUPS"], 403],
      ["MANAGE_ROLES only", ["MANAGE_ROLES"], 403],
      ["both", ["MANAGE_GROUPS", "MANAGE_ROLES"], 201],
    ];
    for (const [label, permissions, status] of cases) {
      const role = await newRole(org, ["VIEW_USERS_GROUPS_ROLES", ...permissions]);
      await db().groupRole.create({ data: { groupId: group.id, roleId: role.id, organizationId: org.organizationId } });
      const manager = await userWithRoles(org, group.id, [role.id]);
      const target = await newUser(db(), org.organizationId);
      const reply = await (await signedIn(app.url, manager.email)).request("POST", paths.members(group.id), {
        json: { userIds: [target.id], roleIds: [clerk.id] },
      });
      expect(reply.status, label).toBe(status);
      expect(await db().groupMember.count({ where: { groupId: group.id, userId: target.id } }), label).toBe(
        status === 201 ? 1 : 0,
      );
    }
  });
});

describe("PUT groups/:groupId/members/:userId/roles", () => {
  it("replaces a member's roles", async () => {
    const { org, admin, paths, clerk, closer, group } = await setup();
    const user = await userWithRoles(org, group.id, [clerk.id]);
    const reply = await admin.request<GroupMember>("PUT", paths.memberRoles(group.id, user.id), {
      json: { roleIds: [closer.id] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      userId: user.id,
      inherited: false,
      roles: [{ id: closer.id, inherited: false }],
    });
    expect(await grants(group.id, user.id)).toEqual([closer.id]);
    const events = await organizationAuditTypes(db(), org.organizationId);
    expect(events.at(-1)).toMatchObject({
      type: "group.member-roles-set",
      data: { groupId: group.id, userId: user.id, before: [clerk.id], after: [closer.id] },
    });
  });

  it("refuses a non-member (404), a role outside the structure (400) and MANAGE_GROUPS alone (403)", async () => {
    const { org, admin, paths, clerk, auditor, group } = await setup();
    const member = await userWithRoles(org, group.id, [clerk.id]);
    const outsider = await newUser(db(), org.organizationId);
    const notMember = await admin.request("PUT", paths.memberRoles(group.id, outsider.id), {
      json: { roleIds: [clerk.id] },
    });
    expect(notMember.status).toBe(404);
    expect(notMember.body).toMatchObject({ message: MEMBERSHIP_MESSAGES.memberGroupOrganizationNotFound });

    const badRole = await admin.request("PUT", paths.memberRoles(group.id, member.id), {
      json: { roleIds: [auditor.id] },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body).toMatchObject({ message: MEMBERSHIP_MESSAGES.rolesAssignUnsuccessful });
    expect(await grants(group.id, member.id)).toEqual([clerk.id]);

    const groupsOnly = await newRole(org, ["VIEW_USERS_GROUPS_ROLES", "MANAGE_GROUPS"]);
    await db().groupRole.create({
      data: { groupId: group.id, roleId: groupsOnly.id, organizationId: org.organizationId },
    });
    const manager = await userWithRoles(org, group.id, [groupsOnly.id]);
    const refused = await (await signedIn(app.url, manager.email)).request(
      "PUT",
      paths.memberRoles(group.id, member.id),
      { json: { roleIds: [clerk.id] } },
    );
    expect(refused.status).toBe(403);
  });
});

describe("DELETE groups/:groupId/members/:userId", () => {
  it("removes a member with their roles there; removing again answers 'Member already removed'", async () => {
    const { org, admin, paths, clerk, group } = await setup();
    const user = await userWithRoles(org, group.id, [clerk.id]);
    const reply = await admin.request("DELETE", paths.member(group.id, user.id));
    expect(reply.status).toBe(204);
    expect(await db().groupMember.count({ where: { groupId: group.id, userId: user.id } })).toBe(0);
    expect(await grants(group.id, user.id)).toEqual([]);
    const events = await organizationAuditTypes(db(), org.organizationId);
    expect(events.at(-1)).toMatchObject({
      type: "group.member-removed",
      data: { userId: user.id, roleIds: [clerk.id] },
    });

    const again = await admin.request("DELETE", paths.member(group.id, user.id));
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: MEMBERSHIP_MESSAGES.memberAlreadyRemoved });
  });

  it("requires MANAGE_GROUPS in the group (403)", async () => {
    const { org, paths, clerk, group } = await setup();
    const member = await userWithRoles(org, group.id, [clerk.id]);
    const viewer = await newRole(org, ["VIEW_USERS_GROUPS_ROLES", "MANAGE_ROLES"]);
    await db().groupRole.create({ data: { groupId: group.id, roleId: viewer.id, organizationId: org.organizationId } });
    const user = await userWithRoles(org, group.id, [viewer.id]);
    const reply = await (await signedIn(app.url, user.email)).request("DELETE", paths.member(group.id, member.id));
    expect(reply.status).toBe(403);
    expect(await db().groupMember.count({ where: { groupId: group.id, userId: member.id } })).toBe(1);
  });
});

describe("inherited roles (roles granted in a group apply in its sub-groups)", () => {
  it("lists members of a sub-group with own and inherited roles, and users who only inherit", async () => {
    const { org, admin, paths, clerk, closer, group: parent } = await setup();
    const child = await newGroup(org, { name: "Child", parentId: parent.id, roleIds: [closer.id] });
    const grandchild = await newGroup(org, { name: "Grandchild", parentId: child.id, roleIds: [] });
    const both = await userWithRoles(org, parent.id, [clerk.id]);
    await grantRoles(db(), {
      organizationId: org.organizationId,
      groupId: child.id,
      userId: both.id,
      roleIds: [closer.id],
    });
    const inheritsOnly = await userWithRoles(org, parent.id, [clerk.id, closer.id]);
    const childOnly = await userWithRoles(org, child.id, [closer.id]);

    const reply = await admin.get<GroupMembersPage>(`${paths.members(child.id)}?sortBy=email`);
    expect(reply.status).toBe(200);
    expect(reply.body.count).toBe(3);
    const byUser = new Map(reply.body.records.map((m) => [m.userId, m]));
    expect(byUser.get(both.id)).toMatchObject({
      inherited: false,
      roles: [
        { id: closer.id, inherited: false },
        { id: clerk.id, inherited: true },
      ],
    });
    expect(byUser.get(inheritsOnly.id)).toMatchObject({
      inherited: true,
      roles: [
        { id: clerk.id, inherited: true },
        { id: closer.id, inherited: true },
      ],
    });
    expect(byUser.get(childOnly.id)).toMatchObject({ inherited: false, roles: [{ id: closer.id, inherited: false }] });
    expect(reply.body.records.map((m) => m.email)).toEqual([...reply.body.records.map((m) => m.email)].sort());

    // two levels down, everything is inherited
    const deep = await admin.get<GroupMembersPage>(paths.members(grandchild.id));
    expect(deep.body.records.every((m) => m.inherited && m.roles.every((r) => r.inherited))).toBe(true);
    expect(deep.body.count).toBe(3);

    const paged = await admin.get<GroupMembersPage>(`${paths.members(child.id)}?pageSize=2&pageNumber=2`);
    expect(paged.body).toMatchObject({ count: 3 });
    expect(paged.body.records).toHaveLength(1);

    // the parent's list does not show the child's members
    const top = await admin.get<GroupMembersPage>(paths.members(parent.id));
    expect(top.body.records.map((m) => m.userId).sort()).toEqual([both.id, inheritsOnly.id].sort());
  });

  it("GET v2 memberships/:userId shows the user's groups with own and inherited roles", async () => {
    const { org, admin, paths, clerk, closer, group: parent } = await setup();
    const child = await newGroup(org, { name: "Child", parentId: parent.id, roleIds: [closer.id] });
    await newGroup(org, { name: "Unrelated", roleIds: [clerk.id] });
    const user = await userWithRoles(org, parent.id, [clerk.id]);
    await grantRoles(db(), {
      organizationId: org.organizationId,
      groupId: child.id,
      userId: user.id,
      roleIds: [closer.id],
    });

    const reply = await admin.get<Membership>(paths.membership(user.id));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      userId: user.id,
      organizationId: org.organizationId,
      groups: [
        {
          groupId: parent.id,
          name: "Branch",
          parentId: null,
          member: true,
          roles: [{ id: clerk.id, name: "Clerk", roleColor: null, inherited: false }],
        },
        {
          groupId: child.id,
          name: "Child",
          parentId: parent.id,
          member: true,
          roles: [
            { id: closer.id, name: "Closer", roleColor: null, inherited: false },
            { id: clerk.id, name: "Clerk", roleColor: null, inherited: true },
          ],
        },
      ],
    });
  });

  it("lets a user read their own memberships without VIEW, not another's (403); unknown users 404", async () => {
    const { org, admin, paths, clerk, group } = await setup();
    const user = await userWithRoles(org, group.id, [clerk.id]);
    const colleague = await userWithRoles(org, group.id, [clerk.id]);
    const client = await signedIn(app.url, user.email);
    const own = await client.get<Membership>(paths.membership(user.id));
    expect(own.status).toBe(200);
    expect(own.body.groups.map((g) => g.groupId)).toEqual([group.id]);
    expect((await client.get(paths.membership(colleague.id))).status).toBe(403);

    const outsider = await newUser(db(), (await organizationWithAdmin(db())).organizationId);
    const unknown = await admin.get(paths.membership(outsider.id));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: MEMBERSHIP_MESSAGES.memberGroupOrganizationNotFound });
  });
});

describe("tenancy", () => {
  it("answers 404 for another organization's group on every member route", async () => {
    const { org, admin, paths, clerk } = await setup();
    const other = await organizationWithAdmin(db());
    const foreignGroup = await newGroup(other, { roleIds: [] });
    const foreignMember = await userWithRoles(other, foreignGroup.id, []);
    const user = await newUser(db(), org.organizationId);
    const calls: [string, string, unknown?][] = [
      ["GET", paths.members(foreignGroup.id)],
      ["POST", paths.members(foreignGroup.id), { userIds: [user.id], roleIds: [clerk.id] }],
      ["PUT", paths.memberRoles(foreignGroup.id, foreignMember.id), { roleIds: [clerk.id] }],
      ["DELETE", paths.member(foreignGroup.id, foreignMember.id)],
    ];
    for (const [method, path, json] of calls) {
      const reply = await admin.request(method, path, json === undefined ? {} : { json });
      expect(reply.status, `${method} ${path}`).toBe(404);
    }
    expect(await db().groupMember.count({ where: { groupId: foreignGroup.id } })).toBe(1);
    expect((await admin.get(accessPaths(other.organizationId).membership(foreignMember.id))).status).toBe(404);
  });
});
