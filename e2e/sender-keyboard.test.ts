import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAsPage } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { FIXTURE_PDFS } from "./support/package-helpers.ts";

// Issue 33 §3: the sender's shortcuts work from the keyboard alone: a recent contact is found by
// typing and chosen with the arrow keys and Enter, and a signer's signature block is placed with
// Enter (on the page in view), as three ordinary tags named after the signer.

describe("the sender's shortcuts from the keyboard", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ baseURL: app.url, viewport: { width: 1366, height: 768 }, bypassCSP: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("adds a recent contact and places their signature block without the mouse", async () => {
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, app.users.member, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    const orgId = app.demo.organizations.customer;
    const packages = `/api/v9/organizations/${orgId}/packages`;
    const earlier = await apiAsPage(page, app, "POST", packages, { name: "Okafor: initial disclosures" });
    expect(earlier.status, JSON.stringify(earlier.body)).toBe(201);
    const earlierId = (earlier.body as { id: string }).id;
    const participants = (packageId: string) => `/api/v5/organizations/${orgId}/packages/${packageId}/participants`;
    const added = await apiAsPage(page, app, "POST", participants(earlierId), {
      type: "Borrower",
      givenName: "Ada",
      familyName: "Okafor",
      email: "ada.okafor@example.com",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const closing = await apiAsPage(page, app, "POST", packages, { name: "Okafor: closing" });
    const packageId = (closing.body as { id: string }).id;

    await page.goto(`/packages/${packageId}/build?step=1`);
    const picker = page.getByRole("combobox", { name: "Add someone you have sent to before" });
    await picker.focus();
    await page.keyboard.type("okafor");
    await page.getByRole("option", { name: "Ada Okafor · ada.okafor@example.com · Borrower" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.getByRole("table", { name: "Participants" }).getByText("Ada Okafor").waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await page.goto(`/packages/${packageId}/build?step=2`);
    await page.getByLabel("Choose files to upload").setInputFiles(`${FIXTURE_PDFS}pdflatex-4-pages.pdf`);
    await page.locator('[data-testid="page-1"] canvas').waitFor();
    await page
      .getByRole("button", { name: "Add a signature block (signature, initials and date signed) for Ada Okafor" })
      .focus();
    await page.keyboard.press("Enter");
    const tags = page.getByTestId("placed-tag");
    await expect.poll(() => tags.count()).toBe(3);
    const texts = (await tags.allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim());
    expect(texts).toEqual(
      ["Signature", "Initials", "Date signed"].map((type) => `${type} * Ada Okafor , required, page 1`),
    );
  });
});
