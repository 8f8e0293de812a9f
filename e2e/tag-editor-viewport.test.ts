import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAsPage } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { FIXTURE_PDFS } from "./support/package-helpers.ts";

// Issue 33: on the laptops loan officers use (1280×800, 1366×768) the tag editor was a band about
// 420 px tall showing a third of a page, with the selected tag's properties below the fold. The
// page being tagged now gets most of the window, and a selected tag's properties are in view
// without scrolling the window.

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
];

describe("the tag editor on a laptop screen", () => {
  let app: TestApp;
  let browser: BrowserSession;
  let packageId: string;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ baseURL: app.url, viewport: SIZES[0]!, bypassCSP: true });
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, app.users.member, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    const orgId = app.demo.organizations.customer;
    const created = await apiAsPage(page, app, "POST", `/api/v9/organizations/${orgId}/packages`, { name: "Laptop" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    packageId = (created.body as { id: string }).id;
    const added = await apiAsPage(
      page,
      app,
      "POST",
      `/api/v5/organizations/${orgId}/packages/${packageId}/participants`,
      {
        type: "Borrower",
        givenName: "Ada",
        familyName: "Stone",
        email: "ada@example.com",
      },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    await page.goto(`/packages/${packageId}/build?step=2`);
    await page.getByLabel("Choose files to upload").setInputFiles(`${FIXTURE_PDFS}pdflatex-4-pages.pdf`);
    await page.getByTestId("tag-workspace").waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** The element's box as it is on the screen now (no scrolling to it). */
  async function onScreen(element: Locator) {
    const box = await element.boundingBox();
    if (!box) throw new Error("not shown");
    return box;
  }

  it.each(SIZES)("at $width×$height the page takes most of the window and the properties are in view", async (size) => {
    const { page } = browser;
    await page.setViewportSize(size);
    // from step 1, as a sender gets there (a reload would restore the window's scroll as it was)
    await page.goto(`/packages/${packageId}/build?step=1`);
    await page.getByRole("button", { name: "Next" }).click();
    await page.locator('[data-testid="page-1"] canvas').waitFor();

    const pages = await onScreen(page.getByTestId("page-area"));
    expect(pages.y, "the page area starts on the screen").toBeGreaterThanOrEqual(0);
    expect(pages.y + pages.height, "the page area ends on the screen").toBeLessThanOrEqual(size.height);
    expect(pages.height / size.height, "share of the window's height").toBeGreaterThanOrEqual(0.7);

    const scrolled = await page.evaluate(() => window.scrollY);
    await page.getByRole("button", { name: "Add a signature tag for Ada Stone" }).click();
    const properties = page.getByRole("group", { name: "Tag properties" });
    await properties.getByRole("button", { name: /Delete/ }).waitFor();
    const panel = await onScreen(properties);
    expect(panel.y).toBeGreaterThanOrEqual(0);
    expect(panel.y + panel.height, "the properties end on the screen").toBeLessThanOrEqual(size.height);
    expect(await page.evaluate(() => window.scrollY), "the window did not scroll").toBe(scrolled);

    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
