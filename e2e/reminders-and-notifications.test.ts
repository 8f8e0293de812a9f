import type { PackageReminderSettings } from "@signet/contract";
import { EMAIL_NOTIFICATION_MESSAGES, SETTINGS_TOASTS } from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { readAsPage } from "./support/package-helpers.ts";
import { dismissToast } from "./support/toasts.ts";

// Issue 14 §2 (web): the administrator sets the organization's reminder defaults and an email
// notification rule on Settings › Notifications (spec §8 toasts, unsaved-changes guard); the member
// with package permissions only overrides reminders for one package in step 3 and has no Settings;
// the support user opens the organization's Notifications settings.
describe("reminders and email notifications", () => {
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
    // a toast fading in or out is measured at half its contrast: check the page once toasts are gone
    await expect.poll(() => page.locator(".mantine-Notification-root").count(), { timeout: 15_000 }).toBe(0);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  };
  const stored = async (organizationId: string, key: string) =>
    (await app.server.db.organizationSetting.findUnique({ where: { organizationId_key: { organizationId, key } } }))
      ?.value;

  it("the administrator sets reminder defaults and adds an email notification", async () => {
    const { page } = browser;
    const org = app.demo.organizations.customer;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.goto("/settings");
    await page.getByRole("tablist", { name: "Settings pages" }).getByRole("tab", { name: "Notifications" }).click();

    await page.getByText("No email notifications yet.", { exact: false }).waitFor();
    await page.getByRole("switch", { name: "Send automatic reminders" }).check({ force: true });
    await page.getByRole("textbox", { name: "First reminder after (days)" }).fill("2");
    await page.getByRole("textbox", { name: "Then every (days)" }).fill("4");
    await page.getByRole("textbox", { name: "At most (reminders)" }).fill("5");
    await page.getByRole("textbox", { name: /Expiring-soon notice/ }).fill("2");
    await page.getByText("Unsaved changes").waitFor();
    await page.getByRole("button", { name: "Save reminders" }).click();
    await dismissToast(page, SETTINGS_TOASTS.notifications);
    expect([
      await stored(org, "reminders_enabled"),
      await stored(org, "reminder_first_after_days"),
      await stored(org, "reminder_interval_days"),
      await stored(org, "reminder_max_count"),
      await stored(org, "expiring_soon_days"),
    ]).toEqual(["true", "2", "4", "5", "2"]);
    await noViolations(page);

    // a rule: nothing picked is refused with the words of the API
    await page.getByRole("button", { name: "Add email notification" }).click();
    const dialog = page.getByRole("dialog", { name: "Add email notification" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Closing team");
    await dialog.getByRole("button", { name: "Add email notification" }).click();
    await dialog.getByText(EMAIL_NOTIFICATION_MESSAGES.noEvents).waitFor();
    await dialog.getByRole("checkbox", { name: "Package completed" }).check();
    await dialog.getByRole("checkbox", { name: "Package expired" }).check();
    await dialog.getByRole("checkbox", { name: "The member who sent the package" }).uncheck();
    const addresses = dialog.getByLabel("Other addresses");
    await addresses.fill("closing@lender.example.com");
    await addresses.press("Enter");
    await noViolations(page);
    await dialog.getByRole("button", { name: "Add email notification" }).click();
    await dismissToast(page, EMAIL_NOTIFICATION_MESSAGES.created);
    const row = page.getByRole("table", { name: "Email notifications" }).getByRole("row", { name: /Closing team/ });
    await row.getByText("Package completed, Package expired").waitFor();
    await row.getByText("closing@lender.example.com").waitFor();
    const rule = await app.server.db.emailNotificationRule.findFirstOrThrow({ where: { organizationId: org } });
    expect([rule.events, rule.notifySender, rule.addresses]).toEqual([
      ["PACKAGE_COMPLETED", "PACKAGE_EXPIRED"],
      false,
      ["closing@lender.example.com"],
    ]);

    // editing: closing with unsaved changes asks first; staying keeps the edit, saving shows the toast
    await page.getByRole("button", { name: "Edit Closing team" }).click();
    const edit = page.getByRole("dialog", { name: "Edit email notification" });
    await edit.getByRole("checkbox", { name: "The members of the package's groups" }).check();
    await edit.getByRole("button", { name: "Cancel" }).click();
    const ask = page.getByRole("dialog").filter({ hasText: /unsaved/i });
    await ask.waitFor();
    await ask.getByRole("button", { name: /cancel|stay/i }).click();
    await edit.getByRole("button", { name: "Save email notification" }).click();
    await dismissToast(page, SETTINGS_TOASTS.notifications);
    await expect
      .poll(
        async () => (await app.server.db.emailNotificationRule.findUniqueOrThrow({ where: { id: rule.id } })).version,
      )
      .toBe(2);
    expect(
      (await app.server.db.emailNotificationRule.findUniqueOrThrow({ where: { id: rule.id } })).notifyPackageGroups,
    ).toBe(true);
    await noViolations(page);
  });

  it("the member with package permissions only overrides the reminders of a package in step 3, and has no Settings", async () => {
    const member = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
    try {
      const { page } = member;
      const org = app.demo.organizations.customer;
      await page.goto("/sign-in");
      await signIn(page, app.users.member, DEMO_PASSWORD);
      await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
      await page.goto("/settings?page=notifications");
      await page.getByRole("heading", { name: "You don't have permission to open Settings" }).waitFor();

      await page.goto("/");
      await page.getByRole("button", { name: "New package" }).click();
      await page.waitForURL(/\/packages\/[0-9a-f-]+\/build\?step=1$/);
      const packageId = page.url().match(/packages\/([0-9a-f-]+)\/build/)?.[1] as string;
      await page.goto(`/packages/${packageId}/build?step=3`);
      const defaults = page.getByRole("checkbox", { name: "Use the organization's defaults" });
      await defaults.waitFor();
      expect(await defaults.isChecked()).toBe(true);
      await page
        .getByText(
          "A reminder after 2 day(s), then every 4 day(s), at most 5. An expiring-soon notice 2 day(s) before the package expires.",
        )
        .waitFor();
      await noViolations(page);

      await defaults.uncheck();
      await page.getByRole("textbox", { name: "First reminder after (days)" }).fill("1");
      await page.getByRole("textbox", { name: "At most (reminders)" }).fill("6");
      const url = `/api/v9/organizations/${org}/packages/${packageId}/reminder-settings`;
      await expect
        .poll(async () => (await readAsPage<PackageReminderSettings>(page, app, url)).override, { timeout: 10_000 })
        .toEqual({ enabled: true, firstAfterDays: 1, intervalDays: 4, maxCount: 6, expiringSoonDays: 2 });
      await noViolations(page);
    } finally {
      await member.close();
    }
  });

  it("the support user opens the organization's Notifications settings", async () => {
    const support = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
    try {
      const { page } = support;
      const org = app.demo.organizations.customer;
      await page.goto("/sign-in");
      await signIn(page, app.users.support, DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname !== "/sign-in");
      await page.goto(`/settings?page=notifications&org=${org}`);
      await page.getByText("Support access").waitFor();
      await page
        .getByRole("table", { name: "Email notifications" })
        .getByRole("row", { name: /Closing team/ })
        .waitFor();
      await noViolations(page);
    } finally {
      await support.close();
    }
  });
});
