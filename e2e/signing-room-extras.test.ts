import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { pickOption } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";
import { adminClient, buildPackage, consentInRoom, invitationFor, signingLinkIn } from "./support/signing-helpers.ts";

// Issue 5 §7: consent withdrawal, an embedded session in an iframe page posting its events (the
// admin's Embedded Signing Demo), and the Spanish signing room.

describe("signing room: withdrawal, embedding, Spanish", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let browser: BrowserSession;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ SMTP_URL: smtp.url });
    await app.server.db.organization.update({
      where: { id: app.demo.organizations.customer },
      data: { embeddedSrEnabled: true, enabledMultiLangSRSupport: true },
    });
    // the public URL (localhost), not the bound address: the admin page's origin is what the
    // signing room must allow, and it is same-site with the signing origin only under one host name
    browser = await launchBrowser({ baseURL: app.server.config.publicUrl, viewport: { width: 1400, height: 950 } });
    await browser.page.goto("/sign-in");
    await signIn(browser.page, app.users.admin, DEMO_PASSWORD);
    await browser.page.getByRole("link", { name: "Workspace" }).first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  it("withdraws consent: the package stops, the sender is told", async () => {
    const client = await adminClient(app);
    const { api } = await buildPackage(app, client, {
      name: "Withdrawal case",
      send: true,
      participants: [{ type: "Borrower", givenName: "Wes", familyName: "Drawn", email: "wes@example.com" }],
    });
    const page: Page = browser.page;
    await page.goto(signingLinkIn(await invitationFor(smtp, "wes@example.com")));
    await consentInRoom(page);
    await page.getByRole("button", { name: "Signature (required)" }).first().waitFor();
    await page.getByRole("button", { name: "More options" }).click();
    await page.getByRole("menuitem", { name: "Withdraw consent" }).click();
    const dialog = page.getByRole("dialog", { name: "Withdraw consent" });
    await dialog.getByLabel("Reason (optional)").fill("I want paper copies");
    await dialog.getByRole("button", { name: "Withdraw consent" }).click();
    await page.getByTestId("closed-CONSENT_WITHDRAWN").waitFor();
    await expect
      .poll(async () => (await client.get<{ status: string }>(api.package)).body.status)
      .toBe("CONSENT_WITHDRAWN");
    const notice = await smtp.waitFor((mail) =>
      /E-sign consent withdrawn: Withdrawal case/.test(mail.parsed.subject ?? ""),
    );
    expect(notice.envelopeTo).toEqual([app.users.admin]);
    expect(notice.parsed.text).toContain("I want paper copies");
  });

  it("embeds a signing session in the admin's demo page, which logs the room's events", async () => {
    const client = await adminClient(app);
    await buildPackage(app, client, {
      name: "Embedded case",
      send: true,
      participants: [{ type: "Borrower", givenName: "Emma", familyName: "Bedded", email: "emma@example.com" }],
    });
    const page = browser.page;
    await page.goto("/embedded-signing-demo");
    await pickOption(page, "Package", /Embedded case/);
    await pickOption(page, "Participant", /Emma Bedded/);
    await page.getByRole("button", { name: "Start embedded session" }).click();
    const room = page.frameLocator('iframe[title="Embedded signing room"]');
    const log = page.getByRole("log", { name: "Events" });
    await log.getByText("loaded").waitFor();
    await consentInRoom(room as never);
    await log.getByText("consented").waitFor();
    await room.getByRole("button", { name: "Signature (required)" }).first().click();
    const adopt = room.getByRole("dialog", { name: "Adopt your signature" });
    await adopt.getByRole("button", { name: "Adopt and sign" }).click();
    await adopt.waitFor({ state: "hidden" });
    const signature = room.getByRole("button", { name: "Signature (required)" }).first();
    if ((await signature.getAttribute("aria-pressed")) !== "true") await signature.click();
    await log.getByText("signed").first().waitFor();
    // Date signed is filled by the server on finish: nothing to click
    await room.getByRole("note", { name: "Filled automatically: Date signed" }).first().waitFor();
    await room.getByRole("button", { name: "Finish" }).click();
    await room.getByRole("heading", { name: "You're done" }).waitFor();
    await log.getByText("finished").waitFor();
    await screenshot(page, "embedded-signing-demo");
  });

  it("opens a package's collaboration link in the admin's demo page", async () => {
    const client = await adminClient(app);
    const orgId = app.demo.organizations.customer;
    const enabled = await client.request("PATCH", `/api/v1/organizations/${orgId}/settings/packages`, {
      json: { enable_pkg_collaboration: true },
    });
    expect(enabled.status).toBe(200);
    const { pkg } = await buildPackage(app, client, {
      name: "Collaboration case",
      send: true,
      participants: [{ type: "Borrower", givenName: "Cole", familyName: "Labo", email: "cole@example.com" }],
    });
    await app.server.db.package.update({ where: { id: pkg.id }, data: { packageCollaboration: true } });
    const page = browser.page;
    await page.goto("/package-collaboration");
    await pickOption(page, "Package", /Collaboration case/);
    await page.getByRole("button", { name: "Create collaboration link" }).click();
    const frame = page.frameLocator('iframe[title="Package collaboration"]');
    await frame.getByRole("heading", { name: "Collaboration case" }).waitFor();
    await frame.getByText("Cole Labo").first().waitFor();
    await screenshot(page, "package-collaboration-demo");
  });

  it("renders the room in Spanish when the organization allows it", async () => {
    const client = await adminClient(app);
    await buildPackage(app, client, {
      name: "Spanish case",
      send: true,
      participants: [{ type: "Borrower", givenName: "Sofía", familyName: "Ruiz", email: "sofia@example.com" }],
    });
    const page = browser.page;
    await page.goto(signingLinkIn(await invitationFor(smtp, "sofia@example.com")));
    await page.getByRole("link", { name: /Open the disclosure/ }).waitFor();
    await page.getByLabel("Language").selectOption("es");
    await page.getByRole("link", { name: /Abrir la divulgación/ }).waitFor();
    await page.getByRole("button", { name: "Acepto", exact: true }).waitFor();
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    await screenshot(page, "signing-room-spanish");
  });
});
