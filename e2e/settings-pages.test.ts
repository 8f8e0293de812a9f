import { SETTINGS_PAGE_MESSAGES, SETTINGS_TOASTS } from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { currentPath, signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";
import { dismissToast } from "./support/toasts.ts";

// Issue 13 §2: every settings page. The administrator walks the pages in the side navigation,
// saves one setting on each and sees that page's spec §8 toast; leaving with unsaved changes asks;
// a failure to load goes back to ORGANIZATION (spec §4); on a phone the navigation is a select; a
// member with package permissions only has no Settings; the support user opens another
// organization's settings.

describe("settings pages", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const noViolations = async (page: Page) => {
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  };
  // a toast leaves by itself after 6 seconds; once, the walk waits for that, and otherwise it closes
  // each toast with its close button: the next toast is unambiguous and axe looks at the page
  const toastThenGone = async (page: Page, text: string) => {
    await expectToast(page, text);
    await page.getByRole("alert").filter({ hasText: text }).first().waitFor({ state: "hidden" });
  };
  const open = async (page: Page, name: string) => {
    await page.getByRole("tablist", { name: "Settings pages" }).getByRole("tab", { name, exact: true }).click();
  };
  const stored = async (organizationId: string, key: string) =>
    (await app.server.db.organizationSetting.findUnique({ where: { organizationId_key: { organizationId, key } } }))
      ?.value;

  it("the administrator saves a setting on every page and sees its toast", async () => {
    const { page } = browser;
    const org = app.demo.organizations.customer;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    expect(currentPath(page)).toBe("/settings");

    // ORGANIZATION first
    const types = page.getByPlaceholder("Add a type and press Enter");
    await types.click();
    await types.fill("Surveyor");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    // leaving with the change unsaved asks; Cancel stays
    await open(page, "Branding");
    const unsaved = page.getByRole("dialog", { name: "Unsaved changes" });
    await unsaved.getByRole("button", { name: "Cancel" }).click();
    await unsaved.waitFor({ state: "hidden" });
    expect(currentPath(page)).toBe("/settings");
    await noViolations(page);
    await page.getByRole("button", { name: "Save settings" }).click();
    await toastThenGone(page, SETTINGS_TOASTS.organization);
    expect(JSON.parse((await stored(org, "participant_types")) ?? "[]")).toContain("Surveyor");

    // BRANDING: the preview follows the colour before it is saved
    await open(page, "Branding");
    await page.waitForURL((url) => url.search === "?page=branding");
    const color = page.getByRole("textbox", { name: "Primary color" });
    await color.fill("#0b5394");
    await color.blur();
    const preview = page.getByTestId("signing-room-preview").locator("div").first();
    await expect.poll(() => preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(11, 83, 148)");
    await screenshot(page, "settings-branding");
    await noViolations(page);
    await page.getByRole("button", { name: "Save branding" }).click();
    await dismissToast(page, SETTINGS_TOASTS.branding);
    expect(await stored(org, "primary_color")).toBe("#0b5394");
    // the logo as an image: it becomes the logo URL, and the preview shows it
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await page.getByLabel("Logo image").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await dismissToast(page, SETTINGS_TOASTS.logoUploaded);
    expect(await stored(org, "logo_url")).toMatch(/\/api\/v1\/signing\/logos\/[0-9a-f-]{36}\/[0-9a-f]{64}\.png$/);
    await page.getByTestId("signing-room-preview").getByRole("img").waitFor();
    await page.getByRole("img", { name: "Current logo" }).waitFor();

    // PACKAGE COLLABORATION
    await open(page, "Package collaboration");
    await page.getByLabel("Allow package collaboration").check();
    await noViolations(page);
    await page.getByRole("button", { name: "Save package collaboration" }).click();
    await dismissToast(page, SETTINGS_TOASTS.packageCollaboration);
    expect(await stored(org, "enable_pkg_collaboration")).toBe("true");

    // ESIGN CONSENT (Custom needs an uploaded consent first: the page shows both)
    await open(page, "eSign consent");
    await page.getByRole("combobox", { name: "eSign consent" }).waitFor();
    await page.getByRole("heading", { name: "Custom consent documents" }).waitFor();
    await noViolations(page);

    // ID VERIFICATION asks first (spec §8: takes effect when the person next enters the room)
    await open(page, "ID verification");
    await page.getByRole("combobox", { name: "Default identity verification" }).click();
    await page.getByRole("option", { name: "Text message code" }).click();
    await page.getByRole("button", { name: "Save ID verification" }).click();
    const confirm = page.getByRole("dialog", { name: SETTINGS_PAGE_MESSAGES.idVerificationConfirmTitle });
    await confirm.getByText(/next enters the signing room/).waitFor();
    await confirm.getByRole("button", { name: "Change" }).click();
    await dismissToast(page, SETTINGS_TOASTS.idVerification);
    expect(await stored(org, "default_id_verification")).toBe("SMS_CODE");
    await noViolations(page);

    // SESSION: entry, exit (https only) and in-session, each with its own toast
    await open(page, "Session");
    await page.getByRole("textbox", { name: "Welcome message" }).fill("Welcome to Demo Lending.");
    await page.getByRole("button", { name: "Save session entry" }).click();
    await dismissToast(page, SETTINGS_TOASTS.sessionEntry);
    const finish = page.getByRole("textbox", { name: "After finishing" });
    await finish.fill("http://lender.example.com/thanks");
    await page.getByRole("button", { name: "Save session exit" }).click();
    await page.getByText("Use an https:// address, or leave empty for Signet's own page.").waitFor();
    await finish.fill("https://lender.example.com/thanks");
    await page.getByRole("button", { name: "Save session exit" }).click();
    await dismissToast(page, SETTINGS_TOASTS.sessionExit);
    await page.getByRole("textbox", { name: "Idle timeout (minutes)" }).fill("45");
    await page.getByRole("button", { name: "Save in-session" }).click();
    await dismissToast(page, SETTINGS_TOASTS.inSession);
    expect([
      await stored(org, "session_entry_message"),
      await stored(org, "session_exit_finish_url"),
      await stored(org, "session_idle_minutes"),
    ]).toEqual(["Welcome to Demo Lending.", "https://lender.example.com/thanks", "45"]);
    await noViolations(page);

    // PACKAGE EXPIRATION
    await open(page, "Package expiration");
    await page.getByRole("textbox", { name: "Days after sending" }).fill("45");
    await page.getByRole("button", { name: "Save package expiration" }).click();
    await dismissToast(page, SETTINGS_TOASTS.packageExpiration);
    expect(await stored(org, "default_relative_expiration_days")).toBe("45");
    await noViolations(page);

    // SIGNER UPLOADS
    await open(page, "Signer uploads");
    // a chip's input is hidden under its label, which takes the click
    await page.locator("label").filter({ hasText: /^PNG$/ }).click();
    await page.getByRole("textbox", { name: "Largest file (MB)" }).fill("10");
    await page.getByRole("button", { name: "Save signer uploads" }).click();
    await dismissToast(page, SETTINGS_TOASTS.signerUpload);
    expect([await stored(org, "signer_upload_allowed_types"), await stored(org, "signer_upload_max_mb")]).toEqual([
      JSON.stringify(["PDF", "JPEG"]),
      "10",
    ]);
    await noViolations(page);

    // CUSTOM FIELDS: add one, then edit it
    await open(page, "Custom fields");
    await page.getByRole("textbox", { name: "Name" }).fill("Loan number");
    await page.getByRole("textbox", { name: "Key" }).fill("loanNumber");
    await page.getByRole("button", { name: "Add custom field" }).click();
    await dismissToast(page, "Custom field saved.");
    await page.getByRole("button", { name: "Edit Loan number" }).click();
    const edit = page.getByRole("dialog", { name: /Edit custom field/ });
    await edit.getByRole("textbox", { name: "Name" }).fill("Loan no.");
    await edit.getByLabel("Required").check();
    await noViolations(page);
    await edit.getByRole("button", { name: "Save custom field" }).click();
    await dismissToast(page, SETTINGS_TOASTS.customField);
    await page.getByRole("table", { name: "Custom fields" }).getByText("Loan no.").waitFor();
    const field = await app.server.db.customField.findFirstOrThrow({
      where: { organizationId: org, customFieldId: "loanNumber" },
    });
    expect([field.name, field.required, field.version]).toEqual(["Loan no.", true, 2]);

    // EMBEDDED SIGNING
    await open(page, "Embedded signing");
    const origins = page.getByPlaceholder("https://portal.example.com");
    await origins.fill("https://portal.example.com");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Save embedded signing" }).click();
    await dismissToast(page, SETTINGS_TOASTS.embeddedSigning);
    await noViolations(page);

    // the pages that keep their own forms still show
    for (const name of ["Seal certificate", "Email", "Security"]) {
      await open(page, name);
      await page.getByRole("tabpanel").first().waitFor();
      await noViolations(page);
    }
    expect(browser.errors).toEqual([]);
  }, 240_000);

  it("a failure to load settings shows the error and goes back to ORGANIZATION", async () => {
    const { page } = browser;
    // the API is unreachable for the branding settings only (the connection is cut)
    await page.route(/metaData\?settingNames=primary_color/, (route) => route.abort("connectionfailed"));
    await page.goto("/settings?page=branding");
    await page.getByText(SETTINGS_PAGE_MESSAGES.loadFailed, { exact: false }).waitFor();
    await page.waitForURL((url) => url.search === "");
    await page.getByRole("tab", { name: "Organization", selected: true }).waitFor();
    await page.unroute(/metaData\?settingNames=primary_color/);
  });

  it("on a phone the navigation is a select, and the page is in the address", async () => {
    const phone = await launchBrowser({ baseURL: app.url, viewport: { width: 390, height: 844 }, bypassCSP: true });
    try {
      const { page } = phone;
      await page.goto("/sign-in");
      await signIn(page, app.users.admin, DEMO_PASSWORD);
      await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
      await page.goto("/settings");
      await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
      expect(await page.getByRole("tablist", { name: "Settings pages" }).isVisible()).toBe(false);
      await page.getByRole("combobox", { name: "Settings page" }).click();
      await page.getByRole("option", { name: "Signer uploads" }).click();
      await page.waitForURL((url) => url.search === "?page=signer-uploads");
      await page.getByRole("button", { name: "Save signer uploads" }).waitFor();
      await screenshot(page, "settings-phone");
      await noViolations(page);
    } finally {
      await phone.close();
    }
  });

  it("a member with package permissions only cannot open Settings", async () => {
    const member = await launchBrowser({ baseURL: app.url, bypassCSP: true });
    try {
      const { page } = member;
      await page.goto("/sign-in");
      await signIn(page, app.users.member, DEMO_PASSWORD);
      await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
      await page.goto("/settings?page=branding");
      await page.getByRole("heading", { name: "You don't have permission to open Settings" }).waitFor();
      expect(await page.getByRole("button", { name: /^Save/ }).count()).toBe(0);
      await noViolations(page);
    } finally {
      await member.close();
    }
  });

  it("the support user opens another organization's settings and saves there", async () => {
    const support = await launchBrowser({ baseURL: app.url, bypassCSP: true });
    try {
      const { page } = support;
      const org = app.demo.organizations.customer;
      await page.goto("/sign-in");
      await signIn(page, app.users.support, DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname !== "/sign-in");
      await page.goto(`/settings?page=session&org=${org}`);
      await page.getByText("Support access").waitFor();
      await page.getByText("Demo Lending").first().waitFor();
      await page.getByRole("textbox", { name: "Idle timeout (minutes)" }).fill("20");
      await page.getByRole("button", { name: "Save in-session" }).click();
      await expectToast(page, SETTINGS_TOASTS.inSession);
      expect(await stored(org, "session_idle_minutes")).toBe("20");
      await noViolations(page);
    } finally {
      await support.close();
    }
  });
});
