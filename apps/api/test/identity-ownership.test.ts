import { randomUUID } from "node:crypto";
import {
  auditSentence,
  type CreateUserInvitationResult,
  IDENTITY_MESSAGES,
  type IdentityProvider,
  type ImportedSamlMetadata,
  OIDC_CALLBACK_PATH,
  SAML_ACS_PATH,
  type SamlProvider,
  type SamlServiceProvider,
} from "@signet/contract";
import { buildGroup, buildRole, issueToken } from "@signet/core";
import { createTestDatabase, type TestDatabase } from "@signet/core/testing";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedServer, startServer } from "../src/start-server.ts";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { freePort } from "./support/free-port.ts";
import { HttpClient } from "./support/http-client.ts";
import { type LoopbackProvider, loginAtProvider, startLoopbackProvider } from "./support/oidc-loopback-provider.ts";
import { poll } from "./support/poll.ts";
import { type LoopbackSamlIdp, startLoopbackSamlIdp } from "./support/saml-loopback-idp.ts";
import { signedIn } from "./support/signed-in.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { TEST_AUTH_SECRET } from "./support/test-app.ts";

// Issue 30 §1: a person's account belongs to the person. Organization C's administrator, who
// controls C's identity provider, must not be able to pull a member of organization B into C, sign
// in as them through that provider, or put a second factor of their own on the person's account.
// Against the real API, PostgreSQL, an SMTP capture and real OIDC (oidc-provider) and SAML
// (samlify) identity providers on loopback.

let database: TestDatabase;
let server: StartedServer;
let oidcIdp: LoopbackProvider;
let samlIdp: LoopbackSamlIdp;
let smtp: SmtpCapture;
let publicUrl: string;
let support: HttpClient;
let spMetadata: string;

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  oidcIdp = await startLoopbackProvider({ redirectUris: [`${publicUrl}${OIDC_CALLBACK_PATH}`] });
  samlIdp = await startLoopbackSamlIdp();
  smtp = await startSmtpCapture();
  database = await createTestDatabase();
  await database.db.$disconnect();
  server = await startServer(
    {
      DATABASE_URL: database.url,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      SIGNING_ROOM_LISTEN_PORT: "0",
      AUTH_SECRET: TEST_AUTH_SECRET,
      SEED_DEMO: "false",
      WEB_DIST: "/nonexistent",
      LOGIN_RATE_LIMIT_MAX: "100000",
      SMTP_URL: smtp.url,
      // the test's identity providers are on loopback: the operator's allow-list names it
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
    },
    { logLevel: process.env.TEST_LOG_LEVEL ?? "silent" },
  );
  const supportOrg = await organizationWithUser(server.db, { eoSupport: true });
  const issued = await issueToken(
    {
      userId: supportOrg.user.id,
      organizationId: supportOrg.organization.id,
      credentialsExpired: false,
      origin: { ip: null, userAgent: null },
    },
    server.deps,
  );
  support = new HttpClient(server.url);
  support.bearer = issued.token;
  spMetadata = (await support.get<SamlServiceProvider>("/api/v1/saml/service-provider")).body.metadataXml;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await oidcIdp?.close();
  await samlIdp?.close();
  await smtp?.close();
});

const db = () => server.db;
const LINK_ACCOUNT = /\/link-account\?request=([0-9a-f-]{36})&token=([A-Za-z0-9_-]{20,})/;

async function mailTo(to: string, subject: RegExp, n = 1) {
  return poll(`email #${n} to ${to} (${subject})`, async () => {
    const found = smtp.messages.filter((m) => m.envelopeTo.includes(to) && subject.test(m.parsed.subject ?? ""));
    return found.length >= n ? found[n - 1]! : null;
  });
}

async function linkEmail(to: string, n = 1) {
  const mail = await mailTo(to, /Confirm signing in to Signet through/, n);
  const match = LINK_ACCOUNT.exec(mail.parsed.text ?? "");
  if (!match) throw new Error(`no link in: ${mail.parsed.text}`);
  return { requestId: match[1]!, token: match[2]!, mail };
}

/** Organization B with its member (a password, no second factor), and organization C with its admin. */
async function twoOrganizations() {
  const b = await organizationWithUser(db());
  const c = await organizationWithUser(db());
  return { person: b.user, b, c, cAdmin: await signedIn(server.url, c.user.email) };
}

async function oidcProviderOf(orgId: string, admin: HttpClient, extra: Record<string, unknown> = {}) {
  const created = await admin.request<IdentityProvider>("POST", `/api/v1/organizations/${orgId}/oauth-providers`, {
    json: {
      name: `C SSO ${randomUUID().slice(0, 6)}`,
      issuer: oidcIdp.issuer,
      clientId: oidcIdp.clientId,
      clientSecret: oidcIdp.clientSecret,
      ...extra,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** C's provider says "this is <email>, verified" for whoever logs in as `login` there. */
async function throughOidc(orgId: string, providerId: string, login: string, email: string) {
  oidcIdp.accounts.set(login, { email, email_verified: true, given_name: "Mallory", family_name: "C" });
  const browser = new HttpClient(server.url);
  const start = await browser.get(`/api/v1/organizations/${orgId}/oauth-providers/${providerId}/sign-in`);
  expect(start.status, String(start.body)).toBe(302);
  const callback = await loginAtProvider(start.headers.get("location")!, login, `${publicUrl}${OIDC_CALLBACK_PATH}`);
  const reply = await browser.get<string>(callback.slice(publicUrl.length));
  return { browser, reply };
}

async function samlProviderFor(orgId: string) {
  const imported = await support.request<ImportedSamlMetadata>("POST", "/api/v1/saml/metadata-imports", {
    json: { url: samlIdp.metadataUrl },
  });
  const created = await support.request<SamlProvider>("POST", "/api/v1/saml-providers", {
    json: {
      name: `C SAML ${randomUUID().slice(0, 6)}`,
      idpEntityId: imported.body.idpEntityId,
      ssoUrl: imported.body.ssoUrl,
      certificates: imported.body.certificates.map((certificate) => certificate.pem),
      organizationIds: [orgId],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function throughSaml(orgId: string, providerId: string, email: string) {
  const browser = new HttpClient(server.url);
  const start = await browser.get(`/api/v1/organizations/${orgId}/saml-providers/${providerId}/sign-in`);
  expect(start.status, String(start.body)).toBe(302);
  const post = await samlIdp.respond(start.headers.get("location")!, spMetadata, { email });
  const reply = await browser.request<string>("POST", SAML_ACS_PATH, {
    form: { SAMLResponse: post.SAMLResponse, RelayState: post.RelayState },
  });
  return { browser, reply };
}

function expectNoSession(flow: { browser: HttpClient; reply: { status: number; body: string } }, message: string) {
  expect(flow.reply.status, flow.reply.body).toBe(403);
  expect(flow.reply.body).toContain(message.replace(/'/g, "&#39;"));
  expect(flow.browser.jar.has(server.deps.config.cookies.signature)).toBe(false);
}

function expectSession(flow: { browser: HttpClient; reply: { status: number; body: string } }) {
  expect(flow.reply.status, flow.reply.body).toBe(303);
  expect(flow.browser.jar.has(server.deps.config.cookies.signature)).toBe(true);
}

async function inviteInto(orgId: string, admin: HttpClient, email: string) {
  return admin.request<CreateUserInvitationResult>("POST", `/api/v1/organizations/${orgId}/user-invitations`, {
    json: { email, givenName: "Pat", familyName: "Person" },
  });
}

const memberOf = async (userId: string, organizationId: string) =>
  (await db().membership.count({ where: { userId, organizationId } })) === 1;

/** The person's own password sign-in to B: a session at once, no code asked. */
async function expectPlainPasswordSignIn(email: string) {
  const reply = await new HttpClient(server.url).signIn(email, PASSWORD);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body.mfa_token).toBeUndefined();
  expect(await db().mfaAuthenticator.count({ where: { user: { email } } })).toBe(0);
}

/** What a provider's session gets when it reaches for the account's own credentials. */
async function expectCredentialsLocked(browser: HttpClient) {
  const calls: [string, string, unknown?][] = [
    ["POST", "/api/v1/users/me/mfa/authenticator"],
    ["POST", "/api/v1/users/me/mfa/authenticator/verify", { code: "123456" }],
    ["PUT", "/api/v1/users/me/mfa-phone-number", { phoneNumber: "2125550147" }],
    ["DELETE", "/api/v1/users/me/mfa/authenticator"],
    ["POST", "/api/v1/users/me/mfa/recovery-codes"],
  ];
  for (const [method, path, json] of calls) {
    const reply = await browser.request(method, path, json === undefined ? {} : { json });
    expect([method, path, reply.status]).toEqual([method, path, 403]);
    expect(reply.body.message).toBe(IDENTITY_MESSAGES.ownSignInRequired);
  }
}

describe("the issue's four steps, through an OpenID Connect provider", () => {
  it("1: inviting a member of B only asks; 2: C's provider cannot sign in as them; 3-4: no second factor of C's on the account", async () => {
    const { person, b, c, cAdmin } = await twoOrganizations();
    // step 1: a request, not a membership
    const invited = await inviteInto(c.organization.id, cAdmin, person.email);
    expect(invited.status).toBe(201);
    expect(invited.body.outcome).toBe("MEMBERSHIP_REQUESTED");
    expect(await memberOf(person.id, c.organization.id)).toBe(false);

    // step 2: C's own provider asserts the person's verified address
    const provider = await oidcProviderOf(c.organization.id, cAdmin);
    const notMember = await throughOidc(c.organization.id, provider.id, `mallory-${person.email}`, person.email);
    expectNoSession(notMember, "There is no account for you in this organization.");

    // even once the person has really joined C, C's provider is not the person's account
    const person$ = await signedIn(server.url, person.email);
    const joined = await person$.request(
      "POST",
      `/api/v1/users/me/membership-requests/${invited.body.invitation.id}/acceptance`,
    );
    expect(joined.status).toBe(200);
    const notLinked = await throughOidc(c.organization.id, provider.id, `mallory-${person.email}`, person.email);
    expectNoSession(notLinked, IDENTITY_MESSAGES.linkEmailSent);
    // the confirmation goes to the person's own mailbox, not to C
    const { mail } = await linkEmail(person.email);
    expect(mail.envelopeTo).toEqual([person.email]);
    expect(mail.parsed.text).toContain("do not open the link");
    const refused = await db().auditEvent.findMany({
      where: { organizationId: c.organization.id, type: "sign-in.oidc-refused" },
      orderBy: { id: "asc" },
    });
    expect(refused.map((event) => (event.data as { reason: string }).reason)).toEqual(["not-a-member", "not-linked"]);

    // steps 3-4: nothing of C's is on the account; B's password sign-in asks for no code
    expect(await db().identityLink.count({ where: { userId: person.id } })).toBe(0);
    await expectPlainPasswordSignIn(person.email);
    expect(await memberOf(person.id, b.organization.id)).toBe(true);
  });

  it("3: a session opened through a provider cannot add an authenticator, a phone or recovery codes, nor change the password", async () => {
    const c = await organizationWithUser(db());
    const cAdmin = await signedIn(server.url, c.user.email);
    const group = await buildGroup(db(), { organizationId: c.organization.id, name: `Staff-${randomUUID()}` });
    const role = await buildRole(db(), {
      organizationId: c.organization.id,
      name: `R-${randomUUID()}`,
      permissions: 0,
    });
    const provider = await oidcProviderOf(c.organization.id, cAdmin, {
      jitEnabled: true,
      jitGroupId: group.id,
      jitRoleIds: [role.id],
    });
    // just-in-time creation makes a new account, linked to the provider at once
    const email = `jit-${randomUUID().slice(0, 8)}@example.com`;
    const flow = await throughOidc(c.organization.id, provider.id, `new-${email}`, email);
    expectSession(flow);
    await expectCredentialsLocked(flow.browser);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(await db().identityLink.findFirst({ where: { userId: user.id } })).toMatchObject({
      providerId: provider.id,
      subject: `new-${email}`,
      linkedBy: "jit",
    });
    const password = await flow.browser.request("POST", "/api/v1/users/me/change-password", {
      json: { currentPassword: "whatever-it-is-1", newPassword: "Another-Passphrase-2024" },
    });
    expect(password.status).toBe(403);
    expect(await db().mfaAuthenticator.count({ where: { userId: user.id } })).toBe(0);
    const audited = await db().auditEvent.findFirst({
      where: { streamId: user.id, type: "account.own-sign-in-required" },
    });
    expect(audited?.data).toMatchObject({ change: "authenticator app", providerId: provider.id });
    expect(
      auditSentence({ type: audited!.type, actor: "Mallory C", data: audited!.data as Record<string, unknown> })
        .sentence,
    ).toBe(
      "Mallory C was refused a change (authenticator app) to the account's own sign-in methods: the session came through an identity provider.",
    );
  });
});

describe("linking an existing account to a provider", () => {
  it("takes the emailed link, once; then the provider signs the person in to its organization only, without credential changes", async () => {
    const { person, b, c, cAdmin } = await twoOrganizations();
    const invited = await inviteInto(c.organization.id, cAdmin, person.email);
    await new HttpClient(server.url).request(
      "POST",
      `/api/v1/membership-requests/${invited.body.invitation.id}/acceptance`,
      { json: { token: "not-the-token-of-the-email-000" } },
    );
    const personSession = await signedIn(server.url, person.email);
    await personSession.request(
      "POST",
      `/api/v1/users/me/membership-requests/${invited.body.invitation.id}/acceptance`,
    );
    const provider = await oidcProviderOf(c.organization.id, cAdmin);
    const login = `pat-${person.email}`;
    expectNoSession(
      await throughOidc(c.organization.id, provider.id, login, person.email),
      IDENTITY_MESSAGES.linkEmailSent,
    );
    const link = await linkEmail(person.email);

    const anonymous = new HttpClient(server.url);
    const lookup = await anonymous.get(`/api/v1/identity-link-requests/${link.requestId}?token=${link.token}`);
    expect(lookup.body).toMatchObject({
      email: person.email,
      providerName: provider.name,
      organizationName: c.organization.name,
    });
    const wrong = await anonymous.request("POST", `/api/v1/identity-link-requests/${link.requestId}/confirmations`, {
      json: { token: `${link.token.slice(0, -3)}abc` },
    });
    expect(wrong.status).toBe(404);
    const confirmed = await anonymous.request(
      "POST",
      `/api/v1/identity-link-requests/${link.requestId}/confirmations`,
      { json: { token: link.token } },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body).toMatchObject({ providerKind: "oidc", providerId: provider.id, linkedBy: "email" });
    const again = await anonymous.request("POST", `/api/v1/identity-link-requests/${link.requestId}/confirmations`, {
      json: { token: link.token },
    });
    expect(again.status).toBe(404);
    const linked = await db().auditEvent.findFirst({ where: { streamId: person.id, type: "identity-link.created" } });
    expect(
      auditSentence({ type: linked!.type, actor: "Pat Person", data: linked!.data as Record<string, unknown> })
        .sentence,
    ).toBe(`Pat Person's account was linked to the identity provider “${provider.name}” by the emailed link.`);

    const flow = await throughOidc(c.organization.id, provider.id, login, person.email);
    expectSession(flow);
    // bound to C: B is neither listed nor reachable
    const organizations = await flow.browser.get<{ id: string }[]>("/api/v1/users/me/organizations");
    expect(organizations.body.map((organization) => organization.id)).toEqual([c.organization.id]);
    await expectCredentialsLocked(flow.browser);
    await expectPlainPasswordSignIn(person.email);
    expect(b.organization.id).not.toBe(c.organization.id);

    // another subject of the same provider claiming the same address is not this account
    expectNoSession(
      await throughOidc(c.organization.id, provider.id, `impostor-${person.email}`, person.email),
      IDENTITY_MESSAGES.linkedToOtherIdentity,
    );

    // the person's own session (password) lists and removes the link; the provider is refused again
    const links = await personSession.get<{ records: { id: string; providerName: string }[] }>(
      "/api/v1/users/me/identity-links",
    );
    expect(links.body.records).toMatchObject([{ providerName: provider.name }]);
    const removed = await personSession.request(
      "DELETE",
      `/api/v1/users/me/identity-links/${links.body.records[0]!.id}`,
    );
    expect(removed.status).toBe(204);
    expect(await db().auditEvent.count({ where: { streamId: person.id, type: "identity-link.removed" } })).toBe(1);
    expectNoSession(
      await throughOidc(c.organization.id, provider.id, login, person.email),
      IDENTITY_MESSAGES.linkEmailSent,
    );
  });

  it("or takes the person signing in with their own password (and second factor): never someone else, never a provider's session", async () => {
    const { person, c, cAdmin } = await twoOrganizations();
    const invited = await inviteInto(c.organization.id, cAdmin, person.email);
    const own = await signedIn(server.url, person.email);
    await own.request("POST", `/api/v1/users/me/membership-requests/${invited.body.invitation.id}/acceptance`);
    const provider = await oidcProviderOf(c.organization.id, cAdmin);
    const login = `pw-${person.email}`;
    const refused = await throughOidc(c.organization.id, provider.id, login, person.email);
    expectNoSession(refused, IDENTITY_MESSAGES.linkEmailSent);
    // the refusal page offers the other way to prove the account
    const offered = /href="\/link-account\?request=([0-9a-f-]{36})"/.exec(refused.reply.body);
    expect(offered, refused.reply.body).not.toBeNull();
    const requestId = offered![1]!;
    const confirmUrl = `/api/v1/users/me/identity-link-requests/${requestId}/confirmations`;

    // C's administrator, signed in as themselves, holds the request id but not the account
    expect((await cAdmin.request("GET", `/api/v1/users/me/identity-link-requests/${requestId}`)).status).toBe(404);
    expect((await cAdmin.request("POST", confirmUrl)).status).toBe(404);
    expect(await db().identityLink.count({ where: { userId: person.id } })).toBe(0);

    const lookup = await own.get(`/api/v1/users/me/identity-link-requests/${requestId}`);
    expect(lookup.body).toMatchObject({ email: person.email, providerName: provider.name });
    const confirmed = await own.request("POST", confirmUrl);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body).toMatchObject({ providerId: provider.id, linkedBy: "password" });
    const flow = await throughOidc(c.organization.id, provider.id, login, person.email);
    expectSession(flow);

    // a provider's session cannot confirm a link either, even its own account's
    await own.request("DELETE", `/api/v1/users/me/identity-links/${(confirmed.body as { id: string }).id}`);
    const again = await throughOidc(c.organization.id, provider.id, `other-${person.email}`, person.email);
    const second = /href="\/link-account\?request=([0-9a-f-]{36})"/.exec(again.reply.body)![1]!;
    const federated = await flow.browser.request(
      "POST",
      `/api/v1/users/me/identity-link-requests/${second}/confirmations`,
    );
    expect(federated.status).toBe(403);
    expect(federated.body.message).toBe(IDENTITY_MESSAGES.ownSignInRequired);
  });

  it("the person's own session may still manage their credentials", async () => {
    const { person } = await twoOrganizations();
    const own = await signedIn(server.url, person.email);
    const setup = await own.request<{ secret: string }>("POST", "/api/v1/users/me/mfa/authenticator");
    expect(setup.status).toBe(201);
    const verify = await own.request("POST", "/api/v1/users/me/mfa/authenticator/verify", {
      json: { code: await generate({ secret: setup.body.secret }) },
    });
    expect(verify.status).toBe(200);
  });
});

describe("the issue's four steps, through a SAML provider", () => {
  it("1: only a request; 2: the provider cannot sign in as the person; 3: a linked session cannot touch credentials; 4: B's sign-in unchanged", async () => {
    const { person, c, cAdmin } = await twoOrganizations();
    const invited = await inviteInto(c.organization.id, cAdmin, person.email);
    expect(invited.status).toBe(201);
    expect(invited.body.outcome).toBe("MEMBERSHIP_REQUESTED");
    expect(await memberOf(person.id, c.organization.id)).toBe(false);

    const provider = await samlProviderFor(c.organization.id);
    expectNoSession(
      await throughSaml(c.organization.id, provider.id, person.email),
      "There is no account for you in this organization.",
    );

    // the person joins C; the provider's word alone still opens nothing
    const accepted = await new HttpClient(server.url).request(
      "POST",
      `/api/v1/users/me/membership-requests/${invited.body.invitation.id}/acceptance`,
    );
    expect(accepted.status).toBe(401);
    const own = await signedIn(server.url, person.email);
    expect(
      (await own.request("POST", `/api/v1/users/me/membership-requests/${invited.body.invitation.id}/acceptance`))
        .status,
    ).toBe(200);
    expectNoSession(await throughSaml(c.organization.id, provider.id, person.email), IDENTITY_MESSAGES.linkEmailSent);
    const requested = await db().auditEvent.findFirst({
      where: { streamId: person.id, type: "identity-link.requested" },
    });
    expect(
      auditSentence({ type: requested!.type, actor: "Pat Person", data: requested!.data as Record<string, unknown> })
        .sentence,
    ).toBe(
      `Pat Person signed in through the SAML provider “${provider.name}”, which was not linked to their account: a link to confirm it was emailed to the account's address.`,
    );

    // once the person confirms, the provider's session is theirs in C, but not their credentials
    const link = await linkEmail(person.email);
    const confirmed = await new HttpClient(server.url).request(
      "POST",
      `/api/v1/identity-link-requests/${link.requestId}/confirmations`,
      { json: { token: link.token } },
    );
    expect(confirmed.status).toBe(201);
    const flow = await throughSaml(c.organization.id, provider.id, person.email);
    expectSession(flow);
    await expectCredentialsLocked(flow.browser);
    await expectPlainPasswordSignIn(person.email);
  });
});
