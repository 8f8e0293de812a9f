import { createHmac } from "node:crypto";
import { fillPath, permissionBits, routes, routeUrl } from "@signet/contract";
import { buildGroup, buildRole, buildUser, grantRoles } from "@signet/core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "../apps/api/test/support/webhook-receiver.ts";
import { apiAsPage, expectToast } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";
import { dismissToast } from "./support/toasts.ts";

// Issue 14 §1 (web): an administrator manages webhooks in Settings against a real receiver on
// loopback (allowed by name in OUTBOUND_ALLOWED_HOSTS), and a member without settings permissions is not offered them.
describe("Webhooks in Settings", () => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let admin: BrowserSession;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestApp({ OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost" });
    admin = await launchBrowser({ baseURL: app.url, bypassCSP: true });
    await admin.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
  });
  afterAll(async () => {
    await admin?.close();
    await app?.close();
    await receiver?.close();
  });

  const expectNoAxeViolations = async (page: Page) => {
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  };
  const waitForReceived = async (count: number) => {
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
    return receiver.received[count - 1]!;
  };
  // The Standard Webhooks signature: base64 HMAC-SHA256 of "id.timestamp.body" with the secret's key.
  const signatureWith = (secret: string, entry: WebhookReceiver["received"][number]) => {
    const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
    const signed = `${entry.headers["webhook-id"]}.${entry.headers["webhook-timestamp"]}.${entry.body}`;
    return `v1,${createHmac("sha256", key).update(signed).digest("base64")}`;
  };
  const openRowMenu = async (page: Page, url: string) => {
    await page.getByRole("button", { name: `Actions for ${url}` }).click();
  };

  it("adds a webhook, tests it, sees failures and redelivers, suspends, resumes, rotates and deletes", async () => {
    const { page } = admin;
    const url = receiver.url;

    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Administration" }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await page.getByRole("tab", { name: "Webhooks" }).click();
    await page.waitForURL((u) => u.pathname === "/settings/webhooks");
    await page.getByText("No webhooks yet").waitFor();

    // The form checks the URL as it is typed, in the API's words, and groups the event types.
    await page.getByRole("button", { name: "Add webhook" }).first().click();
    await page.waitForURL((u) => u.pathname === "/settings/webhooks/new");
    const urlField = page.getByRole("textbox", { name: "URL" });
    await urlField.fill("hooks.example.com");
    await urlField.blur();
    await page.getByText("Enter a full URL, such as https://example.com/webhooks").waitFor();
    await urlField.fill(url);
    await page.getByRole("textbox", { name: "Description" }).fill("Loan origination system");
    await page.getByRole("checkbox", { name: "All participant events" }).uncheck();
    await page.getByRole("checkbox", { name: "All package events" }).uncheck();
    await page.getByRole("button", { name: "Add webhook" }).click();
    await page.getByText("Choose at least one event type").waitFor();
    await page.getByRole("checkbox", { name: "Package completed" }).check();
    await page.getByRole("checkbox", { name: "Participant signed" }).check();
    await expectNoAxeViolations(page);
    await screenshot(page, "webhooks-form");
    await page.getByRole("button", { name: "Add webhook" }).click();

    // The secret is shown once, copyable, with its warning.
    const reveal = page.getByRole("dialog", { name: "Copy the signing secret now" });
    await reveal.getByText("It will not be shown again").waitFor();
    const secret = await reveal.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await reveal.getByRole("button", { name: "Copy" }).click();
    await reveal.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await reveal.getByRole("button", { name: "I have stored the secret" }).click();
    await page.waitForURL((u) => u.pathname === "/settings/webhooks");
    await page
      .getByRole("alert")
      .filter({ hasText: `Webhook ${url} added.` })
      .first()
      .waitFor({ state: "hidden" });

    const row = page.getByRole("row").filter({ hasText: url });
    await row.getByText("Package completed; Participant signed").waitFor();
    await row.getByText("Active").waitFor();
    await row.getByText("No deliveries yet").waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "webhooks-list");

    // A test event reaches the receiver, signed with the copied secret, and shows in the log as 200.
    await openRowMenu(page, url);
    await page.getByRole("menuitem", { name: "Send test event" }).click();
    await dismissToast(page, `Test event sent to ${url}.`);
    const first = await waitForReceived(1);
    expect(first.json.type).toBe("webhook.test");
    expect(String(first.headers["webhook-signature"]).split(" ")).toContain(signatureWith(secret, first));

    await row.getByRole("link", { name: url }).click();
    await page.getByRole("heading", { name: "Delivery log", level: 1 }).waitFor();
    const logPath = new URL(page.url()).pathname;
    const log = page.getByRole("table", { name: "Delivery log" });
    await log.getByRole("row").filter({ hasText: "Test event" }).filter({ hasText: "200 OK" }).waitFor();
    await log.getByRole("button", { name: "Show answer" }).first().click();
    await log.getByText("ok", { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "webhooks-delivery-log");

    // The receiver fails: the log says so; once it is fixed, Redeliver sends the same event again.
    receiver.answer = () => 500;
    await page.getByRole("button", { name: "Send test event" }).click();
    await dismissToast(page, "Test event sent.");
    const failed = await waitForReceived(2);
    const failedRow = log.getByRole("row").filter({ hasText: "500 error" }).first();
    await failedRow.waitFor();
    receiver.answer = () => 200;
    await failedRow.getByRole("button", { name: /^Redeliver/ }).click();
    await expectToast(page, "Test event sent again.");
    await log.getByRole("row").filter({ hasText: "sent again" }).filter({ hasText: "200 OK" }).waitFor();
    const redelivered = receiver.received.filter((r) => r.headers["webhook-id"] === failed.headers["webhook-id"]);
    expect(redelivered.length).toBeGreaterThanOrEqual(2);

    // Suspend from the list; the log shows a banner with Resume.
    await page.getByRole("link", { name: "Webhooks" }).click();
    await openRowMenu(page, url);
    await page.getByRole("menuitem", { name: "Suspend" }).click();
    await page.getByRole("dialog", { name: "Suspend webhook" }).getByRole("button", { name: "Suspend" }).click();
    await expectToast(page, `Webhook ${url} suspended.`);
    await row.getByText("Suspended by an administrator").waitFor();
    await row.getByRole("link", { name: url }).click();
    const banner = page.getByRole("alert").filter({ hasText: "This webhook is suspended" });
    await banner.waitFor();
    await banner.getByRole("button", { name: "Resume" }).click();
    await expectToast(page, "Webhook resumed.");
    await banner.waitFor({ state: "hidden" });

    // Rotate: a new secret once, and the old one keeps signing for 24 hours.
    await page.getByRole("link", { name: "Webhooks" }).click();
    await row.getByText("Active").waitFor();
    await openRowMenu(page, url);
    await page.getByRole("menuitem", { name: "Rotate secret" }).click();
    const rotate = page.getByRole("dialog", { name: "Rotate the signing secret" });
    await rotate.getByText(/keeps signing deliveries for 24 hours/).waitFor();
    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    await reveal.getByText("The previous secret keeps working for 24 hours").waitFor();
    const rotated = await reveal.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await reveal.getByRole("button", { name: "I have stored the secret" }).click();
    await expectToast(page, "Signing secret rotated.");

    // Edit: leaving with unsaved changes asks first; saving shows the new description in the list.
    await openRowMenu(page, url);
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await page.getByRole("heading", { name: "Edit webhook", level: 1 }).waitFor();
    const description = page.getByRole("textbox", { name: "Description" });
    expect(await description.inputValue()).toBe("Loan origination system");
    await description.fill("Loan origination system (production)");
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Webhooks" }).click();
    const unsaved = page.getByRole("dialog", { name: "Unsaved changes" });
    await unsaved.getByRole("button", { name: "Cancel" }).click();
    await unsaved.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toMatch(/\/edit$/);
    await page.getByRole("button", { name: "Save webhook" }).click();
    await expectToast(page, `Webhook ${url} saved.`);
    await page.waitForURL((u) => u.pathname === "/settings/webhooks");
    await row.getByText("Loan origination system (production)").waitFor();

    // Delete, after a confirmation.
    await openRowMenu(page, url);
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete webhook" }).getByRole("button", { name: "Delete" }).click();
    await expectToast(page, `Webhook ${url} deleted.`);
    await page.getByText("No webhooks yet").waitFor();
    const listed = await page.request.get(
      `${app.url}${fillPath(routeUrl(routes.listWebhooks), { orgId: app.demo.organizations.customer })}`,
    );
    expect(((await listed.json()) as { count: number }).count).toBe(0);

    // An old link to its log says the webhook is gone and leads back.
    await page.goto(logPath);
    await page.getByText("This webhook no longer exists.").waitFor();
    await page.getByRole("link", { name: "Back to webhooks" }).click();
    await page.getByText("No webhooks yet").waitFor();
    // the browser reports the 404 of that old link itself; nothing else may go wrong
    expect(admin.errors.filter((error) => !error.includes("status of 404"))).toEqual([]);
  });

  it("is not offered to a member with package permissions only", async () => {
    const member = await launchBrowser({ baseURL: app.url, bypassCSP: true });
    try {
      const { page } = member;
      await page.goto("/sign-in");
      await signIn(page, app.users.member, DEMO_PASSWORD);
      await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
      const administration = page.getByRole("button", { name: "Administration" });
      if ((await administration.count()) > 0) {
        await administration.click();
        await page.getByRole("menu").waitFor();
        expect(await page.getByRole("menuitem", { name: "Settings" }).count()).toBe(0);
        await page.keyboard.press("Escape");
      }
      // a typed address does not open the page either, and the API refuses the list
      await page.goto("/settings/webhooks");
      await page.getByRole("heading", { name: "You don't have permission to open webhooks" }).waitFor();
      expect(await page.getByRole("button", { name: "Add webhook" }).count()).toBe(0);
      const listed = await page.request.get(
        `${app.url}${fillPath(routeUrl(routes.listWebhooks), { orgId: app.demo.organizations.customer })}`,
      );
      expect(listed.status()).toBe(403);
    } finally {
      await member.close();
    }
  });

  it("shows a settings viewer the webhooks read-only, each control disabled with the reason", async () => {
    const db = app.server.db;
    const orgId = app.demo.organizations.customer;
    const created = await apiAsPage(admin.page, app, "POST", fillPath(routeUrl(routes.createWebhook), { orgId }), {
      url: receiver.url,
      description: "Reporting warehouse",
      eventTypes: ["package.completed"],
    });
    expect(created.status).toBe(201);
    const role = await buildRole(db, {
      organizationId: orgId,
      name: "Settings viewer",
      permissions: permissionBits(["VIEW_DOCUMENTS_PACKAGES", "VIEW_ADMIN_SETTINGS"]),
    });
    const group = await buildGroup(db, { organizationId: orgId, name: "Auditors" });
    const user = await buildUser(db, {
      email: "vera@viewer.example",
      givenName: "Vera",
      familyName: "Viewer",
      homeOrganizationId: orgId,
      password: DEMO_PASSWORD,
    });
    await grantRoles(db, { organizationId: orgId, groupId: group.id, userId: user.id, roleIds: [role.id] });

    const viewer = await launchBrowser({ baseURL: app.url, bypassCSP: true });
    try {
      const { page } = viewer;
      await page.goto("/sign-in");
      await signIn(page, "vera@viewer.example", DEMO_PASSWORD);
      await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
      await page.goto("/settings/webhooks");
      const row = page.getByRole("row").filter({ hasText: receiver.url });
      await row.getByText("Reporting warehouse").waitFor();

      const reason = "You need the Manage settings permission to change webhooks";
      const add = page.getByRole("button", { name: "Add webhook" });
      expect(await add.getAttribute("aria-disabled")).toBe("true");
      await add.hover();
      await page.getByRole("tooltip", { name: reason }).waitFor();
      // assistive technology and Playwright see it as disabled; a forced click proves it does nothing
      await add.click({ force: true });
      expect(new URL(page.url()).pathname).toBe("/settings/webhooks");

      await page.getByRole("button", { name: `Actions for ${receiver.url}` }).click();
      expect(await page.getByRole("menuitem", { name: "Delivery log" }).getAttribute("aria-disabled")).toBeNull();
      for (const item of ["Edit", "Send test event", "Rotate secret", "Suspend", "Delete"]) {
        expect(await page.getByRole("menuitem", { name: item }).getAttribute("aria-disabled")).toBe("true");
      }
      await page.getByRole("menuitem", { name: "Delete" }).click({ force: true });
      expect(await page.getByRole("dialog", { name: "Delete webhook" }).count()).toBe(0);
      await page.getByRole("menuitem", { name: "Delivery log" }).click();
      await page.getByRole("heading", { name: "Delivery log", level: 1 }).waitFor();
      await page.getByText("No deliveries yet").waitFor();
      expect(await page.getByRole("button", { name: "Send test event" }).getAttribute("aria-disabled")).toBe("true");
      await expectNoAxeViolations(page);
      expect(viewer.errors).toEqual([]);
    } finally {
      await viewer.close();
    }
  });
});

// Without OUTBOUND_ALLOWED_HOSTS the API refuses plain HTTP; the browser cannot know the setting,
// so the refusal arrives as the API's 400 and is shown beside the URL field.
describe("Webhook URL refused by the API", () => {
  let app: TestApp;
  let admin: BrowserSession;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await launchBrowser({ baseURL: app.url, bypassCSP: true });
  });
  afterAll(async () => {
    await admin?.close();
    await app?.close();
  });

  it("shows the API's message beside the URL and adds nothing", async () => {
    const { page } = admin;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.goto("/settings/webhooks/new");
    const urlField = page.getByRole("textbox", { name: "URL" });
    await urlField.fill("http://hooks.example.com/signet");
    await page.getByRole("button", { name: "Add webhook" }).click();
    await page.getByText("The webhook URL must start with https://").waitFor();
    expect(await urlField.getAttribute("aria-invalid")).toBe("true");
    // changing the URL clears the server's message until the next save
    await urlField.fill("https://hooks.example.com/signet");
    await page.getByText("The webhook URL must start with https://").waitFor({ state: "hidden" });
    const listed = await page.request.get(
      `${app.url}${fillPath(routeUrl(routes.listWebhooks), { orgId: app.demo.organizations.customer })}`,
    );
    expect(((await listed.json()) as { count: number }).count).toBe(0);
    // the browser reports the refused request itself; nothing else may go wrong
    expect(admin.errors.filter((error) => !error.includes("status of 400"))).toEqual([]);
  });
});
