import { Writable } from "node:stream";
import { type IdentityProvider, OIDC_CALLBACK_PATH } from "@signet/contract";
import { createTestDatabase, linkIdentity, type TestDatabase } from "@signet/core/testing";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedServer, startServer } from "../src/start-server.ts";
import { organizationWithUser } from "./support/factories.ts";
import { freePort } from "./support/free-port.ts";
import { HttpClient } from "./support/http-client.ts";
import { type LoopbackProvider, loginAtProvider, startLoopbackProvider } from "./support/oidc-loopback-provider.ts";
import { payloadClaims } from "./support/poll.ts";
import { signedIn } from "./support/signed-in.ts";
import { TEST_AUTH_SECRET } from "./support/test-app.ts";

// Issue 12 §4: a person with a second factor who signs in through the organization's OpenID
// provider is asked for it, unless the provider's ID token asserts one (amr, RFC 8176); against a
// real provider (oidc-provider) on loopback.

let database: TestDatabase;
let server: StartedServer;
let idp: LoopbackProvider;
let publicUrl: string;

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  idp = await startLoopbackProvider({ redirectUris: [`${publicUrl}${OIDC_CALLBACK_PATH}`] });
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
    { logLevel: "silent", logDestination: new Writable({ write: (_chunk, _encoding, done) => done() }) },
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await idp?.close();
});

/** An organization with a provider, and its member enrolled with an authenticator app. */
async function enrolledMemberWithProvider() {
  const org = await organizationWithUser(server.db);
  const browser = await signedIn(server.url, org.user.email);
  const created = await browser.request<IdentityProvider>(
    "POST",
    `/api/v1/organizations/${org.organization.id}/oauth-providers`,
    { json: { name: "Bank SSO", issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } },
  );
  expect(created.status).toBe(201);
  const setup = await browser.request<{ secret: string }>("POST", "/api/v1/users/me/mfa/authenticator");
  const verify = await browser.request("POST", "/api/v1/users/me/mfa/authenticator/verify", {
    json: { code: await generate({ secret: setup.body.secret }) },
  });
  expect(verify.status).toBe(200);
  return { ...org, provider: created.body, secret: setup.body.secret };
}

async function throughProvider(
  org: { organization: { id: string } },
  providerId: string,
  email: string,
  amr?: string[],
) {
  // one provider subject per person (issue 30 §1): the amr is chosen per sign-in
  const login = `acct-${email}`;
  if (!(await server.db.identityLink.findFirst({ where: { providerId, subject: login } }))) {
    const user = await server.db.user.findUniqueOrThrow({ where: { email } });
    await linkIdentity(server.db, { userId: user.id, providerKind: "oidc", providerId, subject: login });
  }
  idp.accounts.set(login, {
    email,
    email_verified: true,
    given_name: "Grace",
    family_name: "Hopper",
    ...(amr ? { amr } : {}),
  });
  const browser = new HttpClient(server.url);
  const start = await browser.get(`/api/v1/organizations/${org.organization.id}/oauth-providers/${providerId}/sign-in`);
  expect(start.status).toBe(302);
  const callback = await loginAtProvider(start.headers.get("location")!, login, `${publicUrl}${OIDC_CALLBACK_PATH}`);
  const finished = await browser.get<string>(callback.slice(publicUrl.length));
  expect(finished.status, String(finished.body)).toBe(303);
  return { browser, location: finished.headers.get("location")!, finished };
}

describe("a second factor after an OpenID Connect sign-in", () => {
  it("asks for the code when the provider asserts no second factor, then opens the provider's session", async () => {
    const org = await enrolledMemberWithProvider();
    const flow = await throughProvider(org, org.provider.id, org.user.email, ["pwd"]);
    // no session yet: the sign-in page gets the challenge in the fragment
    expect(flow.location.startsWith("/sign-in#")).toBe(true);
    expect(flow.finished.cookies.has("signet_payload")).toBe(false);
    const fragment = new URLSearchParams(flow.location.slice("/sign-in#".length));
    expect(fragment.get("mfa_methods")).toBe("totp recovery_code");
    const answered = await flow.browser.request("POST", "/cas/mfa-challenge", {
      json: {
        mfa_token: fragment.get("mfa_token"),
        method: "totp",
        code: await generate({ secret: org.secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
      },
      headers: { "x-eo-response-format": "cookie" },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(payloadClaims(answered.cookies.get("signet_payload")!.value)).toMatchObject({
      idp: org.provider.id,
      oid: org.organization.id,
      amr: ["fed", "otp", "mfa"],
    });
  });

  it.each([[["mfa"]], [["pwd", "otp"]], [["pwd", "hwk"]]])(
    "does not ask again when the provider's amr is %j: the session is marked mfa",
    async (amr) => {
      const org = await enrolledMemberWithProvider();
      const flow = await throughProvider(org, org.provider.id, org.user.email, amr);
      expect(flow.location).toBe("/workspace");
      expect(payloadClaims(flow.finished.cookies.get("signet_payload")!.value)).toMatchObject({
        amr: ["fed", "mfa"],
        mfa_enrolled: true,
      });
      const audit = await server.db.auditEvent.findFirst({
        where: { streamId: org.user.id, type: "sign-in.succeeded" },
        orderBy: { id: "desc" },
      });
      expect(audit?.data).toMatchObject({ method: "oidc", secondFactorAsserted: true });
    },
  );

  it("an organization that requires a second factor accepts the provider's: a member without one of ours is not sent to enrolment", async () => {
    const org = await organizationWithUser(server.db);
    const admin = await signedIn(server.url, org.user.email);
    const created = await admin.request<IdentityProvider>(
      "POST",
      `/api/v1/organizations/${org.organization.id}/oauth-providers`,
      { json: { name: "Bank SSO", issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } },
    );
    await admin.request("PATCH", `/api/v1/organizations/${org.organization.id}/settings/security`, {
      json: { mfa_required: true },
    });
    const asserted = await throughProvider(org, created.body.id, org.user.email, ["pwd", "otp"]);
    expect(payloadClaims(asserted.finished.cookies.get("signet_payload")!.value)).toMatchObject({ mfa_enrolled: true });
    const plain = await throughProvider(org, created.body.id, org.user.email, ["pwd"]);
    expect(payloadClaims(plain.finished.cookies.get("signet_payload")!.value)).toMatchObject({ mfa_enrolled: false });
    const refused = await plain.browser.get(`/api/v1/organizations/${org.organization.id}/users/me/permissions`);
    expect(refused.body).toMatchObject({ code: "MFA_ENROLMENT_REQUIRED" });
  });
});
