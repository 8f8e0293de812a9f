import { readFile } from "node:fs/promises";
import { readConfigurationArchive } from "@signet/core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";

// Issue 13 §6 (web): the administrator exports the organization's configuration, changes it, and
// imports the archive back: the dry run lists a role to create, a setting to change and a custom
// field in conflict (Import disabled), and once the conflict is gone the import applies and says so.
// The support user exports another organization's configuration; a member with package permissions
// only is not offered Organization import/export and gets the unauthorized page.
describe("organization import/export", () => {
  let app: TestApp;
  let browser: BrowserSession;
  let archivePath: string;

  beforeAll(async () => {
    app = await startTestApp();
    const db = app.server.db;
    const organizationId = app.demo.organizations.customer;
    await db.role.create({
      data: { organizationId, name: "Closer", nameKey: "closer", permissions: 2, description: "Runs closings" },
    });
    await db.customField.create({
      data: { organizationId, customFieldId: "loanNumber", name: "Loan number", nameKey: "loan number", active: true },
    });
    await db.organizationSetting.upsert({
      where: { organizationId_key: { organizationId, key: "timezone" } },
      create: { organizationId, key: "timezone", value: "America/Chicago" },
      update: { value: "America/Chicago" },
    });
    browser = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const noViolations = async (page: Page) => {
    // a toast fading in or out is measured at half its contrast: check the page once toasts are gone
    await expect.poll(() => page.locator(".mantine-Notification-root").count(), { timeout: 15_000 }).toBe(0);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  };

  it("the administrator downloads the configuration", async () => {
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Administration" }).click();
    await page.getByRole("menuitem", { name: "Organization import/export" }).click();
    await page.waitForURL((url) => url.pathname === "/import-export/export");
    const table = page.getByRole("table", { name: "What the export holds" });
    await table.getByRole("row", { name: /Roles/ }).waitFor();
    await table.getByRole("row", { name: /Custom fields 1/ }).waitFor();
    await page.getByText(/Never in the archive/).waitFor();
    await noViolations(page);
    await screenshot(page, "import-export-export");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download configuration" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-configuration-\d{4}-\d{2}-\d{2}\.zip$/);
    archivePath = (await download.path())!;
    const archive = await readConfigurationArchive(await readFile(archivePath));
    expect(archive.sections.roles).toContainEqual(expect.objectContaining({ name: "Closer" }));
    expect(archive.sections.settings).toContainEqual({ name: "timezone", value: "America/Chicago" });
    await expectToast(page, "The configuration was exported to");
  });

  it("the administrator imports it back: the dry run shows creates, changes and a conflict, then the import applies", async () => {
    const { page } = browser;
    const db = app.server.db;
    const organizationId = app.demo.organizations.customer;
    // the organization drifts after the export: a role goes, a setting changes, a field changes type
    await db.role.deleteMany({ where: { organizationId, nameKey: "closer" } });
    await db.organizationSetting.update({
      where: { organizationId_key: { organizationId, key: "timezone" } },
      data: { value: "America/Denver" },
    });
    await db.customField.updateMany({
      where: { organizationId, customFieldId: "loanNumber" },
      data: { dataType: "WHOLE_NUMBER" },
    });

    await page.getByRole("tab", { name: "Import" }).click();
    await page.waitForURL((url) => url.pathname === "/import-export/import");
    await page.getByText("Drop the exported configuration (.zip) here").waitFor();
    await noViolations(page);
    await page.locator('input[type="file"]').setInputFiles(archivePath);

    const roles = page.getByRole("table", { name: "Roles: what the import does" });
    await roles.getByRole("row", { name: /Create Closer/ }).waitFor();
    const settings = page.getByRole("table", { name: "Settings: what the import does" });
    await settings.getByRole("row", { name: /Change Timezone Changes: Value/ }).waitFor();
    const fields = page.getByRole("table", { name: "Custom fields: what the import does" });
    await fields
      .getByRole("row", { name: /Conflict Loan number \(loanNumber\)/ })
      .getByText(/The type differs/)
      .waitFor();
    const importButton = page.getByRole("button", { name: "Import configuration" });
    expect(await importButton.getAttribute("aria-disabled")).toBe("true");
    await noViolations(page);
    await screenshot(page, "import-export-dry-run");

    // the conflict resolved, the dry run again: the import is possible and asks first
    await db.customField.updateMany({
      where: { organizationId, customFieldId: "loanNumber" },
      data: { dataType: "TEXT" },
    });
    await page.getByRole("button", { name: "Run the dry run again" }).click();
    await page.getByRole("switch", { name: "Show unchanged items" }).check({ force: true });
    await fields.getByRole("row", { name: /Unchanged Loan number/ }).waitFor();
    await expect.poll(() => importButton.getAttribute("aria-disabled")).toBe(null);
    expect(await db.role.count({ where: { organizationId, nameKey: "closer" } })).toBe(0);
    await importButton.click();
    const dialog = page.getByRole("dialog", { name: "Import this configuration?" });
    await dialog.getByText(/1 to create, 1 to change/).waitFor();
    // measured once the dialog has faded in (half-transparent text measures at half its contrast)
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll(".mantine-Modal-content")).every(
        (node) => getComputedStyle(node).opacity === "1",
      ),
    );
    await noViolations(page);
    await dialog.getByRole("button", { name: "Import configuration" }).click();
    await expectToast(page, "Configuration imported: 1 item created, 1 changed.");
    await page.getByRole("button", { name: "Import another archive" }).waitFor();
    expect(await db.role.count({ where: { organizationId, nameKey: "closer" } })).toBe(1);
    const timezone = await db.organizationSetting.findUniqueOrThrow({
      where: { organizationId_key: { organizationId, key: "timezone" } },
    });
    expect(timezone.value).toBe("America/Chicago");
    await noViolations(page);
    expect(browser.errors.filter((error) => error.startsWith("pageerror"))).toEqual([]);
  });

  it("shows a clear error for a file that is not an archive", async () => {
    const { page } = browser;
    await page.getByRole("button", { name: "Import another archive" }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: "notes.zip",
      mimeType: "application/zip",
      buffer: Buffer.from("these are notes, not a zip"),
    });
    const alert = page.getByRole("alert").filter({ hasText: "notes.zip cannot be imported" });
    await alert.getByText(/not a zip archive/).waitFor();
    await noViolations(page);
  });

  it("the support user exports another organization's configuration", async () => {
    const support = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
    try {
      const { page } = support;
      await page.goto("/sign-in");
      await signIn(page, app.users.support, DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname !== "/sign-in");
      await page.goto(`/import-export/export?org=${app.demo.organizations.customer}`);
      await page.getByText("Support access").waitFor();
      await page.getByRole("table", { name: "What the export holds" }).getByRole("row", { name: /Roles/ }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download configuration" }).click(),
      ]);
      const archive = await readConfigurationArchive(await readFile((await download.path())!));
      expect(archive.sections.roles).toContainEqual(expect.objectContaining({ name: "Closer" }));
      await noViolations(page);
    } finally {
      await support.close();
    }
  });

  it("a member with package permissions only is not offered it and gets the unauthorized page", async () => {
    const member = await launchBrowser({ baseURL: app.url, bypassCSP: true });
    try {
      const { page } = member;
      await page.goto("/sign-in");
      await signIn(page, app.users.member, DEMO_PASSWORD);
      await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
      const administration = page.getByRole("button", { name: "Administration" });
      if ((await administration.count()) > 0) {
        await administration.click();
        await page.getByRole("menuitem").first().waitFor();
        expect(await page.getByRole("menuitem").allInnerTexts()).not.toContain("Organization import/export");
        await page.keyboard.press("Escape");
      }
      await page.goto("/import-export/import");
      await page
        .getByRole("heading", { name: "You don't have permission to open Organization import/export" })
        .waitFor();
      await noViolations(page);
    } finally {
      await member.close();
    }
  });
});
