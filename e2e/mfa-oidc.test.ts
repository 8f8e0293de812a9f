import { OIDC_CALLBACK_PATH } from "@signet/contract";
import { linkIdentity } from "@signet/core/testing";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../apps/api/test/support/free-port.ts";
import { type LoopbackProvider, startLoopbackProvider } from "../apps/api/test/support/oidc-loopback-provider.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";

// Issue 12 §4: a member with an authenticator app signs in through the organization's OpenID
// provider (oidc-provider on loopback), which asserts no second factor: the sign-in page asks for
// the code before the workspace opens. A provider that asserts one (amr) is not second-guessed.

const appCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe("a second factor after the identity provider", () => {
  let app: TestApp;
  let idp: LoopbackProvider;
  let browser: BrowserSession;
  let publicUrl: string;
  let secret: string;

  /** A call as an integrator would make it: the password grant's bearer token. */
  const bearer = async (email: string) => {
    const response = await fetch(`${publicUrl}/cas/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "signet-web",
        username: email,
        password: DEMO_PASSWORD,
      }),
    });
    const body = (await response.json()) as { access_token: string };
    return (method: string, path: string, json?: unknown) =>
      fetch(`${publicUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${body.access_token}`,
          ...(json ? { "content-type": "application/json" } : {}),
        },
        body: json ? JSON.stringify(json) : undefined,
      });
  };

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    idp = await startLoopbackProvider({ redirectUris: [`${publicUrl}${OIDC_CALLBACK_PATH}`] });
    app = await startTestApp({
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
      PORT: String(port),
      PUBLIC_URL: publicUrl,
    });
    browser = await launchBrowser({ baseURL: publicUrl, bypassCSP: true });
    const orgId = app.demo.organizations.customer;
    const admin = await bearer(app.users.admin);
    const created = await admin("POST", `/api/v1/organizations/${orgId}/oauth-providers`, {
      name: "Bank SSO",
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      isDefault: true,
    });
    expect(created.status).toBe(201);
    const member = await bearer(app.users.member);
    secret = ((await (await member("POST", "/api/v1/users/me/mfa/authenticator")).json()) as { secret: string }).secret;
    const verified = await member("POST", "/api/v1/users/me/mfa/authenticator/verify", { code: await appCode(secret) });
    expect(verified.status).toBe(200);
    // the member has linked their account to the provider (issue 30 §1; the e2e oidc journey links by email)
    const user = await app.server.db.user.findUniqueOrThrow({ where: { email: app.users.member } });
    await linkIdentity(app.server.db, {
      userId: user.id,
      providerKind: "oidc",
      providerId: ((await created.json()) as { id: string }).id,
      subject: "member-sso",
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await idp?.close();
  });

  const throughProvider = async (login: string) => {
    const { page } = browser;
    await browser.context.clearCookies();
    await page.goto(`/sign-in?org=${app.demo.organizations.customer}&provider=default`);
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await page.getByPlaceholder("Enter any login").fill(login);
    await page.getByPlaceholder("and password").fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
  };

  it("asks for the authenticator code when the provider asserts no second factor", async () => {
    const { page } = browser;
    idp.accounts.set("member-sso", { email: app.users.member, email_verified: true, amr: ["pwd"] });
    await throughProvider("member-sso");
    await page.getByRole("heading", { name: "Two-step verification" }).waitFor();
    // the challenge left the address bar
    expect(new URL(page.url()).hash).toBe("");
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.getByLabel("Verification code").fill(await appCode(secret, 1));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
  });

  it("goes straight to the workspace when the provider's amr asserts a second factor", async () => {
    const { page } = browser;
    idp.accounts.set("member-sso", { email: app.users.member, email_verified: true, amr: ["pwd", "otp"] });
    await throughProvider("member-sso");
    await page.waitForURL((url) => url.pathname === "/workspace");
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
  });
});
