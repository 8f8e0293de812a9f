import { type PermissionName, type PermissionsResponse, permissionBits } from "@signet/contract";
import { type Db, grantRoles } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StartedServer } from "../src/start-server.ts";
import {
  ACCESS_TEST_ENV,
  type AccessOrg,
  accessPaths,
  newGroup,
  newRole,
  organizationWithAdmin,
  signedIn,
  userWithRoles,
} from "./support/access-fixtures.ts";
import { organizationWithUser } from "./support/factories.ts";
import type { HttpClient } from "./support/http-client.ts";
import { startReplica, startTestApp, type TestApp } from "./support/test-app.ts";

// Each API process keeps the permissions it computed and reuses them while the organization's
// access version (moved on by PostgreSQL triggers) is unchanged. These tests warm that cache, make
// one kind of access-control change — mostly straight in the database, as any write path would —
// and check that the very next call answers the new permissions. A missing trigger fails them.

let app: TestApp;
/** a second API process on the same database, as another replica would be */
let replica: StartedServer;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
  replica = await startReplica(app, ACCESS_TEST_ENV);
});
afterAll(async () => {
  await replica?.close();
  await app?.close();
});

const db = (): Db => app.server.db;

interface Member {
  org: AccessOrg;
  roleId: string;
  groupId: string;
  userId: string;
  client: HttpClient;
  paths: ReturnType<typeof accessPaths>;
}

/** A member holding one role with the given permissions in one group, signed in. */
async function member(permissions: readonly PermissionName[]): Promise<Member> {
  const org = await organizationWithAdmin(db());
  const role = await newRole(org, permissions);
  const group = await newGroup(org);
  const user = await userWithRoles(org, group.id, [role.id]);
  const client = await signedIn(app.url, user.email);
  return { org, roleId: role.id, groupId: group.id, userId: user.id, client, paths: accessPaths(org.organizationId) };
}

async function permissionsOf(client: HttpClient, path: string) {
  const reply = await client.get<PermissionsResponse>(path);
  return reply;
}

/** Two calls, so the second one is answered from the cache the first one filled. */
async function warm(m: Member) {
  for (let call = 0; call < 2; call++) expect((await permissionsOf(m.client, m.paths.myPermissions)).status).toBe(200);
}

const VIEW = ["VIEW_DOCUMENTS_PACKAGES"] as const;
const VIEW_BITS = permissionBits(VIEW);

describe("the permission cache follows every access-control change at the next call", () => {
  it("uses the cached copy while the version stands still, and only then (the cache is real)", async () => {
    const m = await member(VIEW);
    await warm(m);
    // a change that bypasses the triggers: the cached answer stays, which shows the version decides
    await db().$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
      await tx.role.update({
        where: { id: m.roleId },
        data: { permissions: permissionBits(["VIEW_AND_MANAGE_REPORTS"]) },
      });
    });
    expect((await permissionsOf(m.client, m.paths.myPermissions)).body.permissions).toBe(VIEW_BITS);
    // any change the triggers see moves the version on: the next call reads afresh
    await db().group.update({ where: { id: m.groupId }, data: { description: "touched" } });
    expect((await permissionsOf(m.client, m.paths.myPermissions)).body.permissions).toBe(
      permissionBits(["VIEW_AND_MANAGE_REPORTS"]),
    );
  });

  it("a role's permissions change", async () => {
    const m = await member(["VIEW_USERS_GROUPS_ROLES"]);
    await warm(m);
    expect((await m.client.get(m.paths.roles)).status).toBe(200);
    await db().role.update({ where: { id: m.roleId }, data: { permissions: VIEW_BITS } });
    const reply = await permissionsOf(m.client, m.paths.myPermissions);
    expect(reply.body.permissions).toBe(VIEW_BITS);
    expect((await m.client.get(m.paths.roles)).status).toBe(403);
  });

  it("a role's permissions change through the API", async () => {
    const m = await member(VIEW);
    const admin = await signedIn(app.url, m.org.admin.email);
    await warm(m);
    const role = await admin.get<{ version: number }>(m.paths.role(m.roleId));
    const patched = await admin.request("PATCH", m.paths.role(m.roleId), {
      json: { version: role.body.version, permissions: ["VIEW_DOCUMENTS_PACKAGES", "VIEW_AND_MANAGE_REPORTS"] },
    });
    expect({ status: patched.status, body: patched.body }).toMatchObject({ status: 200 });
    expect((await permissionsOf(m.client, m.paths.myPermissions)).body.names).toEqual(
      expect.arrayContaining(["VIEW_DOCUMENTS_PACKAGES", "VIEW_AND_MANAGE_REPORTS"]),
    );
  });

  it("a role is granted to the member in another group", async () => {
    const m = await member(VIEW);
    const other = await newGroup(m.org);
    const tags = await newRole(m.org, ["VIEW_AND_MANAGE_REPORTS"]);
    await warm(m);
    await grantRoles(db(), {
      organizationId: m.org.organizationId,
      groupId: other.id,
      userId: m.userId,
      roleIds: [tags.id],
    });
    const reply = await permissionsOf(m.client, m.paths.myPermissions);
    expect(reply.body.permissions).toBe(VIEW_BITS | permissionBits(["VIEW_AND_MANAGE_REPORTS"]));
    expect(reply.body.groups.map((group) => group.groupId).sort(), JSON.stringify(reply.body)).toEqual(
      [m.groupId, other.id].sort(),
    );
  });

  it("a member role is taken away", async () => {
    const m = await member(VIEW);
    await warm(m);
    await db().memberRole.deleteMany({ where: { userId: m.userId, roleId: m.roleId } });
    const reply = await permissionsOf(m.client, m.paths.myPermissions);
    expect(reply.body).toMatchObject({ permissions: 0, groups: [] });
  });

  it("the member is removed from the group through the API, and the next organization call is refused", async () => {
    const m = await member(["VIEW_USERS_GROUPS_ROLES"]);
    const admin = await signedIn(app.url, m.org.admin.email);
    await warm(m);
    expect((await admin.request("DELETE", m.paths.member(m.groupId, m.userId))).status).toBeLessThan(300);
    expect((await permissionsOf(m.client, m.paths.myPermissions)).body.permissions).toBe(0);
    expect((await m.client.get(m.paths.roles)).status).toBe(403);
  });

  it("the member's group row goes (group member deleted)", async () => {
    const m = await member(VIEW);
    await warm(m);
    await db().groupMember.delete({ where: { groupId_userId: { groupId: m.groupId, userId: m.userId } } });
    expect((await permissionsOf(m.client, m.paths.myPermissions)).body.permissions).toBe(0);
  });

  it("a group is moved under a parent where the member holds a role (inherited bits)", async () => {
    const m = await member(VIEW);
    const moved = await newGroup(m.org);
    await warm(m);
    expect((await permissionsOf(m.client, m.paths.myPermissions)).body.groups.map((g) => g.groupId)).toEqual([
      m.groupId,
    ]);
    await db().group.update({ where: { id: moved.id }, data: { parentId: m.groupId } });
    const reply = await permissionsOf(m.client, m.paths.myPermissions);
    expect(reply.body.groups).toContainEqual(
      expect.objectContaining({ groupId: moved.id, permissions: VIEW_BITS, inherited: true }),
    );
  });

  it("a group is renamed", async () => {
    const m = await member(VIEW);
    await warm(m);
    await db().group.update({ where: { id: m.groupId }, data: { name: "Renamed Group" } });
    expect((await permissionsOf(m.client, m.paths.myPermissions)).body.groups[0]?.name).toBe("Renamed Group");
  });

  it("a group is deleted", async () => {
    const m = await member(VIEW);
    await warm(m);
    await db().group.delete({ where: { id: m.groupId } });
    expect((await permissionsOf(m.client, m.paths.myPermissions)).body).toMatchObject({ permissions: 0, groups: [] });
  });

  it("a role is deleted", async () => {
    const m = await member(VIEW);
    await warm(m);
    await db().role.delete({ where: { id: m.roleId } });
    expect((await permissionsOf(m.client, m.paths.myPermissions)).body.permissions).toBe(0);
  });

  it("a role becomes a support role (organization-wide bits)", async () => {
    const m = await member(VIEW);
    const elsewhere = await newGroup(m.org);
    await warm(m);
    await db().role.update({ where: { id: m.roleId }, data: { eoSupport: true } });
    const reply = await permissionsOf(m.client, m.paths.myPermissions);
    expect(reply.body.groups).toContainEqual(
      expect.objectContaining({ groupId: elsewhere.id, permissions: VIEW_BITS }),
    );
  });

  it("the organization's row changes (name and feature flags are part of the answer)", async () => {
    const m = await member(VIEW);
    await warm(m);
    await db().organization.update({
      where: { id: m.org.organizationId },
      data: { name: `Renamed ${m.org.organizationId}`, enabledTrid: true },
    });
    expect((await permissionsOf(m.client, m.paths.myPermissions)).body.organization).toMatchObject({
      name: `Renamed ${m.org.organizationId}`,
      enabledTrid: true,
    });
  });

  it("the membership is disabled through the API: the next call is refused", async () => {
    const m = await member(VIEW);
    const admin = await signedIn(app.url, m.org.admin.email);
    await warm(m);
    const patched = await admin.request("PATCH", `/api/v1/organizations/${m.org.organizationId}/users/${m.userId}`, {
      json: { version: 1, enabled: false },
    });
    expect({ status: patched.status, body: patched.body }).toMatchObject({ status: 200 });
    expect((await permissionsOf(m.client, m.paths.myPermissions)).status).toBe(401);
  });

  it("the membership row changes or goes (the version moves, the answer follows what it is computed from)", async () => {
    const m = await member(VIEW);
    await warm(m);
    const before = await accessVersion(m.org.organizationId);
    await db().membership.update({
      where: { userId_organizationId: { userId: m.userId, organizationId: m.org.organizationId } },
      data: { enabled: false },
    });
    const disabled = await accessVersion(m.org.organizationId);
    await db().membership.delete({
      where: { userId_organizationId: { userId: m.userId, organizationId: m.org.organizationId } },
    });
    expect(disabled).toBeGreaterThan(before);
    expect(await accessVersion(m.org.organizationId)).toBeGreaterThan(disabled);
  });

  it("the user's status changes: every organization they belong to moves on", async () => {
    const m = await member(VIEW);
    const before = await accessVersion(m.org.organizationId);
    await db().user.update({ where: { id: m.userId }, data: { status: "INVITED" } });
    expect(await accessVersion(m.org.organizationId)).toBeGreaterThan(before);
    // other columns (a sign-in's lastSignInAt) leave the version alone
    const after = await accessVersion(m.org.organizationId);
    await db().user.update({ where: { id: m.userId }, data: { lastSignInAt: new Date() } });
    expect(await accessVersion(m.org.organizationId)).toBe(after);
  });

  it("the user is deleted: the next call is refused", async () => {
    const m = await member(VIEW);
    await warm(m);
    await db().user.delete({ where: { id: m.userId } });
    expect((await permissionsOf(m.client, m.paths.myPermissions)).status).toBe(401);
  });

  it("a support user's support role changes: their access to another organization follows", async () => {
    const support = await organizationWithUser(db(), { eoSupport: true, permissions: permissionBits(VIEW) });
    const client = await signedIn(app.url, support.user.email);
    const customer = await organizationWithAdmin(db());
    const paths = accessPaths(customer.organizationId);
    for (let call = 0; call < 2; call++) {
      expect((await permissionsOf(client, paths.myPermissions)).body.permissions).toBe(VIEW_BITS);
    }
    await db().role.update({
      where: { id: support.role.id },
      data: { permissions: permissionBits(["VIEW_AND_MANAGE_REPORTS"]) },
    });
    expect((await permissionsOf(client, paths.myPermissions)).body.permissions).toBe(
      permissionBits(["VIEW_AND_MANAGE_REPORTS"]),
    );
    await db().role.update({ where: { id: support.role.id }, data: { permissions: 0 } });
    expect((await client.get(paths.roles)).status).toBe(403);
  });

  it("an organization deleted with all it holds leaves no counter behind", async () => {
    const org = await organizationWithAdmin(db());
    expect(await accessVersion(org.organizationId)).toBeGreaterThan(0);
    await db().organization.delete({ where: { id: org.organizationId } });
    const rows = await db().$queryRaw<unknown[]>`
      SELECT 1 FROM "OrganizationAccessVersion" WHERE "organizationId" = ${org.organizationId}::uuid`;
    expect(rows).toEqual([]);
  });
});

describe("two API processes on one database", () => {
  it("each sees a change made through the other at its next call", async () => {
    const m = await member(VIEW);
    const adminOnApp = await signedIn(app.url, m.org.admin.email);
    const adminOnReplica = await signedIn(replica.url, m.org.admin.email);
    const onReplica = await signedIn(
      replica.url,
      (await db().user.findUniqueOrThrow({ where: { id: m.userId } })).email,
    );
    const read = async (client: HttpClient) => (await permissionsOf(client, m.paths.myPermissions)).body.names;
    for (let call = 0; call < 2; call++) {
      expect(await read(m.client)).toEqual(["VIEW_DOCUMENTS_PACKAGES"]);
      expect(await read(onReplica)).toEqual(["VIEW_DOCUMENTS_PACKAGES"]);
    }

    const patchRole = async (admin: HttpClient, permissions: PermissionName[]) => {
      const role = await admin.get<{ version: number }>(m.paths.role(m.roleId));
      const reply = await admin.request("PATCH", m.paths.role(m.roleId), {
        json: { version: role.body.version, permissions },
      });
      expect({ status: reply.status, body: reply.body }).toMatchObject({ status: 200 });
    };

    await patchRole(adminOnApp, ["VIEW_AND_MANAGE_REPORTS"]);
    expect(await read(onReplica)).toEqual(["VIEW_AND_MANAGE_REPORTS"]);
    expect(await read(m.client)).toEqual(["VIEW_AND_MANAGE_REPORTS"]);

    await patchRole(adminOnReplica, ["VIEW_USERS_GROUPS_ROLES"]);
    expect(await read(m.client)).toEqual(["VIEW_USERS_GROUPS_ROLES"]);
    expect(await read(onReplica)).toEqual(["VIEW_USERS_GROUPS_ROLES"]);
  });
});

async function accessVersion(organizationId: string): Promise<number> {
  const [row] = await db().$queryRaw<{ version: bigint }[]>`
    SELECT version FROM "OrganizationAccessVersion" WHERE "organizationId" = ${organizationId}::uuid`;
  return Number(row?.version ?? 0);
}
