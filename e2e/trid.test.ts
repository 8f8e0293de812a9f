import { type Package, SETTINGS_TOASTS } from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast, pickOption } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { readAsPage } from "./support/package-helpers.ts";

// Issue 16 §1: an administrator of an organization with TRID saves the TRID settings, makes a new
// package a Closing Disclosure e-mailed on Wed 2026-07-01 and sees it deemed received Mon 07-06 with
// the earliest consummation Thu 07-09 (DOMAIN.md §5 fixture 2); the package page shows both.

describe("TRID package", () => {
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

  async function expectAccessible(page: Page, where: string) {
    const violations = await axeViolations(page);
    expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
  }

  /** Does `action` and waits for the package's PATCH to succeed and the package to be read again. */
  async function afterSave(page: Page, action: () => Promise<void>) {
    const isPackage = (url: string) => /\/packages\/[0-9a-f-]{36}$/.test(new URL(url).pathname);
    const patched = page.waitForResponse((r) => r.request().method() === "PATCH" && isPackage(r.url()));
    const reread = page.waitForResponse((r) => r.request().method() === "GET" && isPackage(r.url()));
    await action();
    expect((await patched).status()).toBe(200);
    await reread;
  }

  it("sets the TRID fields in the builder and sees the legal dates", async () => {
    const organizationId = app.demo.organizations.customer;
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();

    // with TRID off the page says so; once on, the note goes
    await page.goto("/settings?page=trid");
    const offNote = page.getByText("TRID is off for this organization");
    await offNote.waitFor();
    await app.server.db.organization.update({ where: { id: organizationId }, data: { enabledTrid: true } });
    await page.reload();
    await page.getByRole("button", { name: "Save TRID settings" }).waitFor();
    expect(await offNote.count()).toBe(0);

    // the TRID settings page saves with its toast
    const days = page.getByRole("textbox", { name: "Loan Estimate expiration (business days)" });
    await days.fill("12");
    await page.getByRole("button", { name: "Save TRID settings" }).click();
    await expectToast(page, SETTINGS_TOASTS.trid);
    await expectAccessible(page, "TRID settings");

    await page.goto("/workspace");
    await page.getByRole("button", { name: "New package" }).click();
    await page.waitForURL(/\/build\?step=1$/);
    const packageId = /packages\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? "";
    await page.getByRole("heading", { name: "TRID", level: 2 }).waitFor();
    await afterSave(page, () => pickOption(page, "Disclosure", /^Closing Disclosure$/));
    await afterSave(page, () => pickOption(page, "Delivery method", "Electronic"));
    const sentOn = page.getByRole("textbox", { name: "Sent on" });
    await afterSave(page, async () => {
      await sentOn.fill("2026-07-01");
      await sentOn.press("Tab");
    });
    const saved = await readAsPage<Package>(page, app, `/api/v9/organizations/${organizationId}/packages/${packageId}`);
    expect(saved.trid).toMatchObject({
      tridPackageType: "CLOSING_DISCLOSURE",
      tridDeliveryMethod: "ELECTRONIC",
      tridSentAt: "2026-07-01",
      tridExpirationDays: 12,
      dates: { deemedReceived: "2026-07-06", earliestConsummation: "2026-07-09" },
    });

    await expect.poll(() => page.getByTestId("trid-deemedReceived").textContent()).toBe("Mon, Jul 6, 2026");
    await expect.poll(() => page.getByTestId("trid-earliestConsummation").textContent()).toBe("Thu, Jul 9, 2026");
    await page.getByText("counts as received 3 business days later", { exact: false }).waitFor();
    await expectAccessible(page, "builder with TRID");
    await sentOn.click();
    await page.getByRole("button", { name: "Previous month" }).waitFor();
    await expectAccessible(page, "builder with the Sent on calendar open");
    await page.keyboard.press("Escape");

    await page.goto(`/packages/${packageId}`);
    await page.getByRole("heading", { name: "TRID: Closing Disclosure", level: 2 }).waitFor();
    await page.getByText("Mon, Jul 6, 2026").waitFor();
    await page.getByText("Thu, Jul 9, 2026").waitFor();
    await expectAccessible(page, "package page with TRID");
    expect(browser.errors).toEqual([]);
  });
});
