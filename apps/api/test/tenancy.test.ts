import { randomUUID } from "node:crypto";
import {
  apiClientRoutes,
  bulkSendRoutes,
  emailTemplateRoutes,
  fillPath,
  groupPackageRoutes,
  groupRoutes,
  HEADERS,
  holidayRoutes,
  identityProviderRoutes,
  importExportRoutes,
  invitationRoutes,
  membershipRoutes,
  mfaRoutes,
  notificationRuleRoutes,
  onboardingRoutes,
  operationsRoutes,
  organizationRoutes,
  type RouteDef,
  reportRoutes,
  roleRoutes,
  routeUrl,
  samlProviderRoutes,
  securitySettingRoutes,
  settingMetaDataRoutes,
  templateRoutes,
  userRoutes,
  watermarkRoutes,
  webhookRoutes,
} from "@signet/contract";
import { buildGroup, buildRole, grantRoles } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Spec/issue: every access-control endpoint answers 404 for ids of another organization (support
// users excepted). One table walks every route, so a route added later cannot be forgotten: the
// coverage test fails until it has a sample here.

const ACCESS_ROUTES: Record<string, RouteDef> = {
  ...organizationRoutes,
  ...onboardingRoutes,
  ...userRoutes,
  ...invitationRoutes,
  ...groupRoutes,
  ...roleRoutes,
  ...membershipRoutes,
  ...webhookRoutes,
  ...emailTemplateRoutes,
  ...apiClientRoutes,
  ...reportRoutes,
  ...identityProviderRoutes,
  ...samlProviderRoutes,
  ...settingMetaDataRoutes,
  ...securitySettingRoutes,
  resetUserMfa: mfaRoutes.resetUserMfa,
  ...holidayRoutes,
  ...groupPackageRoutes,
  ...operationsRoutes,
  listEmailNotifications: notificationRuleRoutes.listEmailNotifications,
  createEmailNotification: notificationRuleRoutes.createEmailNotification,
  getEmailNotification: notificationRuleRoutes.getEmailNotification,
  updateEmailNotification: notificationRuleRoutes.updateEmailNotification,
  deleteEmailNotification: notificationRuleRoutes.deleteEmailNotification,
  ...importExportRoutes,
  // document and package templates (issue 13 §3–§4); adding one to a package is walked with the package routes
  ...Object.fromEntries(Object.entries(templateRoutes).filter(([id]) => id !== "addDocumentFromTemplate")),
};

/** Routes whose path names no organization, and why another tenant cannot reach through them. */
const UNSCOPED: Record<string, string> = {
  listOrganizations: "lists only the caller's own organization (support users: all)",
  createOrganization: "support users only",
  getUserInvitation: "authorised by the invitation's secret token, not by an organization",
  registerUserInvitation: "authorised by the invitation's secret token",
  verifyUserInvitation: "authorised by the invitation's secret token",
  listSignInProviders: "public by design: names an organization's enabled providers only, nothing of its users",
  startOidcSignIn: "public by design: only redirects to the organization's own enabled provider",
  oidcCallback: "authorised by the sign-in's state and the browser-binding cookie, not by an organization",
  listSamlProviders: "support users only: SAML providers belong to the installation",
  createSamlProvider: "support users only: SAML providers belong to the installation",
  getSamlProvider: "support users only: SAML providers belong to the installation",
  updateSamlProvider: "support users only: SAML providers belong to the installation",
  deleteSamlProvider: "support users only: SAML providers belong to the installation",
  importSamlMetadata: "support users only: reads metadata, saves nothing",
  getSamlServiceProvider: "support users only: this installation's service provider metadata",
  listSamlSignInProviders:
    "public by design: names the enabled SAML providers an organization uses, nothing of its users",
  startSamlSignIn: "public by design: only redirects to a provider the organization uses",
  samlAcs: "authorised by the stored request (RelayState), the browser-binding cookie and the signed assertion",
  listHolidays: "the federal holidays: the same for every organization, nothing of any organization's data",
  servicesInfo: "support users only: installation-wide, names no organization's data",
  listParkedJobs: "support users only: installation-wide background jobs",
  requeueParkedJob: "support users only: installation-wide background jobs",
  listNotificationRecords: "support users only: the record of notifications spans every organization",
  getNotificationSummary: "authorised by the signed, expiring link of the daily summary email (one sender's packages)",
  getNotificationReport: "authorised by the signed, expiring link of the daily summary email (one sender's packages)",
};

interface Ids {
  userId: string;
  groupId: string;
  roleId: string;
  invitationId: string;
  webhookId: string;
  templateId: string;
  deliveryId: string;
  apiUserId: string;
  apiClientId: string;
  secretId: string;
  providerId: string;
  settingId: string;
  uid: string;
}

/** A request that passes the contract's validation, naming the given ids. */
const SAMPLES: Record<string, (ids: Ids) => { body?: unknown; query?: Record<string, string> }> = {
  getOrganization: () => ({}),
  getOnboardingChecklist: () => ({}),
  updateOrganization: () => ({ body: { version: 1, description: "x" } }),
  listUsers: () => ({}),
  usersBaseInfo: () => ({}),
  getUser: () => ({}),
  updateUser: () => ({ body: { version: 1, givenName: "Changed" } }),
  resetUserPassword: () => ({}),
  createUserInvitation: () => ({ body: { email: "new.person@example.com", givenName: "New", familyName: "Person" } }),
  listUserInvitations: () => ({}),
  resendUserInvitation: () => ({}),
  revokeUserInvitation: () => ({}),
  listGroups: () => ({}),
  createGroup: () => ({ body: { name: "Intruders", roleIds: [] } }),
  getGroup: () => ({}),
  updateGroup: () => ({ body: { version: 1, name: "Renamed" } }),
  deleteGroup: () => ({ query: { version: "1" } }),
  moveGroup: () => ({ body: { parentId: null, version: 1 } }),
  groupLocationCandidates: () => ({}),
  assignGroupRole: () => ({}),
  unassignGroupRole: () => ({}),
  listRoles: () => ({}),
  createRole: () => ({ body: { name: "Intruder", permissions: ["VIEW_USERS_GROUPS_ROLES"] } }),
  getRole: () => ({}),
  updateRole: () => ({ body: { version: 1, name: "Renamed" } }),
  deleteRole: () => ({ query: { version: "1" } }),
  listGroupMembers: () => ({}),
  addGroupMembers: (ids) => ({ body: { userIds: [ids.userId], roleIds: [ids.roleId] } }),
  setMemberRoles: (ids) => ({ body: { roleIds: [ids.roleId] } }),
  removeGroupMember: () => ({}),
  getMembership: () => ({}),
  listWebhooks: () => ({}),
  createWebhook: () => ({ body: { url: "https://hooks.example.com/spy", eventTypes: ["package.sent"] } }),
  getWebhook: () => ({}),
  updateWebhook: () => ({ body: { version: 1, description: "Changed" } }),
  deleteWebhook: () => ({ query: { version: "1" } }),
  suspendWebhook: () => ({ body: {} }),
  resumeWebhook: () => ({}),
  suspendAllWebhooks: () => ({ body: {} }),
  rotateWebhookSecret: () => ({}),
  testWebhook: () => ({}),
  listWebhookDeliveries: () => ({}),
  redeliverWebhookDelivery: () => ({}),
  listEmailTemplates: () => ({}),
  createEmailTemplate: () => ({
    body: { kind: "invitation", name: "Spy", contents: { en: { subject: "Spy", body: "<p>{{package.name}}</p>" } } },
  }),
  previewEmailTemplate: () => ({ body: { kind: "invitation", content: { subject: "Spy", body: "<p>Spy</p>" } } }),
  getEmailTemplate: () => ({}),
  updateEmailTemplate: () => ({ body: { version: 1, name: "Renamed" } }),
  restoreEmailTemplate: () => ({ body: { version: 1 } }),
  deleteEmailTemplate: () => ({ query: { version: "1" } }),
  listEmailNotifications: () => ({}),
  createEmailNotification: () => ({
    body: { name: "Spy", events: ["PACKAGE_COMPLETED"], addresses: ["spy@example.com"] },
  }),
  getEmailNotification: () => ({}),
  updateEmailNotification: () => ({
    body: { version: 1, name: "Renamed", events: ["PACKAGE_COMPLETED"], addresses: ["spy@example.com"] },
  }),
  deleteEmailNotification: () => ({ query: { version: "1" } }),
  getEmailSettings: () => ({}),
  updateEmailSettings: () => ({ query: { fromText: "Spy" } }),
  listApiUsers: () => ({}),
  createApiUser: () => ({ body: { name: "Spy system" } }),
  getApiUser: () => ({}),
  updateApiUser: () => ({ body: { version: 1, enabled: false } }),
  listApiClients: () => ({}),
  createApiClient: () => ({ body: { name: "Spy client" } }),
  getApiClient: () => ({}),
  updateApiClient: () => ({ body: { version: 1, enabled: false } }),
  deleteApiClient: () => ({ query: { version: "1" } }),
  addApiClientSecret: () => ({ body: {} }),
  revokeApiClientSecret: () => ({}),
  packageReport: () => ({}),
  packageReportSeries: () => ({}),
  packageReportCsv: () => ({}),
  listIdentityProviders: () => ({}),
  createIdentityProvider: () => ({
    body: { name: "Spy SSO", issuer: "https://idp.example.com", clientId: "spy", clientSecret: "spy-secret" },
  }),
  getIdentityProvider: () => ({}),
  updateIdentityProvider: () => ({ body: { version: 1, enabled: false } }),
  deleteIdentityProvider: () => ({ query: { version: "1" } }),
  testIdentityProvider: () => ({}),
  listSettingMetaData: () => ({}),
  createSettingMetaData: () => ({ body: [{ settingName: "primary_color", value: "#000000" }] }),
  updateSettingMetaData: () => ({ body: [{ settingName: "timezone", value: "UTC", version: 1 }] }),
  deleteSettingMetaData: () => ({ query: { version: "1" } }),
  listGroupPackages: () => ({}),
  getSecuritySettings: () => ({}),
  updateSecuritySettings: () => ({ body: { mfa_required: true } }),
  resetUserMfa: () => ({}),
  // the export answers a zip; the dry run and the import take multipart (the body is not read before access is checked)
  getConfigurationExportSummary: () => ({}),
  exportConfiguration: () => ({}),
  dryRunConfigurationImport: () => ({}),
  importConfiguration: () => ({}),
  listDocumentTemplates: () => ({}),
  createDocumentTemplate: () => ({ body: { name: "Spy" } }),
  createDocumentTemplateFromPackage: () => ({
    body: { packageId: randomUUID(), documentId: randomUUID(), name: "Spy" },
  }),
  getDocumentTemplate: () => ({}),
  updateDocumentTemplate: () => ({ body: { version: 1, name: "Renamed" } }),
  deleteDocumentTemplate: () => ({ query: { version: "1" } }),
  publishDocumentTemplate: () => ({ body: { version: 1 } }),
  activateDocumentTemplate: () => ({ body: { version: 1 } }),
  deactivateDocumentTemplate: () => ({ body: { version: 1 } }),
  listDocumentTemplateVersions: () => ({}),
  listPackageTemplates: () => ({}),
  createPackageTemplate: () => ({ body: { name: "Spy" } }),
  createPackageTemplateFromPackage: () => ({ body: { packageId: randomUUID(), name: "Spy" } }),
  getPackageTemplate: () => ({}),
  updatePackageTemplate: () => ({ body: { version: 1, name: "Renamed" } }),
  deletePackageTemplate: () => ({ query: { version: "1" } }),
  activatePackageTemplate: () => ({ body: { version: 1 } }),
  deactivatePackageTemplate: () => ({ body: { version: 1 } }),
  createPackageFromTemplate: () => ({
    body: {
      people: [{ type: "Borrower", roleNumber: 1, givenName: "Spy", familyName: "Spy", email: "s@example.com" }],
    },
  }),
};

let app: TestApp;
let admin: HttpClient;
let support: HttpClient;
let own: { organizationId: string } & Ids;
let foreign: { organizationId: string } & Ids;

async function tenant() {
  const { organization, user, group, role } = await organizationWithUser(app.server.db);
  const sub = await buildGroup(app.server.db, { organizationId: organization.id, name: "Branch", parentId: group.id });
  const clerk = await buildRole(app.server.db, { organizationId: organization.id, name: "Clerk", permissions: 2 });
  await grantRoles(app.server.db, {
    organizationId: organization.id,
    groupId: sub.id,
    userId: user.id,
    roleIds: [clerk.id],
  });
  // an open invitation: the invitation routes act on it
  const invitation = await app.server.db.userInvitation.create({
    data: {
      organizationId: organization.id,
      email: `pending-${randomUUID()}@example.com`,
      givenName: "Pending",
      familyName: "Person",
      tokenHash: randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  // an invitation email template: the email-template routes act on it
  const emailTemplate = await app.server.db.emailTemplate.create({
    data: { organizationId: organization.id, kind: "invitation", name: "Tenant", subjectEn: "Hi", bodyEn: "<p>Hi</p>" },
  });
  // an email notification rule: the email-notification routes act on it
  const emailNotification = await app.server.db.emailNotificationRule.create({
    data: {
      organizationId: organization.id,
      name: "Tenant",
      events: ["PACKAGE_COMPLETED"],
      addresses: ["t@example.com"],
    },
  });
  // a webhook endpoint with one logged delivery: the webhook routes act on them
  const webhook = await app.server.db.webhookEndpoint.create({
    data: {
      organizationId: organization.id,
      url: "https://hooks.example.com/tenant",
      eventTypes: ["package.sent"],
      secretEncrypted: app.server.deps.fieldCipher.encrypt("whsec_dGVuYW5jeS13YWxrLXNlY3JldC0wMTIzNDU2Nzg5YWI="),
    },
  });
  const webhookEvent = await app.server.db.webhookEvent.create({
    data: { organizationId: organization.id, type: "webhook.test", payload: {} },
  });
  const delivery = await app.server.db.webhookDelivery.create({
    data: {
      organizationId: organization.id,
      endpointId: webhook.id,
      eventId: webhookEvent.id,
      attempt: 1,
      statusCode: 200,
      succeeded: true,
    },
  });
  // an API user with a client and a secret: the api-users and api-clients routes act on them
  const apiUser = await app.server.db.user.create({
    data: {
      email: `api-user-${randomUUID()}@api-users.invalid`,
      givenName: "Loan system",
      familyName: "",
      homeOrganizationId: organization.id,
      memberships: { create: { organizationId: organization.id } },
      apiUser: { create: { organizationId: organization.id, name: "Loan system" } },
    },
  });
  const apiClient = await app.server.db.apiClient.create({
    data: {
      organizationId: organization.id,
      apiUserId: apiUser.id,
      clientId: `sgc_tenancy_${randomUUID()}`,
      name: "Core banking",
      secrets: { create: { organizationId: organization.id, prefix: "sgs_tenan", secretHash: randomUUID() } },
    },
    include: { secrets: true },
  });
  // an identity provider: the oauth-providers routes act on it (its issuer is never fetched here)
  const identityProvider = await app.server.db.identityProvider.create({
    data: {
      organizationId: organization.id,
      name: "Tenant SSO",
      issuer: "https://idp.example.com",
      clientId: "tenant",
      clientSecretEncrypted: app.server.deps.fieldCipher.encrypt("tenant-secret"),
    },
  });
  // a stored setting: the metaData routes act on it
  const setting = await app.server.db.organizationSetting.create({
    data: { organizationId: organization.id, key: "timezone", value: "America/Chicago" },
  });
  return {
    organization,
    user,
    group,
    role,
    sub,
    clerk,
    invitation,
    webhook,
    emailTemplate,
    emailNotification,
    delivery,
    apiUser,
    apiClient,
    identityProvider,
    setting,
  };
}

beforeAll(async () => {
  app = await startTestApp({ LOGIN_RATE_LIMIT_MAX: "1000" });
  const a = await tenant();
  const b = await tenant();
  own = {
    organizationId: a.organization.id,
    userId: a.user.id,
    groupId: a.sub.id,
    roleId: a.clerk.id,
    invitationId: a.invitation.id,
    webhookId: a.webhook.id,
    templateId: a.emailTemplate.id,
    deliveryId: a.delivery.id,
    apiUserId: a.apiUser.id,
    apiClientId: a.apiClient.id,
    secretId: a.apiClient.secrets[0]!.id,
    providerId: a.identityProvider.id,
    settingId: a.setting.id,
    uid: a.emailNotification.id,
  };
  foreign = {
    organizationId: b.organization.id,
    userId: b.user.id,
    groupId: b.sub.id,
    roleId: b.clerk.id,
    invitationId: b.invitation.id,
    webhookId: b.webhook.id,
    templateId: b.emailTemplate.id,
    deliveryId: b.delivery.id,
    apiUserId: b.apiUser.id,
    apiClientId: b.apiClient.id,
    secretId: b.apiClient.secrets[0]!.id,
    providerId: b.identityProvider.id,
    settingId: b.setting.id,
    uid: b.emailNotification.id,
  };
  admin = new HttpClient(app.url);
  expect((await admin.signIn(a.user.email, PASSWORD)).status).toBe(200);
  const s = await organizationWithUser(app.server.db, { eoSupport: true });
  support = new HttpClient(app.url);
  expect((await support.signIn(s.user.email, PASSWORD)).status).toBe(200);
});
afterAll(() => app?.close());

function call(
  client: HttpClient,
  route: RouteDef,
  params: Record<string, string>,
  sample: { body?: unknown; query?: Record<string, string> },
) {
  const query = sample.query ? `?${new URLSearchParams(sample.query)}` : "";
  const url = fillPath(routeUrl(route), params) + query;
  return client.request(route.method, url, sample.body === undefined ? {} : { json: sample.body });
}

const scoped = Object.entries(ACCESS_ROUTES).filter(([id]) => !(id in UNSCOPED));
const withResourceIds = scoped.filter(([, route]) =>
  /:(userId|groupId|roleId|invitationId|webhookId|templateId|deliveryId|apiUserId|apiClientId|secretId|providerId|settingId|uid)/.test(
    route.path,
  ),
);

describe("tenancy across every access-control route", () => {
  it("has a sample for every organization-scoped route, and every other route says why it is safe", () => {
    expect(scoped.map(([id]) => id).filter((id) => !SAMPLES[id])).toEqual([]);
    for (const [id, route] of scoped) expect(route.path, id).toContain(":orgId");
  });

  it.each(scoped)("%s: another organization's id in the path answers 404", async (id, route) => {
    const reply = await call(admin, route, { orgId: foreign.organizationId, ...pick(foreign) }, SAMPLES[id]!(foreign));
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it.each(withResourceIds)("%s: our organization with another organization's ids answers 404", async (id, route) => {
    const reply = await call(admin, route, { orgId: own.organizationId, ...pick(foreign) }, SAMPLES[id]!(foreign));
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  // Ids inside a body: the answer for another organization's id must be exactly the answer for an
  // id that exists nowhere, so nothing confirms that the other tenant's row exists.
  const NOWHERE = "00000000-0000-4000-8000-000000000000";
  it.each([
    ["addGroupMembers", (id: string) => ({ body: { userIds: [id], roleIds: [own.roleId] } })],
    ["setMemberRoles", (id: string) => ({ body: { roleIds: [id] } })],
    ["createGroup", (id: string) => ({ body: { name: "Spy", parentId: id, roleIds: [] } })],
    ["updateGroup", (id: string) => ({ body: { version: 1, roleIds: [id] } })],
    ["moveGroup", (id: string) => ({ body: { parentId: id, version: 1 } })],
    [
      "createUserInvitation",
      (id: string) => ({ body: { email: "x@example.com", givenName: "X", familyName: "Y", groupId: id, roleIds: [] } }),
    ],
  ] as const)("%s: another organization's id in the body answers like an unknown id", async (id, sample) => {
    const route = ACCESS_ROUTES[id]!;
    const params = { orgId: own.organizationId, ...pick(own) };
    const foreignId =
      id === "addGroupMembers"
        ? foreign.userId
        : /Group|Invitation/.test(id) && id !== "updateGroup"
          ? foreign.groupId
          : foreign.roleId;
    const withForeign = await call(admin, route, params, sample(foreignId));
    const withUnknown = await call(admin, route, params, sample(NOWHERE));
    expect(withForeign.status, JSON.stringify(withForeign.body)).toBeGreaterThanOrEqual(400);
    expect([withForeign.status, withForeign.body.code, withForeign.body.message]).toEqual([
      withUnknown.status,
      withUnknown.body.code,
      withUnknown.body.message,
    ]);
  });

  it("left the other organization's invitation as it was (resend and revoke through our organization did nothing)", async () => {
    const row = await app.server.db.userInvitation.findUniqueOrThrow({ where: { id: foreign.invitationId } });
    expect([row.status, row.version]).toEqual(["PENDING", 1]);
  });

  it("left the other organization's webhook endpoint as it was (no suspension, rotation, update or delivery)", async () => {
    const row = await app.server.db.webhookEndpoint.findUniqueOrThrow({ where: { id: foreign.webhookId } });
    expect([row.version, row.suspendedAt, row.previousSecretEncrypted, row.description]).toEqual([1, null, null, null]);
    const scheduled = await app.server.db.outboxMessage.count({
      where: { jobName: "webhook.deliver", idempotencyKey: { contains: foreign.webhookId } },
    });
    expect(scheduled).toBe(0);
  });

  it("left the other organization's email template and email settings as they were", async () => {
    const row = await app.server.db.emailTemplate.findUniqueOrThrow({ where: { id: foreign.templateId } });
    expect([row.version, row.name, row.subjectEn]).toEqual([1, "Tenant", "Hi"]);
    const fromText = await app.server.db.organizationSetting.count({
      where: { organizationId: foreign.organizationId, key: "email_from_text" },
    });
    expect(fromText).toBe(0);
  });

  it("left the other organization's email notification rule as it was", async () => {
    const row = await app.server.db.emailNotificationRule.findUniqueOrThrow({ where: { id: foreign.uid } });
    expect([row.version, row.name]).toEqual([1, "Tenant"]);
  });

  it("left the other organization's API user, client and secret as they were", async () => {
    const client = await app.server.db.apiClient.findUniqueOrThrow({
      where: { id: foreign.apiClientId },
      include: { secrets: true, apiUser: { include: { user: { include: { memberships: true } } } } },
    });
    expect([client.version, client.enabled, client.secrets.length, client.secrets[0]!.revokedAt]).toEqual([
      1,
      true,
      1,
      null,
    ]);
    expect([client.apiUser.version, client.apiUser.user.memberships[0]!.enabled]).toEqual([1, true]);
  });

  it("left the other organization's identity provider as it was (no update, test or deletion)", async () => {
    const row = await app.server.db.identityProvider.findUniqueOrThrow({ where: { id: foreign.providerId } });
    expect([row.version, row.enabled]).toEqual([1, true]);
    const tested = await app.server.db.auditEvent.count({
      where: { organizationId: foreign.organizationId, type: { startsWith: "identity-provider." } },
    });
    expect(tested).toBe(0);
  });

  it("left the other organization's settings as they were (no set, change or reset)", async () => {
    const rows = await app.server.db.organizationSetting.findMany({
      where: { organizationId: foreign.organizationId },
    });
    expect(rows.map((row) => [row.id, row.key, row.value, row.version])).toEqual([
      [foreign.settingId, "timezone", "America/Chicago", 1],
    ]);
  });

  it("answers 404 to a logo upload into the other organization (multipart, outside the route table) and stores nothing", async () => {
    const form = new FormData();
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    form.append("contents", new Blob([Buffer.from(png, "base64")], { type: "image/png" }), "logo.png");
    const reply = await fetch(`${admin.baseUrl}/api/v1/organizations/${foreign.organizationId}/logo`, {
      method: "POST",
      headers: {
        cookie: [...admin.jar].map(([name, value]) => `${name}=${value}`).join("; "),
        [HEADERS.csrf]: admin.jar.get(admin.csrfCookie) ?? "",
      },
      body: form,
    });
    expect(reply.status).toBe(404);
    const logos = await app.server.db.organizationSetting.count({
      where: { organizationId: foreign.organizationId, key: { in: ["default_logo", "logo_url"] } },
    });
    expect(logos).toBe(0);
  });

  it("keeps the installation-wide SAML provider routes to support users (an administrator gets 403)", async () => {
    const samples: [string, { body?: unknown; query?: Record<string, string> }][] = [
      ["listSamlProviders", {}],
      ["getSamlServiceProvider", {}],
      ["importSamlMetadata", { body: { xml: "<EntityDescriptor/>" } }],
      ["getSamlProvider", {}],
      ["updateSamlProvider", { body: { version: 1, enabled: false } }],
      ["deleteSamlProvider", { query: { version: "1" } }],
    ];
    for (const [id, sample] of samples) {
      const reply = await call(admin, ACCESS_ROUTES[id]!, { samlProviderId: randomUUID() }, sample);
      expect(reply.status, `${id} ${JSON.stringify(reply.body)}`).toBe(403);
    }
    const listed = await call(support, ACCESS_ROUTES.listSamlProviders!, {}, {});
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  });

  it("lets a support user into another organization", async () => {
    for (const id of ["getOrganization", "listUsers", "listGroups", "listRoles"]) {
      const reply = await call(support, ACCESS_ROUTES[id]!, { orgId: foreign.organizationId }, SAMPLES[id]!(foreign));
      expect(reply.status, `${id} ${JSON.stringify(reply.body)}`).toBe(200);
    }
  });

  it("still answers our own organization's routes (the 404s are not a broken setup)", async () => {
    for (const id of [
      "getOrganization",
      "getUser",
      "getGroup",
      "getRole",
      "listGroupMembers",
      "getMembership",
      "listUserInvitations",
      "getWebhook",
      "listWebhookDeliveries",
      "getApiUser",
      "getApiClient",
      "packageReport",
      "packageReportCsv",
      "getIdentityProvider",
    ]) {
      const reply = await call(
        admin,
        ACCESS_ROUTES[id]!,
        { orgId: own.organizationId, ...pick(own) },
        SAMPLES[id]!(own),
      );
      expect(reply.status, `${id} ${JSON.stringify(reply.body)}`).toBe(200);
    }
  });
});

function pick(ids: Ids) {
  return {
    userId: ids.userId,
    groupId: ids.groupId,
    roleId: ids.roleId,
    invitationId: ids.invitationId,
    webhookId: ids.webhookId,
    templateId: ids.templateId,
    deliveryId: ids.deliveryId,
    apiUserId: ids.apiUserId,
    apiClientId: ids.apiClientId,
    secretId: ids.secretId,
    providerId: ids.providerId,
    settingId: ids.settingId,
    uid: ids.uid,
  };
}

// Bulk send (issue 13 §5): its routes name a package template and a bulk send, so they are walked
// with a package template and a bulk send of each organization (made in the database: the walk is
// about ids, not about templates).
describe("tenancy across the bulk send routes", () => {
  const SAMPLES_BULK: Record<string, { body?: unknown; query?: Record<string, string> }> = {
    // the upload routes check access before reading the body: none is sent
    startBulkSend: {},
    checkBulkSend: {},
    listBulkSends: {},
    bulkSendCsvTemplate: {},
    getBulkSend: {},
    listBulkSendRows: { query: { status: "FAILED" } },
    cancelBulkSend: { body: { version: 1 } },
  };
  const bulkRoutes = Object.entries(bulkSendRoutes);
  let ownBulk: { templateId: string; bulkSendId: string };
  let foreignBulk: { templateId: string; bulkSendId: string };

  async function bulkSendOf(organizationId: string, groupId: string, userId: string) {
    const db = app.server.db;
    const builder = await db.package.create({
      data: { organizationId, shortId: randomUUID().slice(0, 10), name: "Template", templateKind: "PACKAGE_TEMPLATE" },
    });
    const template = await db.packageTemplate.create({
      data: {
        organizationId,
        name: "Tenancy",
        nameKey: "tenancy",
        active: true,
        packageId: builder.id,
        groups: { create: { groupId, organizationId } },
      },
    });
    const bulkSend = await db.bulkSend.create({
      data: {
        organizationId,
        templateId: template.id,
        templateName: template.name,
        totalRows: 1,
        createdById: userId,
        actorOrganizationId: organizationId,
        rows: { create: { organizationId, line: 2, status: "FAILED", error: "BORROWER 1 first name: required" } },
      },
    });
    return { templateId: template.id, bulkSendId: bulkSend.id };
  }

  beforeAll(async () => {
    ownBulk = await bulkSendOf(own.organizationId, own.groupId, own.userId);
    foreignBulk = await bulkSendOf(foreign.organizationId, foreign.groupId, foreign.userId);
  });

  it("has a sample for every bulk send route", () => {
    expect(bulkRoutes.map(([id]) => id).filter((id) => !SAMPLES_BULK[id])).toEqual([]);
  });

  it.each(bulkRoutes)("%s: another organization's id in the path answers 404", async (id, route) => {
    const reply = await call(admin, route, { orgId: foreign.organizationId, ...foreignBulk }, SAMPLES_BULK[id]!);
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it.each(bulkRoutes)("%s: our organization with another organization's ids answers 404", async (id, route) => {
    const reply = await call(admin, route, { orgId: own.organizationId, ...foreignBulk }, SAMPLES_BULK[id]!);
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it("answers our own bulk send (the walk's ids are real) and left the other organization's as it was", async () => {
    const mine = await call(admin, bulkSendRoutes.getBulkSend, { orgId: own.organizationId, ...ownBulk }, {});
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const theirs = await app.server.db.bulkSend.findUniqueOrThrow({ where: { id: foreignBulk.bulkSendId } });
    expect([theirs.status, theirs.cancelRequested, theirs.version]).toEqual(["QUEUED", false, 1]);
    expect(await app.server.db.bulkSend.count({ where: { organizationId: foreign.organizationId } })).toBe(1);
  });
});

// Watermark templates and rules (issue 15 §4): walked with a template and a rule list of each
// organization. The system default (/watermark-templates/default) names no organization: any
// settings reader reads it, only support users change it (apps/api/test/watermarks.test.ts).
describe("tenancy across the watermark routes", () => {
  const SAMPLES_WATERMARK: Record<string, { body?: unknown; query?: Record<string, string> }> = {
    listWatermarkTemplates: {},
    createWatermarkTemplate: { body: { name: "Spy", text: "COPY" } },
    getWatermarkTemplate: {},
    updateWatermarkTemplate: { body: { version: 1, name: "Renamed" } },
    deleteWatermarkTemplate: { query: { version: "1" } },
    previewWatermarkTemplate: { body: {} },
    getWatermarkRules: {},
    replaceWatermarkRules: { body: { version: 2, rules: [] } },
  };
  const UNSCOPED_WATERMARK = ["getDefaultWatermarkTemplate", "updateDefaultWatermarkTemplate"];
  const watermarkRouteList = Object.entries(watermarkRoutes).filter(([id]) => !UNSCOPED_WATERMARK.includes(id));
  let ownTemplateId: string;
  let foreignTemplateId: string;

  async function watermarkOf(organizationId: string) {
    const db = app.server.db;
    const template = await db.watermarkTemplate.create({
      data: { organizationId, name: "Tenant", nameKey: "tenant", text: "COPY" },
    });
    await db.watermarkRuleList.create({ data: { organizationId, version: 2 } });
    await db.watermarkRule.create({ data: { organizationId, templateId: template.id, priority: 0, version: 2 } });
    return template.id;
  }

  beforeAll(async () => {
    ownTemplateId = await watermarkOf(own.organizationId);
    foreignTemplateId = await watermarkOf(foreign.organizationId);
  });

  it("has a sample for every organization-scoped watermark route", () => {
    expect(watermarkRouteList.map(([id]) => id).filter((id) => !SAMPLES_WATERMARK[id])).toEqual([]);
    for (const [id, route] of watermarkRouteList) expect(route.path, id).toContain(":orgId");
  });

  it.each(watermarkRouteList)("%s: another organization's id in the path answers 404", async (id, route) => {
    const params = { orgId: foreign.organizationId, templateId: foreignTemplateId };
    const reply = await call(admin, route, params, SAMPLES_WATERMARK[id]!);
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it.each(watermarkRouteList.filter(([, route]) => route.path.includes(":templateId")))(
    "%s: our organization with another organization's template answers 404",
    async (id, route) => {
      const params = { orgId: own.organizationId, templateId: foreignTemplateId };
      const reply = await call(admin, route, params, SAMPLES_WATERMARK[id]!);
      expect(reply.status, JSON.stringify(reply.body)).toBe(404);
    },
  );

  it("answers our own template (the walk's ids are real) and left the other organization's as they were", async () => {
    const mine = await call(
      admin,
      watermarkRoutes.getWatermarkTemplate,
      { orgId: own.organizationId, templateId: ownTemplateId },
      {},
    );
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const theirs = await app.server.db.watermarkTemplate.findUniqueOrThrow({ where: { id: foreignTemplateId } });
    expect([theirs.version, theirs.name]).toEqual([1, "Tenant"]);
    const rules = await app.server.db.watermarkRule.findMany({ where: { organizationId: foreign.organizationId } });
    expect(rules.map((rule) => rule.templateId)).toEqual([foreignTemplateId]);
    const list = await app.server.db.watermarkRuleList.findUniqueOrThrow({
      where: { organizationId: foreign.organizationId },
    });
    expect(list.version).toBe(2);
  });
});
