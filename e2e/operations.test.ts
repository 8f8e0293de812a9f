import { MAX_OUTBOX_ATTEMPTS } from "@signet/core";
import { testRedisPrefix, testRedisUrl } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";

// Issue 14 §4: a support user opens Services and queues from the Support menu, sees every
// dependency checked, opens the read-only queue dashboard and puts a parked job back in line; the
// organization's administrator and a member are not offered the page and cannot open it.
describe("Services and queues", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp({ REDIS_URL: testRedisUrl(), REDIS_PREFIX: testRedisPrefix() });
    await app.server.db.outboxMessage.create({
      data: {
        queue: "email",
        jobName: "email.send",
        payload: {},
        idempotencyKey: `e2e-operations:${crypto.randomUUID()}`,
        attempts: MAX_OUTBOX_ATTEMPTS,
        lastError: "Redis connection lost while publishing",
        publishedAt: new Date(),
      },
    });
    browser = await launchBrowser({ baseURL: app.url, bypassCSP: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("shows a support user every service, the queue dashboard, and requeues a parked job", async () => {
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, app.users.support, DEMO_PASSWORD);
    await page.getByRole("button", { name: "Support", exact: true }).click();
    await page.getByRole("menuitem", { name: "Services and queues" }).click();
    await page.getByRole("heading", { name: "Services and queues", level: 1 }).waitFor();

    const services = page.getByRole("table", { name: "Services" });
    const database = services.getByRole("row", { name: /Database \(PostgreSQL\)/ });
    await database.getByText("Working").waitFor();
    expect(await database.textContent()).toMatch(/\d+\.\d+/);
    await services
      .getByRole("row", { name: /Job queue \(Redis\)/ })
      .getByText("Working")
      .waitFor();
    await services
      .getByRole("row", { name: /eVault/ })
      .getByText("Not configured")
      .waitFor();
    await page.getByRole("table", { name: "Job queues" }).getByRole("cell", { name: "sealing" }).waitFor();

    const parked = page.getByRole("table", { name: "Parked jobs" });
    await parked.getByText("Redis connection lost while publishing").waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    const link = page.getByRole("link", { name: "Open the queue dashboard" });
    expect(await link.getAttribute("href")).toBe("/admin/queues");

    await parked.getByRole("button", { name: /^Requeue email\.send job/ }).click();
    await page.getByText("The email.send job is back in line").waitFor();
    await page.getByText("No parked jobs").waitFor();
  });

  it("serves the queue dashboard under the product's own Content-Security-Policy", async () => {
    // a browser that keeps the CSP: the dashboard's scripts must run under it
    const strict = await launchBrowser({ baseURL: app.url });
    try {
      await strict.page.goto("/sign-in");
      await signIn(strict.page, app.users.support, DEMO_PASSWORD);
      await strict.page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
      await strict.page.goto("/admin/queues");
      await strict.page.getByText("Signet queues").first().waitFor();
      await strict.page.getByText("sealing", { exact: true }).first().waitFor();
    } finally {
      await strict.close();
    }
  });

  for (const persona of ["admin", "member"] as const) {
    it(`is neither offered nor open to the ${persona}`, async () => {
      const { context } = browser;
      await context.clearCookies();
      const page = await context.newPage();
      await page.goto("/sign-in");
      await signIn(page, app.users[persona], DEMO_PASSWORD);
      await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Support", exact: true }).click();
      await page.getByRole("menuitem", { name: "Documentation" }).waitFor();
      expect(await page.getByRole("menuitem", { name: "Services and queues" }).count()).toBe(0);
      await page.keyboard.press("Escape");
      await page.goto("/operations");
      await page.getByRole("heading", { name: "You don't have permission to open this page" }).waitFor();
      await page.getByText("Only Signet support staff can open it.", { exact: false }).waitFor();
      const answer = await page.request.get("/admin/queues");
      expect(answer.status()).toBe(403);
      await page.close();
    });
  }
});
