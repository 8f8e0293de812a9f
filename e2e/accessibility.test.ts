import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type AxeViolation, axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { adminClient, buildPackage } from "./support/signing-helpers.ts";

// UX.md "Accessibility": axe-core finds no serious or critical WCAG 2.1 AA violation on the admin
// app's main pages, signed in as the demo admin on a desktop screen.

describe("admin app accessibility (axe-core)", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("has no serious or critical violation on sign-in, workspace, builder and package pages", async () => {
    const { page } = browser;
    const found: Record<string, AxeViolation[]> = {};

    await page.goto(`${app.url}/sign-in`);
    await page.getByRole("heading", { name: "Sign in to Signet" }).waitFor();
    found["sign-in"] = await axeViolations(page);

    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("table").first().waitFor();
    found.workspace = await axeViolations(page);

    await page.getByRole("button", { name: "New package" }).click();
    await page.waitForURL(/\/packages\/[0-9a-f-]+\/build\?step=1$/);
    await page.getByLabel("Package name").waitFor();
    found["builder step 1"] = await axeViolations(page);

    const client = await adminClient(app);
    const { pkg } = await buildPackage(app, client, {
      name: "Accessible purchase",
      send: true,
      participants: [{ type: "Borrower", givenName: "Ada", familyName: "Stone", email: "ada.a11y@example.com" }],
    });
    await page.goto(`${app.url}/packages/${pkg.id}`);
    await page.getByRole("heading", { name: "Accessible purchase", level: 1 }).waitFor();
    await page.getByRole("table", { name: "Participants" }).waitFor();
    found.package = await axeViolations(page);

    const report = Object.entries(found)
      .filter(([, violations]) => violations.length > 0)
      .map(([name, violations]) => `${name}:\n${describeViolations(violations)}`)
      .join("\n\n");
    expect(report, report).toBe("");
  });
});
