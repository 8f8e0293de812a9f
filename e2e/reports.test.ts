import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";

// Issue 14 §3: an administrator reads the package report — totals, charts, a status filter kept in
// the URL — and exports it as CSV; a member without VIEW_AND_MANAGE_REPORTS is not offered Reports.
describe("Reports: the package report", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
    const db = app.server.db;
    const organizationId = app.demo.organizations.customer;
    const admin = await db.user.findUniqueOrThrow({ where: { email: app.users.admin } });
    const group = await db.group.findFirstOrThrow({ where: { organizationId }, orderBy: { createdAt: "asc" } });
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const packages = [
      { name: "Smith refinance", status: "COMPLETED", created: 6, sent: 6, completed: 3 },
      { name: "=SUM(1+1)", status: "AVAILABLE_TO_SIGNERS", created: 4, sent: 4, completed: null },
      { name: "Jones purchase", status: "STARTED", created: 1, sent: null, completed: null },
    ] as const;
    for (const [index, seed] of packages.entries()) {
      await db.package.create({
        data: {
          organizationId,
          shortId: `RPT-${index + 1}`,
          name: seed.name,
          status: seed.status,
          createdById: admin.id,
          createdAt: new Date(now - seed.created * day),
          sentAt: seed.sent === null ? null : new Date(now - seed.sent * day),
          completedAt: seed.completed === null ? null : new Date(now - seed.completed * day),
          groups: { create: [{ groupId: group.id, organizationId }] },
        },
      });
    }
    browser = await launchBrowser({ baseURL: app.url, bypassCSP: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("shows totals and charts, filters by status in the URL, and exports the CSV", async () => {
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Administration" }).click();
    await page.getByRole("menuitem", { name: "Reports" }).click();
    await page.waitForURL((url) => url.pathname === "/reports/package");
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();

    await expectText(page.getByTestId("total-packages"), "3");
    await expectText(page.getByTestId("total-completed"), "1");
    await expectText(page.getByTestId("total-median"), "3 days");
    const chart = page.getByRole("figure", { name: "Packages by status over time" });
    await chart.locator("svg.recharts-surface").first().waitFor();
    await page.getByRole("figure", { name: "Completion rate by group" }).waitFor();
    const table = page.getByRole("table", { name: "Package report" });
    await table.getByRole("link", { name: "Smith refinance" }).waitFor();
    expect(await table.getByRole("row").count()).toBe(4);

    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, "reports-package");

    // filter: only completed packages; the URL carries it (a deep link)
    // the MultiSelect's input sits inside its pills box, which takes the click and opens the list
    await page.getByRole("combobox", { name: "Status", exact: true }).click({ force: true });
    await page.getByRole("option", { name: "Completed" }).click();
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => url.searchParams.get("status")?.includes("COMPLETED") === true);
    await expectText(page.getByTestId("total-packages"), "1");
    await table.getByRole("link", { name: "Jones purchase" }).waitFor({ state: "detached" });
    expect(await table.getByRole("row").count()).toBe(2);

    // back to every status for the export
    await page.goto("/reports/package");
    await expectText(page.getByTestId("total-packages"), "3");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^package-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("Package,Short id,Status,Sender,Groups,Created,Sent,Completed,Participants,Days to complete");
    expect(lines).toHaveLength(4);
    expect(lines.some((line) => line.startsWith("'=SUM(1+1),RPT-2,Out for signature,"))).toBe(true);
    expect(lines.some((line) => line.startsWith("Smith refinance,RPT-1,Completed,"))).toBe(true);
    await page.getByText(/Exported 3 packages to package-report-/).waitFor();
    expect(browser.errors.filter((error) => error.startsWith("pageerror"))).toEqual([]);
  });

  it("the mailing report explains that it fills once print and mail is set up", async () => {
    const { page } = browser;
    await page.getByRole("tab", { name: "Mailing" }).click();
    await page.waitForURL((url) => url.pathname === "/reports/mailing");
    await page.getByText("No mailings yet").waitFor();
    await page.getByText(/fills once print and mail fulfillment is set up/).waitFor();
    await screenshot(page, "reports-mailing");
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it("a member without the reports permission is not offered Reports", async () => {
    const member = await launchBrowser({ baseURL: app.url });
    try {
      const { page } = member;
      await page.goto("/sign-in");
      await signIn(page, app.users.member, DEMO_PASSWORD);
      await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Administration" }).click();
      await page.getByRole("menuitem").first().waitFor();
      expect(await page.getByRole("menuitem").allInnerTexts()).not.toContain("Reports");
    } finally {
      await member.close();
    }
  });
});

async function expectText(locator: import("playwright-core").Locator, text: string) {
  await locator.filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).waitFor();
}
