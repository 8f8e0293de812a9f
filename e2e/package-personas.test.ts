import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { FIXTURE_PDFS } from "./support/package-helpers.ts";

// Issue 11 §1: every demo persona builds and sends a package from the workspace, so that no persona
// can lose a screen again. The loan officer (package permissions only) once got "Something went
// wrong!" from the builder, and each try left an empty draft behind.

describe("every persona builds and sends a package from the workspace", () => {
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

  async function saveCounterSettles(page: Page) {
    await page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
  }

  async function buildAndSend(page: Page, persona: string, packageName: string) {
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("button", { name: "New package" }).click();
    await page.waitForURL(/\/packages\/[0-9a-f-]+\/build\?step=1$/);
    const packageId = page.url().match(/packages\/([0-9a-f-]+)\/build/)?.[1] as string;
    await page.getByLabel("Package name").fill(packageName);
    await page.getByLabel("Package name").press("Enter");
    await saveCounterSettles(page);
    // the groups the package is shared with are offered by name, whatever the persona may administer
    await page.getByLabel("Groups").first().waitFor();

    const form = page.getByRole("form", { name: "Add participant" });
    await form.getByLabel("Type").fill("Borrower");
    await page.keyboard.press("Escape");
    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel("Last name").fill(persona);
    await form.getByRole("textbox", { name: "Email" }).fill(`ada.${persona}@example.com`);
    await form.getByRole("button", { name: "Add participant" }).click();
    await page.getByRole("table", { name: "Participants" }).getByText(`Ada ${persona}`).waitFor();

    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=2/);
    await page.getByLabel("Choose files to upload").setInputFiles([`${FIXTURE_PDFS}minimal-document.pdf`]);
    // uploads that went well lead to the tag workspace by themselves
    await page.getByTestId("workspace-document").first().waitFor();
    await page.getByRole("tab", { name: "Place tags" }).click();
    await page.getByTestId("page-1").waitFor();
    await page.waitForFunction(() => {
      const canvas = document.querySelector('[data-testid="page-1"] canvas') as HTMLCanvasElement | null;
      return canvas !== null && canvas.width > 0;
    });
    await page.getByRole("radio", { name: `Ada ${persona}` }).check();
    // a click on the palette places a signature on the page in view (dragging is covered by the package journey)
    await page.getByRole("button", { name: "Add Signature tag" }).click();
    await expect.poll(() => page.getByTestId("placed-tag").count()).toBe(1);
    const saveTags = page.getByRole("button", { name: "Save tags" });
    if ((await saveTags.count()) > 0) await saveTags.click();
    await saveCounterSettles(page);

    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=3/);
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=4/);
    await page.getByRole("button", { name: "Send package" }).click();
    await page.waitForURL(new RegExp(`/packages/${packageId}$`));
    await page.getByText("Out for signature", { exact: true }).first().waitFor();
    return packageId;
  }

  it.each([
    ["admin", () => app.users.admin],
    ["member", () => app.users.member],
    ["support", () => app.users.support],
  ])("the %s builds and sends one, leaving no draft behind", async (persona, email) => {
    const { page } = browser;
    // leave the previous persona's page before its session ends, so that nothing of it is still polling
    await page.goto("about:blank");
    await page.context().clearCookies();
    browser.errors.length = 0;
    await page.goto("/sign-in");
    await signIn(page, email(), DEMO_PASSWORD);
    const packageId = await buildAndSend(page, persona, `${persona} refinance`);

    const sent = await app.server.db.package.findUniqueOrThrow({ where: { id: packageId } });
    expect(sent.status).toBe("AVAILABLE_TO_SIGNERS");
    // one package made by this persona, the one sent: no empty draft left behind
    const user = await app.server.db.user.findUniqueOrThrow({ where: { email: email() } });
    const made = await app.server.db.package.findMany({ where: { createdById: user.id }, select: { id: true } });
    expect(made.map((row) => row.id)).toEqual([packageId]);
    expect(await page.getByText("Something went wrong!").count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });
});
