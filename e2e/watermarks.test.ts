import { WATERMARK_MESSAGES } from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { dismissToast } from "./support/toasts.ts";

// Issue 15 §4: Settings → Watermarks. The administrator adds a watermark template (variable chips,
// style, live preview) and a rule, and sees the spec's toasts; a member with package permissions
// only has no Settings; the support user changes the system default after the spec's confirmation
// ("affects all organizations").

describe("watermarks", () => {
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

  const openWatermarks = async (page: Page) => {
    await page.goto("/settings?page=watermarks");
    await page.getByRole("heading", { name: "Watermark templates", level: 2 }).waitFor();
  };

  it("the administrator adds a template and a rule and sees the toasts", async () => {
    const { page } = browser;
    const org = app.demo.organizations.customer;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await openWatermarks(page);
    await page.getByRole("tab", { name: "Watermarks", exact: true }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Add watermark template" }).click();
    const editor = page.getByRole("region", { name: "New watermark template" });
    await editor.getByRole("textbox", { name: "Name" }).fill("Vault copy");
    const text = editor.getByRole("textbox", { name: "Watermark text" });
    await text.fill("VAULT COPY ");
    await editor.getByRole("button", { name: "{requester}" }).click();
    await expect.poll(() => text.inputValue()).toBe("VAULT COPY {requester}");
    await editor.getByRole("textbox", { name: "Angle (degrees)" }).fill("30");
    // the live preview follows the text before it is saved (sample values)
    await editor.getByRole("img", { name: "Preview: VAULT COPY Sam Sender" }).waitFor();
    // leaving with the change unsaved asks; Cancel stays
    await page.getByRole("tab", { name: "Branding", exact: true }).click();
    const unsaved = page.getByRole("dialog", { name: "Unsaved changes" });
    await unsaved.getByRole("button", { name: "Cancel" }).click();
    await unsaved.waitFor({ state: "hidden" });
    await expectNoAxeViolations(page);
    await editor.getByRole("button", { name: "Save watermark" }).click();
    await dismissToast(page, WATERMARK_MESSAGES.saved);
    const template = await app.server.db.watermarkTemplate.findFirstOrThrow({
      where: { organizationId: org, name: "Vault copy" },
    });
    expect([template.text, template.angle]).toEqual(["VAULT COPY {requester}", 30]);
    await page
      .getByRole("table", { name: "Watermark templates" })
      .getByRole("button", { name: "Edit Vault copy" })
      .waitFor();

    await page.getByRole("button", { name: "Add rule" }).click();
    await page.getByRole("combobox", { name: "Rule 1 requester" }).click();
    await page.getByRole("option", { name: "Participant (signing room)" }).click();
    await page.getByRole("combobox", { name: "Rule 1 watermark" }).click();
    await page.getByRole("option", { name: "Vault copy" }).click();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Save rules" }).click();
    await dismissToast(page, WATERMARK_MESSAGES.rulesSaved);
    const rules = await app.server.db.watermarkRule.findMany({ where: { organizationId: org } });
    expect(rules.map((rule) => [rule.packageStatus, rule.requesterType, rule.templateId, rule.priority])).toEqual([
      ["EDEPOSITED", "PARTICIPANT", template.id, 0],
    ]);

    // an organization administrator sees the system default but cannot change it
    await page.getByRole("heading", { name: "System default watermark" }).waitFor();
    expect(await page.getByRole("button", { name: "Save default watermark" }).count()).toBe(0);
  });

  it("a member with package permissions only cannot open the watermarks", async () => {
    const member = await launchBrowser({ baseURL: app.url, bypassCSP: true });
    try {
      const { page } = member;
      await page.goto("/sign-in");
      await signIn(page, app.users.member, DEMO_PASSWORD);
      await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
      await page.goto("/settings?page=watermarks");
      await page.getByRole("heading", { name: "You don't have permission to open Settings" }).waitFor();
      expect(await page.getByRole("heading", { name: "Watermark templates" }).count()).toBe(0);
      await expectNoAxeViolations(page);
    } finally {
      await member.close();
    }
  });

  it("the support user changes the system default after confirming it affects all organizations", async () => {
    const support = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
    try {
      const { page } = support;
      await page.goto("/sign-in");
      await signIn(page, app.users.support, DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname !== "/sign-in");
      await openWatermarks(page);
      const section = page.getByRole("heading", { name: "System default watermark" });
      await section.waitFor();
      const texts = page.getByRole("textbox", { name: "Watermark text" });
      // the default's editor is the last text box on the page (no template editor is open)
      const defaultText = texts.last();
      await defaultText.fill("COPY — {documentName} — {time}");
      await page.getByRole("button", { name: "Save default watermark" }).click();
      const confirm = page.getByRole("dialog", { name: WATERMARK_MESSAGES.defaultConfirmTitle });
      await confirm.getByText("This cannot be undone.", { exact: false }).waitFor();
      // cancelling changes nothing
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "hidden" });
      await expectNoAxeViolations(page);
      const before = await app.server.db.watermarkTemplate.findFirstOrThrow({ where: { systemDefault: true } });
      expect(before.text).not.toBe("COPY — {documentName} — {time}");

      await page.getByRole("button", { name: "Save default watermark" }).click();
      await confirm.getByRole("button", { name: "Change the default" }).click();
      await dismissToast(page, WATERMARK_MESSAGES.defaultSaved);
      const after = await app.server.db.watermarkTemplate.findFirstOrThrow({ where: { systemDefault: true } });
      expect([after.text, after.version]).toEqual(["COPY — {documentName} — {time}", before.version + 1]);
      const audited = await app.server.db.auditEvent.count({ where: { type: "watermark-template.default-updated" } });
      expect(audited).toBe(1);
    } finally {
      await support.close();
    }
  });
});
