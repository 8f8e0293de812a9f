import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { FIXTURE_PDFS, readAsPage } from "./support/package-helpers.ts";

// Step 2 of the builder (spec §2, issue 11 §3): two real PDFs uploaded through the file chooser,
// then the full-window tag workspace: tags named after their participant (two signers share the
// initials AS), dropped onto page 1 and, after scrolling, page 2; a drop beside every page refused
// with a message; keyboard move, resize, duplicate and delete; undo and redo; zoom; documents
// switched from the left panel; no coordinates anywhere; no axe violation. What the API holds
// afterwards is in PDF points on the right pages.

const FIXTURES = FIXTURE_PDFS.replace(/\/$/, "");

type SavedTags = { records: { type: string; page: number; x: number; y: number; width: number; height: number }[] };

describe("package tags", () => {
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

  async function addParticipant(page: Page, type: string, first: string, last: string) {
    const form = page.getByRole("form", { name: "Add participant" });
    await form.getByLabel("Type").fill(type);
    await page.keyboard.press("Escape");
    await form.getByLabel("First name").fill(first);
    await form.getByLabel("Last name").fill(last);
    await form.getByRole("textbox", { name: "Email" }).fill(`${first.toLowerCase()}@example.com`);
    await form.getByRole("button", { name: "Add participant" }).click();
    await page.getByRole("table", { name: "Participants" }).getByText(`${first} ${last}`).waitFor();
  }

  const tagsOn = (page: Page, org: string, packageId: string, documentId: string) =>
    readAsPage<SavedTags>(
      page,
      app,
      `/api/v6/organizations/${org}/packages/${packageId}/executable-documents/${documentId}/tags`,
    );

  async function box(page: Page, index: number) {
    const found = await page.getByTestId("placed-tag").nth(index).boundingBox();
    if (!found) throw new Error(`placed tag ${index} has no box`);
    return found;
  }

  it("places, edits, undoes and saves tags in the full-window workspace", async () => {
    const { page } = browser;
    const org = app.demo.organizations.customer;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("button", { name: "New package" }).click();
    await page.waitForURL(/\/packages\/[0-9a-f-]+\/build\?step=1$/);
    const packageId = page.url().match(/packages\/([0-9a-f-]+)\/build/)?.[1] as string;
    await addParticipant(page, "Borrower", "Ada", "Stone");
    await addParticipant(page, "Co-Borrower", "Al", "Smith");

    await page.goto(`/packages/${packageId}/build?step=2`);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose files", exact: true }).click();
    await (await chooser).setFiles([`${FIXTURES}/minimal-document.pdf`, `${FIXTURES}/pdflatex-4-pages.pdf`]);
    // uploads that went well lead to the tag workspace by themselves
    await page.getByTestId("workspace-document").nth(1).waitFor();
    const docs = await readAsPage<{ records: { id: string; name: string }[] }>(
      page,
      app,
      `/api/v4/organizations/${org}/packages/${packageId}/documents`,
    );
    expect(docs.records.map((document) => document.name).sort()).toEqual(["minimal-document", "pdflatex-4-pages"]);
    // both upload at once, so either may come first
    const byName = (name: string) => docs.records.find((document) => document.name === name) as { id: string };
    const first = byName("minimal-document");
    const second = byName("pdflatex-4-pages");

    // one click opens the workspace; it fills the window under the header, only the pages scroll
    await page.getByRole("tab", { name: "Place tags" }).click();
    await page.getByTestId("workspace-document").filter({ hasText: "minimal-document" }).click();
    const page1 = page.getByTestId("page-1");
    await page1.locator("canvas").waitFor();
    const workspace = await page.getByTestId("tag-workspace").boundingBox();
    expect(workspace?.y).toBeGreaterThanOrEqual(60);
    expect((workspace?.y ?? 0) + (workspace?.height ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
    await page.getByRole("button", { name: "Page 1 of minimal-document" }).waitFor();

    // a dragged signature carries its participant's name, its label and the required mark
    await page.getByRole("radio", { name: "Ada Stone" }).check();
    await page.getByTestId("palette-SIGNATURE").dragTo(page1, { targetPosition: { x: 120, y: 150 } });
    const tags = page.getByTestId("placed-tag");
    await expect.poll(() => tags.count()).toBe(1);
    expect(await tags.first().innerText()).toMatch(/Signature \*\s+Ada Stone/);

    // the other signer with the same initials: a click adds a date where the page is in view
    await page.getByRole("radio", { name: "Al Smith" }).check();
    await page.getByTestId("palette-DATE_SIGNED").click();
    await expect.poll(() => tags.count()).toBe(2);
    expect(await tags.nth(1).innerText()).toMatch(/Date signed \*\s+Al Smith/);
    await page.getByRole("button", { name: /^Date signed\s+Al Smith\s*, required, page 1$/ }).waitFor();

    // a drop beside every page is refused with a message, never lost silently
    await page
      .getByTestId("palette-INITIALS")
      .dragTo(page.getByRole("navigation", { name: "Documents to place tags on" }), {
        targetPosition: { x: 20, y: 5 },
      });
    await page.getByTestId("drop-notice").getByText("The tag was not placed: drop it onto a page.").waitFor();
    expect(await tags.count()).toBe(2);

    // keyboard on the selected date: Shift+arrow moves 10 pt, Alt+Shift+arrow resizes 10 pt
    await tags.nth(1).click();
    const start = await box(page, 1);
    await page.keyboard.press("Shift+ArrowRight");
    await expect.poll(async () => Math.round((await box(page, 1)).x - start.x)).toBe(10);
    await page.keyboard.press("ArrowDown");
    await expect.poll(async () => Math.round((await box(page, 1)).y - start.y)).toBe(1);
    await page.keyboard.press("Alt+Shift+ArrowRight");
    await page.keyboard.press("Alt+Shift+ArrowRight");
    await expect.poll(async () => Math.round((await box(page, 1)).width - start.width)).toBe(20);
    // never under 9 points: a long run of shrinking stops there
    for (let step = 0; step < 3; step++) await page.keyboard.press("Alt+Shift+ArrowUp");
    await expect.poll(async () => Math.round((await box(page, 1)).height)).toBe(9);

    // duplicate, delete, undo, redo (keys and buttons)
    await page.keyboard.press("Control+d");
    await expect.poll(() => tags.count()).toBe(3);
    await page.keyboard.press("Delete");
    await expect.poll(() => tags.count()).toBe(2);
    await page.keyboard.press("Control+z");
    await expect.poll(() => tags.count()).toBe(3);
    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => tags.count()).toBe(2);
    await tags.nth(1).click();
    await page.keyboard.press("Control+c");
    await page.keyboard.press("Control+v");
    await expect.poll(() => tags.count()).toBe(3);
    await page.getByRole("button", { name: "Undo (Ctrl+Z)" }).click();
    await expect.poll(() => tags.count()).toBe(2);
    // undo reaches back over the resizes to the date's first size
    for (let step = 0; step < 3; step++) await page.getByRole("button", { name: "Undo (Ctrl+Z)" }).click();
    await expect.poll(async () => Math.round((await box(page, 1)).width)).toBe(Math.round(start.width));
    await page.getByRole("button", { name: "Redo (Ctrl+Shift+Z)" }).click();
    await expect.poll(async () => Math.round((await box(page, 1)).width - start.width)).toBe(20);
    await tags.nth(1).focus();
    await page.keyboard.press("Escape");
    await expect.poll(() => tags.nth(1).getAttribute("aria-pressed")).toBe("false");

    // zoom: buttons and Ctrl+plus/minus; tags stay where they are on the page
    const pageWidth = (await page1.boundingBox())?.width ?? 0;
    const tagBefore = await box(page, 0);
    const pageBefore = await page1.boundingBox();
    await page.getByRole("button", { name: "Zoom in (Ctrl+plus)" }).click();
    await page.getByTestId("zoom-level").getByText("110%").waitFor();
    await expect
      .poll(async () => Math.round((await page1.boundingBox())?.width ?? 0))
      .toBe(Math.round(pageWidth * 1.1));
    await page.getByTestId("page-area").focus();
    await page.keyboard.press("Control+-");
    await page.getByTestId("zoom-level").getByText("100%").waitFor();
    const tagAfter = await box(page, 0);
    const pageAfter = await page1.boundingBox();
    expect(Math.round(tagAfter.x - (pageAfter?.x ?? 0))).toBe(Math.round(tagBefore.x - (pageBefore?.x ?? 0)));
    await page.getByRole("button", { name: "Fit width" }).click();
    await expect.poll(async () => (await page1.boundingBox())?.width ?? 0).toBeGreaterThan(pageWidth);

    // the first document's tags save by themselves, on page 1
    await page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
    await expect
      .poll(async () => (await tagsOn(page, org, packageId, first.id)).records.map((t) => `${t.type}@${t.page}`).sort())
      .toEqual(["DATE_SIGNED@1", "SIGNATURE@1"]);

    // one click on the other document's name opens it; its second page is a thumbnail away
    await page.getByTestId("workspace-document").filter({ hasText: "pdflatex-4-pages" }).click();
    await page.getByTestId("page-4").waitFor();
    expect(
      await page.getByTestId("workspace-document").filter({ hasText: "pdflatex-4-pages" }).getAttribute("aria-current"),
    ).toBe("true");
    await expect.poll(() => tags.count()).toBe(0);
    await page.getByRole("button", { name: "Page 2 of pdflatex-4-pages" }).click();
    const page2 = page.getByTestId("page-2");
    await page2.locator("canvas").waitFor();
    await expect
      .poll(() => page.getByRole("button", { name: "Page 2 of pdflatex-4-pages" }).getAttribute("aria-current"))
      .toBe("page");
    // a drop near the corner of page 2 lands on page 2, clamped inside it
    const page2Box = await page2.boundingBox();
    if (!page2Box) throw new Error("page 2 has no box");
    await page.getByTestId("palette-SIGNATURE").dragTo(page2, {
      targetPosition: { x: page2Box.width - 5, y: 40 },
    });
    await expect.poll(() => tags.count()).toBe(1);
    await page.getByRole("button", { name: /^Signature\s+Al Smith\s*, required, page 2$/ }).waitFor();

    // the sender sees labels and names, never coordinates or point sizes
    const text = await page.locator("body").innerText();
    expect(text).not.toMatch(/\d\s*pt\b/);
    expect(text).not.toMatch(/\d+\s*×\s*\d+/);

    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // the workspace can take the whole window, over the header and the steps, and give it back
    await page.getByRole("button", { name: "Use the whole window" }).click();
    const viewport = page.viewportSize();
    await expect
      .poll(async () => {
        const whole = await page.getByTestId("tag-workspace").boundingBox();
        return [whole?.x, whole?.y, whole?.width, whole?.height];
      })
      .toEqual([0, 0, viewport?.width, viewport?.height]);
    await page.getByRole("button", { name: "Back to the builder" }).click();
    // back in the page, under the app's header
    await expect
      .poll(async () => (await page.getByTestId("tag-workspace").boundingBox())?.y ?? 0)
      .toBeGreaterThanOrEqual(60);

    await page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
    await expect.poll(async () => (await tagsOn(page, org, packageId, second.id)).records.length).toBe(1);
    const saved = (await tagsOn(page, org, packageId, second.id)).records[0];
    expect(saved?.page).toBe(2);
    expect(saved?.type).toBe("SIGNATURE");
    // clamped: its right edge on the edge of the A4 page (595.28 pt wide), not past it
    expect((saved?.x ?? 0) + (saved?.width ?? 0)).toBeCloseTo(595.28, 1);
  });
});
