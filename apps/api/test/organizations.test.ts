import { randomUUID } from "node:crypto";
import {
  ALL_PERMISSIONS,
  DEFAULTS,
  MESSAGES,
  ORGANIZATION_MESSAGES,
  type Organization,
  type OrganizationPage,
  permissionBits,
} from "@signet/contract";
import { buildOrganization, verifyAuditChain } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { signedIn } from "./support/signed-in.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ LOGIN_RATE_LIMIT_MAX: "1000" });
});
afterAll(() => app?.close());

const db = () => app.server.db;
const ORGS = "/api/v1/organizations";
const NO_ORG_MANAGEMENT = ALL_PERMISSIONS & ~permissionBits(["VIEW_MANAGE_ORGANIZATIONS"]);

/** A support user (support organization, support role with every permission), signed in. */
async function supportClient(permissions = ALL_PERMISSIONS) {
  const support = await organizationWithUser(db(), { eoSupport: true, permissions });
  return { ...support, client: await signedIn(app.url, support.user.email) };
}

async function adminClient(permissions = ALL_PERMISSIONS) {
  const admin = await organizationWithUser(db(), { permissions });
  return { ...admin, client: await signedIn(app.url, admin.user.email) };
}

const listPath = (query: Record<string, string>) => `${ORGS}?${new URLSearchParams(query)}`;

describe("GET /v1/organizations", () => {
  it("gives a support user every organization: paged by 10, sorted, filtered by type, with the total count", async () => {
    const { client } = await supportClient();
    const prefix = `Paging-${randomUUID().slice(0, 8)}`;
    const names = Array.from({ length: 12 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, "0")}`);
    for (const [i, name] of names.entries()) {
      await buildOrganization(db(), { name, enabled: i % 4 !== 0, enabledPkgCollaboration: i === 1 });
    }

    const page1 = await client.get<OrganizationPage>(listPath({ search: prefix }));
    expect(page1.status).toBe(200);
    expect(page1.body.count).toBe(12);
    expect(page1.body.records.map((o) => o.name)).toEqual(names.slice(0, 10));
    const page2 = await client.get<OrganizationPage>(listPath({ search: prefix, pageNumber: "2" }));
    expect(page2.body).toMatchObject({ count: 12 });
    expect(page2.body.records.map((o) => o.name)).toEqual(names.slice(10));

    const descending = await client.get<OrganizationPage>(listPath({ search: prefix, sortDirection: "desc" }));
    expect(descending.body.records.map((o) => o.name)).toEqual([...names].reverse().slice(0, 10));

    const byCreation = await client.get<OrganizationPage>(
      listPath({ search: prefix, sortBy: "createdAt", sortDirection: "desc", pageSize: "12" }),
    );
    const created = byCreation.body.records.map((o) => o.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const inactive = await client.get<OrganizationPage>(listPath({ search: prefix, type: "INACTIVE" }));
    expect(inactive.body.count).toBe(3);
    expect(inactive.body.records.map((o) => o.name)).toEqual([names[0], names[4], names[8]]);
    expect(inactive.body.records.every((o) => !o.enabled)).toBe(true);
    const active = await client.get<OrganizationPage>(listPath({ search: prefix, type: "ACTIVE" }));
    expect(active.body.count).toBe(9);
    expect(active.body.records.every((o) => o.enabled)).toBe(true);

    const withFeature = page1.body.records.find((o) => o.name === names[1])!;
    expect(withFeature.authorizedFeatures).toBe("eSign Creator, Package Collaboration");
    expect(page1.body.records.find((o) => o.name === names[2])!.authorizedFeatures).toBe("eSign Creator");

    const bad = await client.get(listPath({ type: "DELETED" }));
    expect(bad.status).toBe(400);
  });

  it("gives anyone else only their own organization, whatever the filters", async () => {
    const { organization, client } = await adminClient();
    await buildOrganization(db(), { name: `Other-${randomUUID()}` });
    const own = await client.get<OrganizationPage>(ORGS);
    expect(own.status).toBe(200);
    expect(own.body.count).toBe(1);
    expect(own.body.records.map((o) => o.id)).toEqual([organization.id]);
    const inactive = await client.get<OrganizationPage>(listPath({ type: "INACTIVE" }));
    expect(inactive.body).toEqual({ records: [], count: 0 });

    // a support user without VIEW_MANAGE_ORGANIZATIONS is treated the same way
    const support = await supportClient(NO_ORG_MANAGEMENT);
    const supportOwn = await support.client.get<OrganizationPage>(ORGS);
    expect(supportOwn.body.records.map((o) => o.id)).toEqual([support.organization.id]);
  });
});

describe("POST /v1/organizations", () => {
  it("lets a support user create an organization with every field, recorded and ready for its first admin", async () => {
    const { client, user } = await supportClient();
    const name = `Acme ${randomUUID().slice(0, 8)}`;
    const reply = await client.request<Organization>("POST", ORGS, {
      json: {
        name: `  ${name}  `,
        description: "A lender",
        customerId: "CUST-1",
        enabledTrid: true,
        enabledAV: true,
        embeddedSrEnabled: true,
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(`${ORGS}/${reply.body.id}`);
    expect(reply.body).toMatchObject({
      name,
      description: "A lender",
      customerId: "CUST-1",
      enabled: true,
      eoSupport: false,
      enabledTrid: true,
      enabledAV: true,
      embeddedSrEnabled: true,
      enabledSmartDoc: false,
      authorizedFeatures: "eSign Creator, A/V eSign, Embedded Signing, TRID",
      createdBy: user.id,
      createdByFullName: "Test User",
      disabledAt: null,
      disabledByFullName: null,
      version: 1,
    });
    const row = await db().organization.findUniqueOrThrow({ where: { id: reply.body.id } });
    expect(row).toMatchObject({ nameKey: name.toLowerCase(), createdById: user.id, updatedById: user.id });
    const adminGroup = await db().group.findFirstOrThrow({
      where: { organizationId: row.id, name: DEFAULTS.orgAdminGroupName },
      include: { roles: { include: { role: true } } },
    });
    expect(adminGroup.roles.map((r) => r.role.name)).toEqual([DEFAULTS.adminRoleName]);
    const events = await db().auditEvent.findMany({ where: { streamType: "organization", streamId: row.id } });
    expect(events.map((e) => e.type)).toEqual(["organization.created"]);
    expect(events[0]!.actorId).toBe(user.id);

    // the new organization can be read back
    const read = await client.get<Organization>(`${ORGS}/${row.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(reply.body);
  });

  it("refuses a name that exists in any letter case: 'This organization already exists'", async () => {
    const { client } = await supportClient();
    const name = `Dup ${randomUUID().slice(0, 8)}`;
    expect((await client.request("POST", ORGS, { json: { name } })).status).toBe(201);
    const again = await client.request("POST", ORGS, { json: { name: ` ${name.toUpperCase()} ` } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "ALREADY_EXISTS", message: ORGANIZATION_MESSAGES.alreadyExists });
    expect(ORGANIZATION_MESSAGES.alreadyExists).toBe("This organization already exists");
    expect(await db().organization.count({ where: { nameKey: name.toLowerCase() } })).toBe(1);
  });

  it("is refused (403) to organization admins and to support users without VIEW_MANAGE_ORGANIZATIONS", async () => {
    const admin = await adminClient();
    const support = await supportClient(NO_ORG_MANAGEMENT);
    for (const client of [admin.client, support.client]) {
      const name = `Forbidden ${randomUUID()}`;
      const reply = await client.request("POST", ORGS, { json: { name } });
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ code: "FORBIDDEN", message: MESSAGES.forbidden });
      expect(await db().organization.count({ where: { nameKey: name.toLowerCase() } })).toBe(0);
    }
  });
});

describe("GET /v1/organizations/{orgId}", () => {
  it("answers members with a view permission, 403 without one, 404 for another organization", async () => {
    const viewer = await adminClient(permissionBits(["VIEW_DOCUMENTS_PACKAGES"]));
    const ok = await viewer.client.get<Organization>(`${ORGS}/${viewer.organization.id}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: viewer.organization.id, name: viewer.organization.name });

    const noView = await adminClient(permissionBits(["MANAGE_DOCUMENTS_PACKAGES"]));
    const refused = await noView.client.get(`${ORGS}/${noView.organization.id}`);
    expect(refused.status).toBe(403);

    const other = await viewer.client.get(`${ORGS}/${noView.organization.id}`);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: "NOT_FOUND" });

    const support = await supportClient();
    expect((await support.client.get(`${ORGS}/${noView.organization.id}`)).status).toBe(200);
    expect((await support.client.get(`${ORGS}/${randomUUID()}`)).status).toBe(404);
  });
});

describe("PATCH /v1/organizations/{orgId}", () => {
  it("edits with VIEW_MANAGE_ORGANIZATIONS under optimistic locking", async () => {
    const { client, organization, user } = await adminClient();
    const url = `${ORGS}/${organization.id}`;
    const newName = `Renamed ${randomUUID().slice(0, 8)}`;
    const edited = await client.request<Organization>("PATCH", url, {
      json: { version: 1, name: newName, description: "Updated", enabledSmartDoc: true, enabledClosingCenter: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: newName,
      description: "Updated",
      enabledSmartDoc: true,
      authorizedFeatures: "eSign Creator, Closing Center, Smart Doc",
      updatedBy: user.id,
      version: 2,
    });

    const stale = await client.request("PATCH", url, { json: { version: 1, description: "Lost update" } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "VERSION_NOT_MATCHED", message: "Version not matched" });
    expect(await db().organization.findUniqueOrThrow({ where: { id: organization.id } })).toMatchObject({
      description: "Updated",
      version: 2,
    });

    const taken = await buildOrganization(db(), { name: `Taken ${randomUUID().slice(0, 8)}` });
    const duplicate = await client.request("PATCH", url, { json: { version: 2, name: taken.name.toUpperCase() } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ message: "This organization already exists" });

    const events = await db().auditEvent.findMany({ where: { streamType: "organization", streamId: organization.id } });
    expect(events.map((e) => e.type)).toEqual(["organization.updated"]);
    expect(await verifyAuditChain(db(), "organization", organization.id)).toMatchObject({ valid: true });
  });

  it("refuses an edit without VIEW_MANAGE_ORGANIZATIONS, and a status change by anyone but support", async () => {
    const noManage = await adminClient(NO_ORG_MANAGEMENT);
    const refused = await noManage.client.request("PATCH", `${ORGS}/${noManage.organization.id}`, {
      json: { version: 1, description: "x" },
    });
    expect(refused.status).toBe(403);

    const admin = await adminClient();
    const deactivate = await admin.client.request("PATCH", `${ORGS}/${admin.organization.id}`, {
      json: { version: 1, enabled: false },
    });
    expect(deactivate.status).toBe(403);
    expect(deactivate.body).toMatchObject({ message: ORGANIZATION_MESSAGES.onlySupportMayChangeStatus });
    expect(await db().organization.findUniqueOrThrow({ where: { id: admin.organization.id } })).toMatchObject({
      enabled: true,
      version: 1,
    });
    // sending the unchanged status along with an edit is fine (forms send the whole object)
    const same = await admin.client.request("PATCH", `${ORGS}/${admin.organization.id}`, {
      json: { version: 1, enabled: true, customerId: "C-9" },
    });
    expect(same.status).toBe(200);
  });

  it("deactivation by support ends the organization's sessions and refuses sign-in; reactivation restores it", async () => {
    const support = await supportClient();
    const member = await organizationWithUser(db());
    const memberClient = await signedIn(app.url, member.user.email);
    const bearer = new HttpClient(app.url);
    bearer.bearer = String((await bearer.signIn(member.user.email, PASSWORD, "bearer")).body.access_token);
    const permissions = `/api/v1/organizations/${member.organization.id}/users/me/permissions`;
    expect((await memberClient.get(permissions)).status).toBe(200);

    const url = `${ORGS}/${member.organization.id}`;
    const off = await support.client.request<Organization>("PATCH", url, { json: { version: 1, enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      enabled: false,
      disabledBy: support.user.id,
      disabledByFullName: "Test User",
      version: 2,
    });
    expect(off.body.disabledAt).not.toBeNull();

    for (const client of [memberClient, bearer]) expect((await client.get(permissions)).status).toBe(401);
    const tokens = await db().activeToken.findMany({ where: { organizationId: member.organization.id } });
    expect(tokens).toHaveLength(2);
    expect(tokens.every((t) => t.revokedAt !== null && t.revokedReason === "organization-deactivated")).toBe(true);
    const refused = await new HttpClient(app.url).signIn(member.user.email, PASSWORD);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "USER_NOT_ENABLED_FOR_ORG", message: MESSAGES.userNotEnabledForOrg });

    const inactive = await support.client.get<OrganizationPage>(
      listPath({ search: member.organization.name, type: "INACTIVE" }),
    );
    expect(inactive.body.records.map((o) => o.id)).toEqual([member.organization.id]);

    const on = await support.client.request<Organization>("PATCH", url, { json: { version: 2, enabled: true } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ enabled: true, disabledAt: null, disabledBy: null, version: 3 });
    expect((await new HttpClient(app.url).signIn(member.user.email, PASSWORD)).status).toBe(200);

    const events = await db().auditEvent.findMany({
      where: { streamType: "organization", streamId: member.organization.id },
      orderBy: { sequence: "asc" },
    });
    expect(events.map((e) => [e.type, e.actorId])).toEqual([
      ["organization.deactivated", support.user.id],
      ["organization.reactivated", support.user.id],
    ]);
    expect(events[0]!.data).toEqual({ revokedTokens: 2 });
    expect(await verifyAuditChain(db(), "organization", member.organization.id)).toMatchObject({ valid: true });
  });

  it("never deactivates the support organization", async () => {
    const support = await supportClient();
    const reply = await support.client.request("PATCH", `${ORGS}/${support.organization.id}`, {
      json: { version: 1, enabled: false },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      code: "BAD_REQUEST",
      message: ORGANIZATION_MESSAGES.supportOrganizationCannotBeDeactivated,
    });
    expect(await db().organization.findUniqueOrThrow({ where: { id: support.organization.id } })).toMatchObject({
      enabled: true,
      version: 1,
    });
    expect(
      await db().activeToken.count({ where: { organizationId: support.organization.id, revokedAt: { not: null } } }),
    ).toBe(0);
  });

  it("lets a support user edit another organization; anyone else gets 404 for it", async () => {
    const support = await supportClient();
    const target = await organizationWithUser(db());
    const reply = await support.client.request<Organization>("PATCH", `${ORGS}/${target.organization.id}`, {
      json: { version: 1, enabledMultiLangSRSupport: true },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.authorizedFeatures).toBe("eSign Creator, Multi-lang Signing Room");

    const stranger = await adminClient();
    const foreign = await stranger.client.request("PATCH", `${ORGS}/${target.organization.id}`, {
      json: { version: 2, name: "Hijacked" },
    });
    expect(foreign.status).toBe(404);
    expect((await db().organization.findUniqueOrThrow({ where: { id: target.organization.id } })).name).toBe(
      target.organization.name,
    );
  });
});

describe("OpenAPI", () => {
  it("documents every organization, user and invitation route", async () => {
    const reply = await new HttpClient(app.url).get<{ paths: Record<string, Record<string, unknown>> }>(
      "/api/docs/json",
    );
    expect(reply.status).toBe(200);
    const documented = Object.entries(reply.body.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented).toEqual(
      expect.arrayContaining([
        "GET /api/v1/organizations",
        "POST /api/v1/organizations",
        "GET /api/v1/organizations/{orgId}",
        "PATCH /api/v1/organizations/{orgId}",
        "GET /api/v2/organizations/{orgId}/users",
        "GET /api/v2/organizations/{orgId}/users-base-info",
        "GET /api/v2/organizations/{orgId}/users/{userId}",
        "PATCH /api/v1/organizations/{orgId}/users/{userId}",
        "POST /api/v1/organizations/{orgId}/users/{userId}/password-reset",
        "POST /api/v1/organizations/{orgId}/user-invitations",
        "GET /api/v1/user-invitations/{invitationId}",
        "POST /api/v1/user-invitations/{invitationId}/registrations",
        "POST /api/v1/user-invitations/{invitationId}/verify",
      ]),
    );
  });
});
