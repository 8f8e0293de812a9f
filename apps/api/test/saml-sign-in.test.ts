import {
  type ImportedSamlMetadata,
  SAML_ACS_PATH,
  SAML_PROVIDER_MESSAGES,
  SAML_SP_ENTITY_PATH,
  type SamlProvider,
  type SamlProviderList,
  type SamlServiceProvider,
  type SamlSignInProviderList,
} from "@signet/contract";
import { issueToken } from "@signet/core";
import { createTestDatabase, linkIdentity, type TestDatabase } from "@signet/core/testing";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedServer, startServer } from "../src/start-server.ts";
import { joinOrganization, organizationWithUser } from "./support/factories.ts";
import { freePort } from "./support/free-port.ts";
import { HttpClient } from "./support/http-client.ts";
import { payloadClaims } from "./support/poll.ts";
import { type LoopbackSamlIdp, type SamlResponseOptions, startLoopbackSamlIdp } from "./support/saml-loopback-idp.ts";
import { TEST_AUTH_SECRET } from "./support/test-app.ts";

// Issue 12 §3: SAML identity providers, managed by support users, and SP-initiated sign-in through
// one, against a real SAML identity provider (samlify) on loopback: a valid sign-in gives the same
// session as any other; a tampered, foreign-signed, expired, replayed or misaddressed answer, a
// disabled provider and an unknown email are each refused with a page in words and no session.

let database: TestDatabase;
let server: StartedServer;
let idp: LoopbackSamlIdp;
let publicUrl: string;
let support: HttpClient;
let spMetadata: string;

beforeAll(async () => {
  const port = await freePort();
  // our entity ID and ACS URL are built from the public URL, so the app listens there
  publicUrl = `http://127.0.0.1:${port}`;
  idp = await startLoopbackSamlIdp();
  database = await createTestDatabase();
  await database.db.$disconnect();
  server = await startServer(
    {
      DATABASE_URL: database.url,
      // the reference services listen on loopback: allowed by name, as an operator would
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      SIGNING_ROOM_LISTEN_PORT: "0",
      AUTH_SECRET: TEST_AUTH_SECRET,
      SEED_DEMO: "false",
      WEB_DIST: "/nonexistent",
      LOGIN_RATE_LIMIT_MAX: "100000",
    },
    { logLevel: process.env.TEST_LOG_LEVEL ?? "silent" },
  );
  const supportOrg = await organizationWithUser(server.db, { eoSupport: true });
  support = await sessionOf(supportOrg.user);
  const sp = await support.get<SamlServiceProvider>("/api/v1/saml/service-provider");
  expect(sp.status, JSON.stringify(sp.body)).toBe(200);
  spMetadata = sp.body.metadataXml;
}, 60_000);

/** A person's session as a bearer token: these tests are about SAML, not about how people got here. */
async function sessionOf(user: { id: string; homeOrganizationId: string }) {
  const issued = await issueToken(
    {
      userId: user.id,
      organizationId: user.homeOrganizationId,
      credentialsExpired: false,
      origin: { ip: null, userAgent: null },
    },
    server.deps,
  );
  const client = new HttpClient(server.url);
  client.bearer = issued.token;
  return client;
}

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await idp?.close();
});

/** An organization with a member and a SAML provider (from the IdP's metadata) that it uses. */
async function organizationWithSamlProvider(overrides: Record<string, unknown> = {}) {
  const org = await organizationWithUser(server.db);
  const imported = await support.request<ImportedSamlMetadata>("POST", "/api/v1/saml/metadata-imports", {
    json: { url: idp.metadataUrl },
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  const created = await support.request<SamlProvider>("POST", "/api/v1/saml-providers", {
    json: {
      name: "Bank SAML",
      idpEntityId: imported.body.idpEntityId,
      ssoUrl: imported.body.ssoUrl,
      certificates: imported.body.certificates.map((certificate) => certificate.pem),
      organizationIds: [org.organization.id],
      ...overrides,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  // the member has confirmed the link to the provider (issue 30 §1): these tests are about what comes after
  await linkIdentity(server.db, {
    userId: org.user.id,
    providerKind: "saml",
    providerId: created.body.id,
    subject: org.user.email,
  });
  return { ...org, provider: created.body };
}

/** A browser that starts the sign-in at Signet and comes back with the IdP's answer, ready to post. */
async function throughIdp(
  organizationId: string,
  providerId: string,
  options: Partial<SamlResponseOptions> & { email: string },
  returnUrl?: string,
) {
  const browser = new HttpClient(server.url);
  const query = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : "";
  const start = await browser.get(
    `/api/v1/organizations/${organizationId}/saml-providers/${providerId}/sign-in${query}`,
  );
  expect(start.status, String(start.body)).toBe(302);
  const redirect = start.headers.get("location")!;
  expect(redirect.startsWith(`${idp.url}/sso?SAMLRequest=`)).toBe(true);
  const post = await idp.respond(redirect, spMetadata, options);
  expect(post.acsUrl).toBe(`${publicUrl}${SAML_ACS_PATH}`);
  const finish = () =>
    browser.request<string>("POST", SAML_ACS_PATH, {
      form: { SAMLResponse: post.SAMLResponse, RelayState: post.RelayState },
    });
  return { browser, post, finish };
}

const refusals = (organizationId: string) =>
  server.db.auditEvent.findMany({ where: { type: "sign-in.saml-refused", organizationId }, orderBy: { id: "asc" } });

async function expectRefused(
  reply: { status: number; body: string; headers: Headers },
  browser: HttpClient,
  status: number,
  message: string,
) {
  expect(reply.status, reply.body).toBe(status);
  expect(reply.headers.get("content-type")).toContain("text/html");
  expect(reply.body).toContain(message.replace(/'/g, "&#39;"));
  expect(browser.jar.has(server.deps.config.cookies.signature)).toBe(false);
}

describe("SAML providers are managed by support users only", () => {
  it("refuses an administrator who is not a support user (403) on every management route", async () => {
    const org = await organizationWithSamlProvider();
    const admin = await sessionOf(org.user);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/v1/saml-providers"],
      [
        "POST",
        "/api/v1/saml-providers",
        { name: "x", idpEntityId: "x", ssoUrl: idp.url, certificates: [idp.certificatePem] },
      ],
      ["GET", `/api/v1/saml-providers/${org.provider.id}`],
      ["PATCH", `/api/v1/saml-providers/${org.provider.id}`, { version: 1, enabled: false }],
      ["DELETE", `/api/v1/saml-providers/${org.provider.id}?version=1`],
      ["POST", "/api/v1/saml/metadata-imports", { xml: idp.metadataXml }],
      ["GET", "/api/v1/saml/service-provider"],
    ];
    for (const [method, path, json] of calls) {
      const reply = await admin.request(method, path, json === undefined ? {} : { json });
      expect([method, path, reply.status, reply.body.message]).toEqual([
        method,
        path,
        403,
        SAML_PROVIDER_MESSAGES.supportOnly,
      ]);
    }
    const row = await server.db.samlProvider.findUniqueOrThrow({ where: { id: org.provider.id } });
    expect([row.version, row.enabled]).toEqual([1, true]);
  });

  it("imports metadata, reads certificate expiry, lists, changes with the version, and gives our SP metadata", async () => {
    const fromFile = await support.request<ImportedSamlMetadata>("POST", "/api/v1/saml/metadata-imports", {
      json: { xml: idp.metadataXml },
    });
    expect(fromFile.status).toBe(200);
    expect(fromFile.body.idpEntityId).toBe(idp.entityId);
    expect(fromFile.body.ssoUrl).toBe(`${idp.url}/sso`);
    expect(fromFile.body.certificates).toHaveLength(1);
    expect(new Date(fromFile.body.certificates[0]!.validTo).getTime()).toBeGreaterThan(
      Date.now() + 4 * 365 * 86_400_000,
    );
    expect(fromFile.body.certificates[0]!.subject).toContain("CN=Loopback SAML IdP");

    const bad = await support.request("POST", "/api/v1/saml/metadata-imports", { json: { xml: "<html/>" } });
    expect([bad.status, bad.body.message]).toEqual([400, SAML_PROVIDER_MESSAGES.metadataUnreadable]);
    const badCertificate = await support.request("POST", "/api/v1/saml-providers", {
      json: {
        name: "Broken",
        idpEntityId: "x",
        ssoUrl: idp.url,
        certificates: ["-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----"],
      },
    });
    expect([badCertificate.status, badCertificate.body.message]).toEqual([
      400,
      SAML_PROVIDER_MESSAGES.certificateInvalid,
    ]);

    const org = await organizationWithSamlProvider();
    expect(org.provider.emailAttribute).toBe("NameID");
    expect(org.provider.organizations).toEqual([{ id: org.organization.id, name: org.organization.name }]);
    const list = await support.get<SamlProviderList>("/api/v1/saml-providers");
    expect(list.body.records.map((record) => record.id)).toContain(org.provider.id);

    const changed = await support.request<SamlProvider>("PATCH", `/api/v1/saml-providers/${org.provider.id}`, {
      json: { version: 1, name: "Bank SAML (new)" },
    });
    expect([changed.status, changed.body.version, changed.body.name]).toEqual([200, 2, "Bank SAML (new)"]);
    const stale = await support.request("PATCH", `/api/v1/saml-providers/${org.provider.id}`, {
      json: { version: 1, name: "Lost update" },
    });
    expect(stale.status).toBe(409);

    const sp = await support.get<SamlServiceProvider>("/api/v1/saml/service-provider");
    expect(sp.body.entityId).toBe(`${publicUrl}${SAML_SP_ENTITY_PATH}`);
    expect(sp.body.acsUrl).toBe(`${publicUrl}${SAML_ACS_PATH}`);
    expect(sp.body.metadataXml).toContain(`entityID="${sp.body.entityId}"`);
    expect(sp.body.metadataXml).toContain(`WantAssertionsSigned="true"`);

    const events = await server.db.auditEvent.findMany({ where: { type: { startsWith: "saml-provider." } } });
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(["saml-provider.created", "saml-provider.updated"]),
    );

    const removed = await support.request("DELETE", `/api/v1/saml-providers/${org.provider.id}?version=2`);
    expect(removed.status).toBe(204);
    expect((await support.get(`/api/v1/saml-providers/${org.provider.id}`)).status).toBe(404);
  });
});

describe("sign-in through a SAML provider", () => {
  it("offers the organization's enabled providers on the sign-in page, and nothing to others", async () => {
    const org = await organizationWithSamlProvider();
    const other = await organizationWithUser(server.db);
    const anonymous = new HttpClient(server.url);
    const offered = await anonymous.get<SamlSignInProviderList>(
      `/api/v1/organizations/${org.organization.id}/saml-sign-in-providers`,
    );
    expect(offered.body.records).toEqual([{ id: org.provider.id, name: "Bank SAML" }]);
    const none = await anonymous.get<SamlSignInProviderList>(
      `/api/v1/organizations/${other.organization.id}/saml-sign-in-providers`,
    );
    expect(none.body.records).toEqual([]);
    // another organization cannot start a sign-in through it
    const start = await anonymous.get(
      `/api/v1/organizations/${other.organization.id}/saml-providers/${org.provider.id}/sign-in`,
    );
    expect(start.status).toBe(404);
  });

  it("signs a member in with the same session as any sign-in, bound to the organization, audited", async () => {
    const org = await organizationWithSamlProvider();
    const other = await organizationWithUser(server.db);
    await joinOrganization(server.db, org.user.id, other.organization.id);
    const flow = await throughIdp(org.organization.id, org.provider.id, { email: org.user.email }, "/packages?x=1");
    const reply = await flow.finish();
    expect(reply.status, reply.body).toBe(303);
    expect(reply.headers.get("location")).toBe("/packages?x=1");
    const signature = [...reply.cookies].find(([name]) => name === server.deps.config.cookies.signature);
    expect(signature?.[1].attributes).toMatch(/HttpOnly/i);
    expect(signature?.[1].attributes).toMatch(/SameSite=Strict/i);

    expect((await flow.browser.get(`/api/v1/organizations/${org.organization.id}/users/me/permissions`)).status).toBe(
      200,
    );
    // bound to the organization the provider serves: the other one is neither listed nor reachable
    const organizations = await flow.browser.get<{ id: string }[]>("/api/v1/users/me/organizations");
    expect(organizations.body.map((organization) => organization.id)).toEqual([org.organization.id]);
    expect((await flow.browser.get(`/api/v1/organizations/${other.organization.id}/users/me/permissions`)).status).toBe(
      404,
    );
    const [event] = await server.db.auditEvent.findMany({
      where: { streamType: "user", streamId: org.user.id, type: "sign-in.succeeded" },
    });
    expect(event?.data).toMatchObject({
      method: "saml",
      samlProviderId: org.provider.id,
      provider: "Bank SAML",
      secondFactorAsserted: false,
    });

    // revocation as for any session
    expect((await flow.browser.request("DELETE", "/api/v1/active-tokens/me")).status).toBe(204);
    expect((await flow.browser.get(`/api/v1/organizations/${org.organization.id}/users/me/permissions`)).status).toBe(
      401,
    );
  });

  it("sends the AuthnRequest by HTTP-POST to a provider that takes it that way, and signs in", async () => {
    const org = await organizationWithSamlProvider({ ssoBinding: "post" });
    expect(org.provider.ssoBinding).toBe("post");
    const browser = new HttpClient(server.url);
    const start = await browser.get<string>(
      `/api/v1/organizations/${org.organization.id}/saml-providers/${org.provider.id}/sign-in`,
    );
    expect(start.status, start.body).toBe(200);
    expect(start.headers.get("content-type")).toContain("text/html");
    // the page may post to the identity provider and run its one script, nothing else
    const policy = start.headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`form-action ${idp.url}`);
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(start.body).toContain(`action="${idp.url}/sso"`);
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(start.body)?.[1] ?? "";
    const post = await idp.respond({ SAMLRequest: field("SAMLRequest"), RelayState: field("RelayState") }, spMetadata, {
      email: org.user.email,
    });
    const reply = await browser.request<string>("POST", SAML_ACS_PATH, {
      form: { SAMLResponse: post.SAMLResponse, RelayState: post.RelayState },
    });
    expect(reply.status, reply.body).toBe(303);
    expect((await browser.get(`/api/v1/organizations/${org.organization.id}/users/me/permissions`)).status).toBe(200);
  });

  it("passes on a second factor the identity provider asserts (REFEDS MFA)", async () => {
    const org = await organizationWithSamlProvider();
    const flow = await throughIdp(org.organization.id, org.provider.id, {
      email: org.user.email,
      authnContextClassRef: "https://refeds.org/profile/mfa",
    });
    expect((await flow.finish()).status).toBe(303);
    const [event] = await server.db.auditEvent.findMany({
      where: { streamType: "user", streamId: org.user.id, type: "sign-in.succeeded" },
    });
    expect(event?.data).toMatchObject({ method: "saml", secondFactorAsserted: true });
  });

  it("asks a member who has a second factor for it when the provider asserts none, then opens the bound session", async () => {
    const org = await organizationWithSamlProvider();
    const member = await sessionOf(org.user);
    const setup = await member.request<{ secret: string }>("POST", "/api/v1/users/me/mfa/authenticator");
    expect(setup.status).toBe(201);
    const verified = await member.request("POST", "/api/v1/users/me/mfa/authenticator/verify", {
      json: { code: await generate({ secret: setup.body.secret }) },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    const flow = await throughIdp(org.organization.id, org.provider.id, { email: org.user.email });
    const reply = await flow.finish();
    expect(reply.status, reply.body).toBe(303);
    const location = reply.headers.get("location")!;
    expect(location.startsWith("/sign-in#")).toBe(true);
    expect(reply.cookies.has(server.deps.config.cookies.signature)).toBe(false);
    const fragment = new URLSearchParams(location.slice("/sign-in#".length));
    const answered = await flow.browser.request("POST", "/cas/mfa-challenge", {
      json: {
        mfa_token: fragment.get("mfa_token"),
        method: "totp",
        code: await generate({ secret: setup.body.secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
      },
      headers: { "x-eo-response-format": "cookie" },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(payloadClaims(answered.cookies.get("signet_payload")!.value)).toMatchObject({
      idp: org.provider.id,
      oid: org.organization.id,
    });

    // a provider that asserts a second factor is not second-guessed
    const strong = await throughIdp(org.organization.id, org.provider.id, {
      email: org.user.email,
      authnContextClassRef: "urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken",
    });
    const direct = await strong.finish();
    expect(direct.status, direct.body).toBe(303);
    expect(direct.headers.get("location")).toBe("/workspace");
    expect(payloadClaims(direct.cookies.get("signet_payload")!.value)).toMatchObject({
      idp: org.provider.id,
      amr: ["fed", "mfa"],
    });
  });

  it("refuses a tampered assertion", async () => {
    const org = await organizationWithSamlProvider();
    const victim = await organizationWithUser(server.db);
    await joinOrganization(server.db, victim.user.id, org.organization.id);
    const flow = await throughIdp(org.organization.id, org.provider.id, {
      email: org.user.email,
      tamper: victim.user.email,
    });
    await expectRefused(await flow.finish(), flow.browser, 401, SAML_PROVIDER_MESSAGES.answerNotTrusted);
    const [refused] = await refusals(org.organization.id);
    expect(refused?.data).toMatchObject({ samlProviderId: org.provider.id, reason: "answer-not-trusted" });
    expect(await server.db.activeToken.count({ where: { userId: { in: [org.user.id, victim.user.id] } } })).toBe(0);
  });

  it("refuses an answer signed with a key that is not the provider's", async () => {
    const org = await organizationWithSamlProvider();
    const flow = await throughIdp(org.organization.id, org.provider.id, { email: org.user.email, foreignKey: true });
    await expectRefused(await flow.finish(), flow.browser, 401, SAML_PROVIDER_MESSAGES.answerNotTrusted);
    expect(await server.db.activeToken.count({ where: { userId: org.user.id } })).toBe(0);
  });

  it("refuses an expired assertion", async () => {
    const org = await organizationWithSamlProvider();
    const flow = await throughIdp(org.organization.id, org.provider.id, {
      email: org.user.email,
      notBefore: new Date(Date.now() - 20 * 60_000),
      notOnOrAfter: new Date(Date.now() - 10 * 60_000),
    });
    await expectRefused(await flow.finish(), flow.browser, 401, SAML_PROVIDER_MESSAGES.answerExpired);
    const [refused] = await refusals(org.organization.id);
    expect(refused?.data).toMatchObject({ reason: "expired" });
    expect(await server.db.activeToken.count({ where: { userId: org.user.id } })).toBe(0);
  });

  it("refuses a replayed assertion, even from the browser that used it", async () => {
    const org = await organizationWithSamlProvider();
    const flow = await throughIdp(org.organization.id, org.provider.id, { email: org.user.email });
    const binding = [...flow.browser.jar].find(([name]) => name.includes("signet-saml"))!;
    expect((await flow.finish()).status).toBe(303);
    const replayer = new HttpClient(server.url);
    replayer.jar.set(binding[0], binding[1]);
    const again = await replayer.request<string>("POST", SAML_ACS_PATH, {
      form: { SAMLResponse: flow.post.SAMLResponse, RelayState: flow.post.RelayState },
    });
    await expectRefused(again, replayer, 401, SAML_PROVIDER_MESSAGES.replayed);
    const [refused] = await refusals(org.organization.id);
    expect(refused?.data).toMatchObject({ reason: "replayed" });
    expect(await server.db.activeToken.count({ where: { userId: org.user.id } })).toBe(1);
  });

  it("refuses a replay posted to another API process at the same moment: exactly one sign-in", async () => {
    const org = await organizationWithSamlProvider();
    const second = await startServer(
      {
        DATABASE_URL: database.url,
        // the reference services listen on loopback: allowed by name, as an operator would
        OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
        HOST: "127.0.0.1",
        PORT: "0",
        PUBLIC_URL: publicUrl,
        SIGNING_ROOM_LISTEN_PORT: "0",
        AUTH_SECRET: TEST_AUTH_SECRET,
        SEED_DEMO: "false",
        WEB_DIST: "/nonexistent",
        LOGIN_RATE_LIMIT_MAX: "100000",
      },
      { logLevel: "silent" },
    );
    try {
      const flow = await throughIdp(org.organization.id, org.provider.id, { email: org.user.email });
      const binding = [...flow.browser.jar].find(([name]) => name.includes("signet-saml"))!;
      const other = new HttpClient(second.url);
      other.jar.set(binding[0], binding[1]);
      const form = { SAMLResponse: flow.post.SAMLResponse, RelayState: flow.post.RelayState };
      const replies = await Promise.all([
        flow.browser.request<string>("POST", SAML_ACS_PATH, { form }),
        other.request<string>("POST", SAML_ACS_PATH, { form }),
      ]);
      expect(replies.map((reply) => reply.status).sort()).toEqual([303, 401]);
      expect(replies.find((reply) => reply.status === 401)?.body).toContain(SAML_PROVIDER_MESSAGES.replayed);
      expect(await server.db.activeToken.count({ where: { userId: org.user.id } })).toBe(1);
    } finally {
      await second.close();
    }
  });

  it("refuses an assertion meant for another service (wrong audience)", async () => {
    const org = await organizationWithSamlProvider();
    const flow = await throughIdp(org.organization.id, org.provider.id, {
      email: org.user.email,
      audience: "https://other-service.example.com/saml",
    });
    await expectRefused(await flow.finish(), flow.browser, 401, SAML_PROVIDER_MESSAGES.answerNotForUs);
    const [refused] = await refusals(org.organization.id);
    expect(refused?.data).toMatchObject({ reason: "wrong-audience" });
    expect(await server.db.activeToken.count({ where: { userId: org.user.id } })).toBe(0);
  });

  it("refuses when the provider was disabled meanwhile, and offers it no more", async () => {
    const org = await organizationWithSamlProvider();
    const flow = await throughIdp(org.organization.id, org.provider.id, { email: org.user.email });
    const disabled = await support.request("PATCH", `/api/v1/saml-providers/${org.provider.id}`, {
      json: { version: 1, enabled: false },
    });
    expect(disabled.status).toBe(200);
    await expectRefused(await flow.finish(), flow.browser, 403, SAML_PROVIDER_MESSAGES.providerUnavailable);
    const [refused] = await refusals(org.organization.id);
    expect(refused?.data).toMatchObject({ reason: "provider-disabled" });
    const offered = await new HttpClient(server.url).get<SamlSignInProviderList>(
      `/api/v1/organizations/${org.organization.id}/saml-sign-in-providers`,
    );
    expect(offered.body.records).toEqual([]);
    const start = await new HttpClient(server.url).get(
      `/api/v1/organizations/${org.organization.id}/saml-providers/${org.provider.id}/sign-in`,
    );
    expect(start.status).toBe(404);
  });

  it("refuses an email the organization does not know (no account is created)", async () => {
    const org = await organizationWithSamlProvider();
    const flow = await throughIdp(org.organization.id, org.provider.id, { email: "stranger@example.com" });
    await expectRefused(await flow.finish(), flow.browser, 403, SAML_PROVIDER_MESSAGES.noAccount);
    const [refused] = await refusals(org.organization.id);
    expect(refused?.data).toMatchObject({ reason: "unknown-email" });
    expect(await server.db.user.count({ where: { email: "stranger@example.com" } })).toBe(0);
  });

  it("refuses an answer posted from another browser, and one without our RelayState", async () => {
    const org = await organizationWithSamlProvider();
    const flow = await throughIdp(org.organization.id, org.provider.id, { email: org.user.email });
    const stranger = new HttpClient(server.url);
    const elsewhere = await stranger.request<string>("POST", SAML_ACS_PATH, {
      form: { SAMLResponse: flow.post.SAMLResponse, RelayState: flow.post.RelayState },
    });
    await expectRefused(elsewhere, stranger, 400, SAML_PROVIDER_MESSAGES.otherBrowser);
    const unsolicited = await stranger.request<string>("POST", SAML_ACS_PATH, {
      form: { SAMLResponse: flow.post.SAMLResponse },
    });
    await expectRefused(unsolicited, stranger, 400, SAML_PROVIDER_MESSAGES.signInExpired);
    // the person who started it can still finish
    expect((await flow.finish()).status).toBe(303);
  });
});
