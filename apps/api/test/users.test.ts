import { randomUUID } from "node:crypto";
import {
  ALL_PERMISSIONS,
  MESSAGES,
  permissionBits,
  USER_MESSAGES,
  type User,
  type UserBaseInfo,
  type UserPage,
} from "@signet/contract";
import { buildGroup, buildRole, buildUser, grantRoles, verifyAuditChain } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinOrganization, organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { poll } from "./support/poll.ts";
import { signedIn } from "./support/signed-in.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ LOGIN_RATE_LIMIT_MAX: "1000", PUBLIC_URL: "http://signet.test" });
});
afterAll(() => app?.close());

const db = () => app.server.db;
const usersUrl = (orgId: string) => `/api/v2/organizations/${orgId}/users`;
const userUrl = (orgId: string, userId: string, version = 2) =>
  `/api/v${version}/organizations/${orgId}/users/${userId}`;

async function adminClient(permissions = ALL_PERMISSIONS) {
  const admin = await organizationWithUser(db(), { permissions });
  return { ...admin, client: await signedIn(app.url, admin.user.email) };
}

async function addUser(organizationId: string, givenName: string, familyName: string, email?: string) {
  return buildUser(db(), {
    email: email ?? `${givenName}.${familyName}.${randomUUID().slice(0, 6)}@example.com`.toLowerCase(),
    givenName,
    familyName,
    homeOrganizationId: organizationId,
    password: PASSWORD,
  });
}

describe("GET /v2/organizations/{orgId}/users", () => {
  it("pages, sorts, searches and filters the organization's users, with groups and (inherited) roles", async () => {
    const { client, organization, user: admin, group, role } = await adminClient();
    const people = [];
    for (const [given, family] of [
      ["Bea", "Zimmer"],
      ["Cal", "Young"],
      ["Dee", "Xu"],
      ["Eve", "Walsh"],
      ["Fay", "Vance"],
      ["Gus", "Upton"],
      ["Hal", "Toms"],
      ["Ida", "Sykes"],
      ["Jon", "Reyes"],
      ["Kim", "Quinn"],
      ["Lou", "Park"],
    ]) {
      people.push(await addUser(organization.id, given!, family!));
    }
    // someone of another organization never shows
    const stranger = await organizationWithUser(db());

    const page1 = await client.get<UserPage>(usersUrl(organization.id));
    expect(page1.status).toBe(200);
    expect(page1.body.count).toBe(12);
    expect(page1.body.records.map((u) => u.givenName)).toEqual([
      "Bea",
      "Cal",
      "Dee",
      "Eve",
      "Fay",
      "Gus",
      "Hal",
      "Ida",
      "Jon",
      "Kim",
    ]);
    const page2 = await client.get<UserPage>(`${usersUrl(organization.id)}?pageNumber=2`);
    expect(page2.body.records.map((u) => u.givenName)).toEqual(["Lou", "Test"]);
    expect(page2.body.records.map((u) => u.id)).not.toContain(stranger.user.id);

    const byEmailDesc = await client.get<UserPage>(
      `${usersUrl(organization.id)}?sortBy=email&sortDirection=desc&pageSize=12`,
    );
    const emails = byEmailDesc.body.records.map((u) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());

    await db().user.update({ where: { id: people[5]!.id }, data: { lastSignInAt: new Date(Date.now() + 60_000) } });
    await db().user.update({ where: { id: people[2]!.id }, data: { lastSignInAt: new Date(Date.now() + 120_000) } });
    const bySignIn = await client.get<UserPage>(`${usersUrl(organization.id)}?sortBy=lastSignIn&sortDirection=desc`);
    // the admin signed in for this test; everyone else never did and sorts last
    expect(bySignIn.body.records.slice(0, 4).map((u) => u.givenName)).toEqual(["Dee", "Gus", "Test", "Bea"]);
    expect(bySignIn.body.records[0]!.lastSignIn).not.toBeNull();

    const search = await client.get<UserPage>(`${usersUrl(organization.id)}?search=${encodeURIComponent("eve WAL")}`);
    expect(search.body).toMatchObject({ count: 1 });
    expect(search.body.records[0]!.id).toBe(people[3]!.id);
    const byEmail = await client.get<UserPage>(`${usersUrl(organization.id)}?search=${people[9]!.email}`);
    expect(byEmail.body.records.map((u) => u.id)).toEqual([people[9]!.id]);

    await db().membership.updateMany({
      where: { organizationId: organization.id, userId: { in: [people[0]!.id, people[1]!.id] } },
      data: { enabled: false },
    });
    await db().credential.update({
      where: { userId: people[4]!.id },
      data: { lockedUntil: new Date(Date.now() + 600_000) },
    });
    const inactive = await client.get<UserPage>(`${usersUrl(organization.id)}?status=INACTIVE`);
    expect(inactive.body.count).toBe(2);
    expect(inactive.body.records.map((u) => [u.givenName, u.enabled])).toEqual([
      ["Bea", false],
      ["Cal", false],
    ]);
    expect((await client.get<UserPage>(`${usersUrl(organization.id)}?status=ACTIVE`)).body.count).toBe(10);
    const locked = await client.get<UserPage>(`${usersUrl(organization.id)}?status=LOCKED`);
    expect(locked.body.records.map((u) => [u.givenName, u.locked])).toEqual([["Fay", true]]);
    const byStatus = await client.get<UserPage>(`${usersUrl(organization.id)}?sortBy=status&pageSize=12`);
    expect(byStatus.body.records.slice(-2).map((u) => u.givenName)).toEqual(["Bea", "Cal"]);

    // groups and roles: the admin's own grant, and one inherited in a sub-group
    const child = await buildGroup(db(), {
      organizationId: organization.id,
      name: `Child-${randomUUID()}`,
      parentId: group.id,
    });
    const viewer = await buildRole(db(), {
      organizationId: organization.id,
      name: `Viewer-${randomUUID()}`,
      permissions: permissionBits(["VIEW_DOCUMENTS_PACKAGES"]),
    });
    await grantRoles(db(), {
      organizationId: organization.id,
      groupId: child.id,
      userId: admin.id,
      roleIds: [viewer.id],
    });
    const me = (await client.get<UserPage>(`${usersUrl(organization.id)}?search=${admin.email}`)).body.records[0]!;
    expect(me).toMatchObject({
      id: admin.id,
      status: "ACTIVE",
      enabled: true,
      locked: false,
      isMember: true,
      homeOrganizationId: organization.id,
      homeUserEnabled: true,
    });
    expect(me.groups.map((g) => g.id).sort()).toEqual([group.id, child.id].sort());
    expect(me.roles).toEqual(
      expect.arrayContaining([
        { id: role.id, name: role.name, groupId: group.id, inherited: false },
        { id: viewer.id, name: viewer.name, groupId: child.id, inherited: false },
        { id: role.id, name: role.name, groupId: child.id, inherited: true },
      ]),
    );
    expect(me.roles).toHaveLength(3);
    expect(people[0]).toBeDefined();
    const plain = page1.body.records.find((u) => u.givenName === "Bea")!;
    expect(plain).toMatchObject({ isMember: false, groups: [], roles: [] });
  });

  it("needs VIEW_USERS_GROUPS_ROLES and answers 404 for another organization", async () => {
    const noView = await adminClient(permissionBits(["VIEW_DOCUMENTS_PACKAGES"]));
    const refused = await noView.client.get(usersUrl(noView.organization.id));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "FORBIDDEN" });
    const other = await organizationWithUser(db());
    expect((await noView.client.get(usersUrl(other.organization.id))).status).toBe(404);
  });
});

describe("GET /v2/organizations/{orgId}/users-base-info", () => {
  it("gives id, names and email of active members, searchable, for pickers", async () => {
    const { client, organization } = await adminClient(permissionBits(["MANAGE_GROUPS"]));
    const ann = await addUser(organization.id, "Ann", "Lee");
    const off = await addUser(organization.id, "Ann", "Off");
    await db().membership.update({
      where: { userId_organizationId: { userId: off.id, organizationId: organization.id } },
      data: { enabled: false },
    });
    const reply = await client.get<UserBaseInfo[]>(
      `/api/v2/organizations/${organization.id}/users-base-info?search=ann`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([{ id: ann.id, givenName: "Ann", familyName: "Lee", email: ann.email }]);
    const all = await client.get<UserBaseInfo[]>(
      `/api/v2/organizations/${organization.id}/users-base-info?search=ann&enabledOnly=false`,
    );
    expect(all.body.map((u) => u.id)).toEqual([ann.id, off.id]);
    const limited = await client.get<UserBaseInfo[]>(
      `/api/v2/organizations/${organization.id}/users-base-info?limit=1`,
    );
    expect(limited.body).toHaveLength(1);

    const none = await adminClient(permissionBits(["VIEW_DOCUMENTS_PACKAGES"]));
    expect((await none.client.get(`/api/v2/organizations/${none.organization.id}/users-base-info`)).status).toBe(403);
  });
});

describe("GET /v2/organizations/{orgId}/users/{userId}", () => {
  it("answers a member, 404 'Member/group/organization not found.' for a user of another organization", async () => {
    const { client, organization } = await adminClient();
    const ann = await addUser(organization.id, "Ann", "Lee");
    await db().user.update({
      where: { id: ann.id },
      data: { phoneNumber: "5550100199", mfaPhoneNumber: "5550100198" },
    });
    const reply = await client.get<User>(userUrl(organization.id, ann.id));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: ann.id,
      givenName: "Ann",
      familyName: "Lee",
      middleName: null,
      email: ann.email,
      status: "ACTIVE",
      lastSignIn: null,
      enabled: true,
      disabledAt: null,
      deactivatedBy: null,
      version: 1,
      phoneNumber: "5550100199",
      mfaPhoneNumber: "5550100198",
    });

    const other = await organizationWithUser(db());
    const foreignUser = await client.get(userUrl(organization.id, other.user.id));
    expect(foreignUser.status).toBe(404);
    expect(foreignUser.body).toMatchObject({ code: "NOT_FOUND", message: USER_MESSAGES.notFound });
    expect(USER_MESSAGES.notFound).toBe("Member/group/organization not found.");
    expect((await client.get(userUrl(other.organization.id, other.user.id))).status).toBe(404);
  });
});

describe("PATCH /v1/organizations/{orgId}/users/{userId}", () => {
  it("edits the profile under optimistic locking; phone numbers must be ten digits and are stored as digits", async () => {
    const { client, organization, user: admin } = await adminClient();
    const ann = await addUser(organization.id, "Ann", "Lee");
    const url = userUrl(organization.id, ann.id, 1);
    const edited = await client.request<User>("PATCH", url, {
      json: {
        version: 1,
        givenName: "Anne",
        middleName: "Q",
        phoneNumber: "(555) 010-0199",
        mfaPhoneNumber: "555.010.0198",
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      givenName: "Anne",
      middleName: "Q",
      phoneNumber: "5550100199",
      mfaPhoneNumber: "5550100198",
      version: 2,
    });

    for (const bad of ["555-0100", "+1 555 010 0199", "55501001999", "phone-number"]) {
      const reply = await client.request("PATCH", url, { json: { version: 2, mfaPhoneNumber: bad } });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({
        code: "BAD_REQUEST",
        details: [{ path: "mfaPhoneNumber", message: USER_MESSAGES.phoneTenDigits }],
      });
    }
    const cleared = await client.request<User>("PATCH", url, { json: { version: 2, mfaPhoneNumber: "" } });
    expect(cleared.body).toMatchObject({ mfaPhoneNumber: null, version: 3 });

    const stale = await client.request("PATCH", url, { json: { version: 2, familyName: "Stale" } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "VERSION_NOT_MATCHED", message: MESSAGES.versionNotMatched });
    expect(await db().user.findUniqueOrThrow({ where: { id: ann.id } })).toMatchObject({
      givenName: "Anne",
      familyName: "Lee",
      mfaPhoneNumber: null,
      version: 3,
    });
    const events = await db().auditEvent.findMany({ where: { streamType: "user", streamId: ann.id } });
    expect(events.map((e) => [e.type, e.actorId])).toEqual([
      ["user.updated", admin.id],
      ["user.updated", admin.id],
    ]);
  });

  it("deactivates a membership (ending its sessions) and reactivates it; nobody deactivates themselves", async () => {
    const { client, organization, user: admin } = await adminClient();
    const ann = await addUser(organization.id, "Ann", "Lee");
    const annClient = await signedIn(app.url, ann.email);
    const permissions = `/api/v1/organizations/${organization.id}/users/me/permissions`;
    expect((await annClient.get(permissions)).status).toBe(200);
    const url = userUrl(organization.id, ann.id, 1);

    const off = await client.request<User>("PATCH", url, { json: { version: 1, enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, deactivatedBy: admin.id, deactivatedByFullName: "Test User" });
    expect(off.body.disabledAt).not.toBeNull();
    expect((await annClient.get(permissions)).status).toBe(401);
    const membership = await db().membership.findUniqueOrThrow({
      where: { userId_organizationId: { userId: ann.id, organizationId: organization.id } },
    });
    expect(membership).toMatchObject({ enabled: false, deactivatedById: admin.id });
    const refused = await new HttpClient(app.url).signIn(ann.email, PASSWORD);
    expect(refused.body).toMatchObject({ code: "USER_NOT_ENABLED_FOR_ORG", message: MESSAGES.userNotEnabledForOrg });

    const on = await client.request<User>("PATCH", url, { json: { version: off.body.version, enabled: true } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ enabled: true, disabledAt: null, deactivatedBy: null });
    expect((await new HttpClient(app.url).signIn(ann.email, PASSWORD)).status).toBe(200);

    const self = await client.request("PATCH", userUrl(organization.id, admin.id, 1), {
      json: { version: 1, enabled: false },
    });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: "BAD_REQUEST", message: USER_MESSAGES.cannotDeactivateSelf });
    expect(
      (
        await db().membership.findUniqueOrThrow({
          where: { userId_organizationId: { userId: admin.id, organizationId: organization.id } },
        })
      ).enabled,
    ).toBe(true);

    const types = (
      await db().auditEvent.findMany({ where: { streamType: "user", streamId: ann.id }, orderBy: { sequence: "asc" } })
    ).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["user.deactivated", "user.reactivated"]));
    expect(await verifyAuditChain(db(), "user", ann.id)).toMatchObject({ valid: true });
  });

  it("deactivating in one organization leaves the user's other organizations alone", async () => {
    const home = await organizationWithUser(db());
    const { client, organization } = await adminClient();
    await joinOrganization(db(), home.user.id, organization.id);
    const reply = await client.request<User>("PATCH", userUrl(organization.id, home.user.id, 1), {
      json: { version: 1, enabled: false },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      enabled: false,
      homeUserEnabled: true,
      homeOrganizationId: home.organization.id,
    });
    const memberships = await db().membership.findMany({ where: { userId: home.user.id } });
    expect(memberships.map((m) => [m.organizationId, m.enabled]).sort()).toEqual(
      [
        [home.organization.id, true],
        [organization.id, false],
      ].sort(),
    );
    // the profile belongs to the home organization
    const profile = await client.request("PATCH", userUrl(organization.id, home.user.id, 1), {
      json: { version: 2, mfaPhoneNumber: "5550100199" },
    });
    expect(profile.status).toBe(403);
    expect(profile.body).toMatchObject({ message: USER_MESSAGES.profileEditableInHomeOrganization });
    expect((await db().user.findUniqueOrThrow({ where: { id: home.user.id } })).mfaPhoneNumber).toBeNull();
    // a form sending the unchanged profile back along with a status change is fine
    const wholeForm = await client.request<User>("PATCH", userUrl(organization.id, home.user.id, 1), {
      json: { version: 2, enabled: true, givenName: "Test", familyName: "User", mfaPhoneNumber: null },
    });
    expect(wholeForm.status).toBe(200);
    expect(wholeForm.body).toMatchObject({ enabled: true, version: 3 });
  });

  it("unlocks a locked user", async () => {
    const { client, organization } = await adminClient();
    const ann = await addUser(organization.id, "Ann", "Lee");
    await db().credential.update({
      where: { userId: ann.id },
      data: { lockedUntil: new Date(Date.now() + 600_000), failedAttempts: 0 },
    });
    expect((await new HttpClient(app.url).signIn(ann.email, PASSWORD)).body).toMatchObject({ code: "ACCOUNT_LOCKED" });
    expect((await client.get<User>(userUrl(organization.id, ann.id))).body.locked).toBe(true);
    const reply = await client.request<User>("PATCH", userUrl(organization.id, ann.id, 1), {
      json: { version: 1, unlock: true },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.locked).toBe(false);
    expect((await db().credential.findUniqueOrThrow({ where: { userId: ann.id } })).lockedUntil).toBeNull();
    expect((await new HttpClient(app.url).signIn(ann.email, PASSWORD)).status).toBe(200);
  });

  it("needs MANAGE_USERS, and answers 404 for a user or an organization that is not the caller's", async () => {
    const viewer = await adminClient(permissionBits(["VIEW_USERS_GROUPS_ROLES"]));
    const ann = await addUser(viewer.organization.id, "Ann", "Lee");
    const refused = await viewer.client.request("PATCH", userUrl(viewer.organization.id, ann.id, 1), {
      json: { version: 1, enabled: false },
    });
    expect(refused.status).toBe(403);
    expect(
      (
        await db().membership.findUniqueOrThrow({
          where: { userId_organizationId: { userId: ann.id, organizationId: viewer.organization.id } },
        })
      ).enabled,
    ).toBe(true);

    const { client, organization } = await adminClient();
    const foreignUser = await client.request("PATCH", userUrl(organization.id, ann.id, 1), {
      json: { version: 1, givenName: "X" },
    });
    expect(foreignUser.status).toBe(404);
    expect(foreignUser.body).toMatchObject({ message: USER_MESSAGES.notFound });
    const foreignOrg = await client.request("PATCH", userUrl(viewer.organization.id, ann.id, 1), {
      json: { version: 1, givenName: "X" },
    });
    expect(foreignOrg.status).toBe(404);
    expect((await db().user.findUniqueOrThrow({ where: { id: ann.id } })).givenName).toBe("Ann");
  });
});

describe("POST /v1/organizations/{orgId}/users/{userId}/password-reset", () => {
  it("emails the user the password-reset link (dev mailbox), for users of this organization only", async () => {
    const { client, organization, user: admin } = await adminClient();
    const ann = await addUser(organization.id, "Ann", "Lee");
    const reply = await client.request(
      "POST",
      `/api/v1/organizations/${organization.id}/users/${ann.id}/password-reset`,
    );
    expect(reply.status).toBe(202);
    const mail = await poll("the reset email", () =>
      db().mailMessage.findFirst({ where: { to: ann.email, subject: "Reset your Signet password" } }),
    );
    expect(mail.text).toMatch(/http:\/\/signet\.test\/create-password\?request=[0-9a-f-]{36}&token=/);
    expect(await db().passwordResetRequest.count({ where: { userId: ann.id, usedAt: null } })).toBe(1);
    const events = await db().auditEvent.findMany({ where: { streamType: "user", streamId: ann.id } });
    expect(events.map((e) => [e.type, e.actorId])).toEqual(
      expect.arrayContaining([["user.password-reset-sent", admin.id]]),
    );

    const other = await organizationWithUser(db());
    const foreign = await client.request(
      "POST",
      `/api/v1/organizations/${organization.id}/users/${other.user.id}/password-reset`,
    );
    expect(foreign.status).toBe(404);
    expect(await db().passwordResetRequest.count({ where: { userId: other.user.id } })).toBe(0);

    const viewer = await adminClient(permissionBits(["VIEW_USERS_GROUPS_ROLES"]));
    const forbidden = await viewer.client.request(
      "POST",
      `/api/v1/organizations/${viewer.organization.id}/users/${viewer.user.id}/password-reset`,
    );
    expect(forbidden.status).toBe(403);
  });
});
