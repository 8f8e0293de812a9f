import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { FIXTURE_PDFS, readAsPage } from "./support/package-helpers.ts";

// Step 2 of the builder (spec §2): two real PDFs uploaded through the file chooser, a signature
// tag dragged onto page 1, resized and saved; the API then holds it on page 1 in PDF points.

const FIXTURES = FIXTURE_PDFS.replace(/\/$/, "");

describe("package tags", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("uploads two PDFs, drags a signature onto page 1, resizes it and saves", async () => {
    const { page } = browser;
    const org = app.demo.organizations.customer;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("button", { name: "New package" }).click();
    await page.waitForURL(/\/packages\/[0-9a-f-]+\/build\?step=1$/);
    const packageId = page.url().match(/packages\/([0-9a-f-]+)\/build/)?.[1] as string;
    const form = page.getByRole("form", { name: "Add participant" });
    await form.getByLabel("Type").fill("Borrower");
    await page.keyboard.press("Escape");
    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel("Last name").fill("Stone");
    await form.getByRole("textbox", { name: "Email" }).fill("ada@example.com");
    await form.getByRole("button", { name: "Add participant" }).click();
    await page.getByRole("table", { name: "Participants" }).getByText("Ada Stone").waitFor();

    await page.goto(`/packages/${packageId}/build?step=2`);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose files", exact: true }).click();
    await (await chooser).setFiles([`${FIXTURES}/minimal-document.pdf`, `${FIXTURES}/pdflatex-4-pages.pdf`]);
    await page.locator('[data-testid="upload-item"][data-status="done"]').nth(1).waitFor();
    await page.getByTestId("document-row").nth(1).waitFor();

    const docs = await readAsPage<{ records: { id: string; name: string }[] }>(
      page,
      app,
      `/api/v4/organizations/${org}/packages/${packageId}/documents`,
    );
    expect(docs.records).toHaveLength(2);

    const page1 = page.getByTestId("page-1");
    await page1.locator("canvas").waitFor();
    await page.getByTestId("palette-SIGNATURE").dragTo(page1, { targetPosition: { x: 120, y: 150 } });
    const tag = page.getByTestId("placed-tag").first();
    await tag.waitFor();
    const before = await tag.boundingBox();
    if (!before) throw new Error("placed tag has no box");
    // react-rnd's bottom-right handle sits on the corner
    await page.mouse.move(before.x + before.width - 2, before.y + before.height - 2);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width + 40, before.y + before.height + 20, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await tag.boundingBox())?.width ?? 0).toBeGreaterThan(before.width + 20);

    // no Save button (issue 11 §2): the placed and resized tag saves itself
    await page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
    const document = docs.records[0] as { id: string };
    await expect
      .poll(async () => {
        const body = await readAsPage<unknown>(
          page,
          app,
          `/api/v6/organizations/${org}/packages/${packageId}/executable-documents/${document.id}/tags`,
        );
        return JSON.stringify(body);
      })
      .toContain('"type":"SIGNATURE"');
    const body = await readAsPage<{ records: { type: string; page: number; x: number; y: number; width: number }[] }>(
      page,
      app,
      `/api/v6/organizations/${org}/packages/${packageId}/executable-documents/${document.id}/tags`,
    );
    const saved = body.records.find((t) => t.type === "SIGNATURE");
    expect(saved?.page).toBe(1);
    expect(saved?.x).toBeGreaterThan(0);
    expect(saved?.x).toBeLessThan(612);
    expect(saved?.y).toBeGreaterThan(0);
    expect(saved?.width).toBeGreaterThan(9);
  });
});
