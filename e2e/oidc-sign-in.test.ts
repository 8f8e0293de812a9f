import { OIDC_CALLBACK_PATH } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../apps/api/test/support/free-port.ts";
import { type LoopbackProvider, startLoopbackProvider } from "../apps/api/test/support/oidc-loopback-provider.ts";
import { expectToast, linkIn, waitForMail } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";

// Issue 12 §2: an administrator connects the organization's OpenID provider (a real one,
// oidc-provider on loopback) in Settings, tests the connection, and a member signs in through it
// from the sign-in page, filling in the provider's own login form, and lands in the workspace, once
// they have linked their account from the emailed link (issue 30 §1).

describe("sign-in through the organization's identity provider", () => {
  let app: TestApp;
  let idp: LoopbackProvider;
  let admin: BrowserSession;
  let member: BrowserSession;
  let publicUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    // the redirect URI the provider knows is built from the public URL, so the app listens there
    publicUrl = `http://127.0.0.1:${port}`;
    idp = await startLoopbackProvider({ redirectUris: [`${publicUrl}${OIDC_CALLBACK_PATH}`] });
    app = await startTestApp({
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
      PORT: String(port),
      PUBLIC_URL: publicUrl,
    });
    admin = await launchBrowser({ baseURL: publicUrl, bypassCSP: true });
    member = await launchBrowser({ baseURL: publicUrl, bypassCSP: true });
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await member?.close();
    await app?.close();
    await idp?.close();
  });

  it("an administrator adds the provider, makes it the default and its connection test passes", async () => {
    const { page } = admin;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Identity providers" }).click();
    await page.waitForURL((url) => url.pathname === "/settings/identity-providers");
    await page.getByText("No identity provider yet").waitFor();
    expect(await page.getByText(`${publicUrl}${OIDC_CALLBACK_PATH}`).count()).toBe(1);

    await page.getByRole("button", { name: "Add identity provider" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add identity provider" });
    await dialog.getByLabel(/^Name/).fill("Bank SSO");
    await dialog.getByLabel(/^Issuer/).fill(idp.issuer);
    await dialog.getByLabel(/^Client ID/).fill(idp.clientId);
    await dialog.getByLabel(/^Client secret/).fill(idp.clientSecret);
    // Mantine's switch input sits under its styled track, which takes the pointer
    await dialog.getByRole("switch", { name: /^Default provider/ }).check({ force: true });
    await dialog.getByRole("button", { name: "Add identity provider" }).click();
    await expectToast(page, "Bank SSO was added. Test its connection next.");
    const row = page.getByRole("row", { name: /Bank SSO/ });
    await row.getByText("Default").waitFor();
    await row.getByText("Enabled").waitFor();
    // the dialog fades out after saving: check the page once it has gone (a fading title fails contrast)
    await page.getByRole("dialog").first().waitFor({ state: "hidden" });
    const pageViolations = await axeViolations(page);
    expect(pageViolations, describeViolations(pageViolations)).toEqual([]);

    await row.getByRole("button", { name: "Actions for Bank SSO" }).click();
    await page.getByRole("menuitem", { name: "Test connection" }).click();
    const result = page.getByRole("dialog", { name: "Connection test: Bank SSO" });
    await result.getByText("Everything works.").waitFor();
    expect(await result.getByText("Problem").count()).toBe(0);
    await result.getByRole("button", { name: "Close", exact: true }).click();

    // unsaved changes in the editor are not lost by a stray close
    await row.getByRole("button", { name: "Actions for Bank SSO" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const editor = page.getByRole("dialog", { name: "Edit Bank SSO" });
    await editor.getByLabel(/^Name/).fill("Bank SSO (old)");
    await editor.getByRole("button", { name: "Close dialog" }).click();
    const guard = page.getByRole("dialog", { name: "Discard your changes?" });
    await guard.getByRole("button", { name: "Keep editing" }).click();
    expect(await editor.getByLabel(/^Name/).inputValue()).toBe("Bank SSO (old)");
    await editor.getByRole("button", { name: "Close dialog" }).click();
    await guard.getByRole("button", { name: "Discard changes" }).click();
    await editor.waitFor({ state: "hidden" });
    await row.getByText("Bank SSO", { exact: true }).waitFor();
  });

  it("a member links their account from the emailed link, then signs in with the provider's login form and lands in the workspace; the pages pass axe", async () => {
    const { page } = member;
    const email = app.users.member;
    idp.accounts.set("member-login", { email, email_verified: true, given_name: "Mia", family_name: "Member" });
    const orgId = app.demo.organizations.customer;

    const throughProvider = async (atProvider: boolean) => {
      await page.goto(`/sign-in?org=${orgId}`);
      const button = page.getByRole("link", { name: "Sign in with Bank SSO" });
      await button.waitFor();
      const violations = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(violations, describeViolations(violations)).toEqual([]);
      await button.click();
      // the second time, the provider remembers its own session and sends the browser straight back
      if (!atProvider) return;
      await page.waitForURL((url) => url.href.startsWith(idp.issuer));
      await page.getByPlaceholder("Enter any login").fill("member-login");
      await page.getByPlaceholder("and password").fill("anything");
      await page.getByRole("button", { name: "Sign-in" }).click();
      await page.getByRole("button", { name: "Continue" }).click();
    };

    // issue 30 §1: the provider's word alone does not open the existing account
    await throughProvider(true);
    await page.getByText(/Your account is not linked to this sign-in option yet/).waitFor();
    const mail = await waitForMail(app, { to: email, subject: /Confirm signing in to Signet through Bank SSO/ });
    await page.goto(linkIn(mail.text, "/link-account"));
    await page.getByRole("heading", { name: "Link your account" }).waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.getByRole("button", { name: "Link my account" }).click();
    await page.getByText("Your account is linked to Bank SSO.", { exact: false }).waitFor();

    await throughProvider(false);
    await page.waitForURL((url) => url.origin === publicUrl && url.pathname === "/workspace");
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();

    const events = await app.server.db.auditEvent.findMany({ where: { type: "sign-in.succeeded" } });
    expect(events.some((event) => (event.data as { method?: string }).method === "oidc")).toBe(true);
  });

  it("?provider=default goes straight to the default provider's login", async () => {
    const fresh = await launchBrowser({ baseURL: publicUrl });
    try {
      await fresh.page.goto(`/sign-in?org=${app.demo.organizations.customer}&provider=default`);
      await fresh.page.waitForURL((url) => url.href.startsWith(idp.issuer));
      await fresh.page.getByPlaceholder("Enter any login").waitFor();
    } finally {
      await fresh.close();
    }
  });

  it("an administrator links their account from the refused sign-in's page by signing in with their own password", async () => {
    const fresh = await launchBrowser({ baseURL: publicUrl, bypassCSP: true });
    try {
      const { page } = fresh;
      const email = app.users.admin;
      idp.accounts.set("admin-login", { email, email_verified: true, given_name: "Alex", family_name: "Admin" });
      await page.goto(`/sign-in?org=${app.demo.organizations.customer}`);
      await page.getByRole("link", { name: "Sign in with Bank SSO" }).click();
      await page.waitForURL((url) => url.href.startsWith(idp.issuer));
      await page.getByPlaceholder("Enter any login").fill("admin-login");
      await page.getByPlaceholder("and password").fill("anything");
      await page.getByRole("button", { name: "Sign-in" }).click();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText(/Your account is not linked to this sign-in option yet/).waitFor();

      await page.getByRole("link", { name: "Or sign in with your own password to link your account" }).click();
      await page.getByRole("link", { name: "Sign in with your password" }).click();
      await signIn(page, email, DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === "/link-account");
      await page.getByRole("button", { name: "Link my account" }).click();
      await page.getByText("Your account is linked to Bank SSO.", { exact: false }).waitFor();
      const user = await app.server.db.user.findUniqueOrThrow({ where: { email } });
      expect(await app.server.db.identityLink.findFirst({ where: { userId: user.id } })).toMatchObject({
        subject: "admin-login",
        linkedBy: "password",
      });
    } finally {
      await fresh.close();
    }
  });
});
