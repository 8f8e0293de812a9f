import { EMAIL_TEMPLATE_MESSAGES, missingVariableMessage } from "@signet/contract";
import { signNotificationLink } from "@signet/core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast, pickOption } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { currentPath, signIn } from "./support/journeys.ts";

// Issue 14 §2 (web): the administrator shapes the invitation email and sees it rendered by the
// server; the support user reads the record of every message across organizations and filters it;
// the member with package permissions only cannot reach either; a sender opens the daily summary's
// signed link without signing in.
describe("Email templates and notifications", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ baseURL: app.url, bypassCSP: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const expectNoAxeViolations = async (page: Page) => {
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  };
  const signOut = async (page: Page) => {
    await browser.context.clearCookies();
    await page.goto("/sign-in");
  };
  const adminOrganization = async () => {
    const admin = await app.server.db.user.findFirstOrThrow({ where: { email: app.users.admin } });
    return { adminId: admin.id, organizationId: admin.homeOrganizationId! };
  };

  it("the administrator customizes the invitation email, sees the live preview, is stopped by an unknown variable and restores the default", async () => {
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Administration" }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();

    // Settings › Email: the From name and Reply-To of every email
    await page.getByRole("tab", { name: "Email", exact: true }).click();
    await page.getByRole("textbox", { name: "From name" }).fill("First Street Bank");
    const replyTo = page.getByRole("textbox", { name: "Reply-to address" });
    await replyTo.fill("not-an-address");
    await replyTo.blur();
    await page.getByText("Enter an email address like name@example.com").waitFor();
    await replyTo.fill("loans@firststreet.example");
    await page.getByRole("button", { name: "Save email settings" }).click();
    await expectToast(page, "Email settings updated.");
    await expectNoAxeViolations(page);

    await page.getByRole("tab", { name: "Email templates" }).click();
    await page.waitForURL((url) => url.pathname === "/settings/email-templates");
    await page
      .getByRole("row", { name: /Package invitation/ })
      .getByText("Built-in text")
      .waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Customize: Package invitation" }).click();
    await page.getByRole("textbox", { name: "Name" }).fill("Mortgage invitation");
    await page.getByRole("button", { name: "Create template" }).click();
    await expectToast(page, 'Email template "Mortgage invitation" added.');
    await page.getByRole("heading", { name: "Mortgage invitation", level: 1 }).waitFor();
    expect(currentPath(page)).toMatch(/^\/settings\/email-templates\/[0-9a-f-]{36}$/);

    // the preview is the server's rendering with sample data
    await expect.poll(() => page.getByTestId("preview-subject").textContent()).toBe("Your documents are ready");
    const subject = page.getByRole("textbox", { name: "Subject" });
    await subject.fill("Documents for ");
    await page.getByRole("button", { name: "Insert variable" }).click();
    await page.getByRole("menuitem", { name: /\{\{participant\.name\}\}/ }).click();
    await expect.poll(() => subject.inputValue()).toBe("Documents for {{participant.name}}");
    await expect.poll(() => page.getByTestId("preview-subject").textContent()).toBe("Documents for Maria Lopez");
    const preview = page.frameLocator('iframe[title="Email preview"]');
    await preview.getByText("Hello Maria Lopez,").waitFor();
    await expectNoAxeViolations(page);

    // an unknown variable: the preview says why, and saving is refused with the same words
    const body = page.getByRole("textbox", { name: "Message (HTML)" });
    await body.fill("<p>Dear {{participant.nmae}}</p>");
    await page
      .getByText(/Unknown variable \{\{participant\.nmae\}\}/)
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Save template" }).click();
    await page
      .getByText(/Unknown variable \{\{participant\.nmae\}\}/)
      .first()
      .waitFor();
    await body.fill("<p>Dear {{participant.name}}, {{sender.name}} sent {{package.name}}.</p>");
    await preview.getByText("Dear Maria Lopez, Sam Sender sent Home loan — 12 Elm Street.").waitFor();

    // leaving with unsaved changes asks first
    await page.getByRole("link", { name: "Email templates" }).click();
    await page
      .getByRole("dialog")
      .getByText(/unsaved/i)
      .first()
      .waitFor();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /cancel|stay/i })
      .click();
    expect(currentPath(page)).toMatch(/^\/settings\/email-templates\/[0-9a-f-]{36}$/);

    // an invitation without the signing link is refused, next to the message, naming the variable
    await page.getByRole("button", { name: "Save template" }).click();
    await page.getByText(missingVariableMessage("invitation", "signingLink")).waitFor();
    await expect.poll(() => body.getAttribute("aria-invalid")).toBe("true");

    // with it, saved; a script is removed and the administrator is told
    await body.fill(
      '<p>Dear {{participant.name}}, {{sender.name}} sent {{package.name}}.</p><p><a href="{{signingLink}}">Review</a></p><script>alert(1)</script>',
    );
    await page.getByRole("button", { name: "Save template" }).click();
    await expectToast(page, EMAIL_TEMPLATE_MESSAGES.savedWithoutUnsafeHtml);
    await expect.poll(() => body.inputValue()).not.toContain("<script>");
    const { organizationId } = await adminOrganization();
    const saved = await app.server.db.emailTemplate.findFirstOrThrow({ where: { organizationId, kind: "invitation" } });
    expect([saved.subjectEn, saved.bodyEn, saved.isDefault]).toEqual([
      "Documents for {{participant.name}}",
      '<p>Dear {{participant.name}}, {{sender.name}} sent {{package.name}}.</p><p><a href="{{signingLink}}">Review</a></p>',
      true,
    ]);

    await page.locator("label", { hasText: /^Spanish$/ }).click();
    // the Spanish version starts from the built-in Spanish text, previewed in Spanish
    await preview.getByText("Hola Maria Lopez:").waitFor();

    await page.getByRole("button", { name: "Restore default" }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /restore|confirm|yes|ok/i })
      .click();
    await expectToast(page, "Default restored.");
    await page.locator("label", { hasText: /^English$/ }).click();
    await expect.poll(() => page.getByRole("textbox", { name: "Subject" }).inputValue()).toBe("{{subject}}");
  });

  it("the support user opens Notifications and filters the record by organization, status and recipient", async () => {
    const { page } = browser;
    await signOut(page);
    const { organizationId } = await adminOrganization();
    const other = await app.server.db.organization.findFirstOrThrow({ where: { NOT: { id: organizationId } } });
    const now = new Date();
    await app.server.db.notificationRecord.createMany({
      data: [
        {
          messageKey: "email:e2e:sent",
          organizationId,
          channel: "EMAIL",
          kind: "invitation",
          recipient: "ada.okafor@example.com",
          subject: "Your documents are ready",
          status: "SENT",
          answer: "250 2.0.0 Ok: queued",
          lastAttemptAt: now,
        },
        {
          messageKey: "email:e2e:failed",
          organizationId,
          channel: "EMAIL",
          kind: "reminder",
          recipient: "bounce@example.com",
          subject: "Reminder: Okafor refinance is waiting for you",
          status: "FAILED",
          answer: "550 5.1.1 Mailbox does not exist",
          attempts: 3,
          lastAttemptAt: now,
        },
        {
          messageKey: "sms:e2e:other",
          organizationId: other.id,
          channel: "SMS",
          kind: "verification-code",
          recipient: "5551234567",
          status: "SENT",
          answer: "Accepted by the SMS gateway",
          lastAttemptAt: now,
        },
      ],
    });

    await page.goto("/sign-in");
    await signIn(page, app.users.support, DEMO_PASSWORD);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.getByRole("button", { name: "Administration" }).click();
    await page.getByRole("menuitem", { name: "Notifications" }).click();
    await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
    const table = page.getByRole("table", { name: "Emails and text messages" });
    await table.getByText("•••••• 4567").waitFor();
    await table.getByText("a•••@example.com").waitFor();
    await expectNoAxeViolations(page);

    await pickOption(page, "Status", "Failed");
    await page.waitForURL((url) => url.searchParams.get("status") === "FAILED");
    await table.getByText("550 5.1.1 Mailbox does not exist").waitFor();
    await expect.poll(() => table.getByText("a•••@example.com").count()).toBe(0);
    await page.getByText("3 attempts").waitFor();

    await page.getByRole("combobox", { name: "Status" }).click();
    await page.keyboard.press("Escape");
    const recipient = page.getByRole("textbox", { name: "Recipient" });
    await recipient.fill("nobody@example.com");
    await recipient.press("Enter");
    await page.getByText("No message matches these filters.").waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await table.getByText("•••••• 4567").waitFor();
    await page.getByRole("button", { name: "Time" }).click();
    await page.waitForURL((url) => url.searchParams.get("sortDirection") === "asc");
    await table.getByText("•••••• 4567").waitFor();

    // a deep link keeps the filters
    await page.goto(`/notifications?organizationId=${other.id}&channel=SMS`);
    await table.getByText("•••••• 4567").waitFor();
    await expect.poll(() => table.getByText("b•••@example.com").count()).toBe(0);
  });

  it("the member with package permissions only reaches neither the Notifications nor the email template pages", async () => {
    const { page } = browser;
    await signOut(page);
    await signIn(page, app.users.member, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    // the demo member's Administration menu holds the demos at most: no Settings, no Notifications
    const administration = page.getByRole("button", { name: "Administration" });
    if ((await administration.count()) > 0) {
      await administration.click();
      const items = await page.getByRole("menuitem").allInnerTexts();
      expect(items).not.toContain("Notifications");
      expect(items).not.toContain("Settings");
      await page.keyboard.press("Escape");
    }
    await page.goto("/notifications");
    await page.waitForURL((url) => url.pathname === "/forbidden");
    await page.getByRole("heading", { name: "You don't have permission to open this page" }).waitFor();
    await page.goto("/settings/email-templates");
    await page.getByRole("heading", { name: "You don't have permission to open email templates" }).waitFor();
  });

  it("a sender opens the daily summary and its failed deliveries from the signed link without signing in, and a tampered link is refused", async () => {
    const { page } = browser;
    await browser.context.clearCookies();
    const { adminId, organizationId } = await adminOrganization();
    const token = signNotificationLink(app.server.deps.linkKey, {
      userId: adminId,
      organizationId,
      windowEnd: new Date(Date.now() + 3_600_000),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await page.goto(`/notification-summary?token=${token}`);
    await page.getByRole("heading", { name: "Your packages in the last day", level: 1 }).waitFor();
    await page.getByText(/here is what happened to your packages/).waitFor();
    await expectNoAxeViolations(page);

    await page.goto(`/notification-report?token=${token}`);
    await page.getByRole("heading", { name: "Failed deliveries", level: 1 }).waitFor();
    await page
      .getByText(/No delivery failed in that day|Why it failed/)
      .first()
      .waitFor();
    await expectNoAxeViolations(page);

    await page.goto(`/notification-report?token=${token.slice(0, -3)}AAA`);
    await page.getByText("This link is not valid.", { exact: false }).waitFor();
    expect(currentPath(page)).toMatch(/^\/notification-report/);
  });
});
