import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../apps/api/test/support/http-client.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signInAs } from "./support/journeys.ts";
import { FIXTURE_PDFS } from "./support/package-helpers.ts";
import { buildPackage } from "./support/signing-helpers.ts";

// Issue 33 §4: what the sender sees. A refusal is one page in words with a way back (never "your
// session has ended" to someone signed in); the package page speaks plainly first and keeps
// fingerprints and recorded values behind "Technical details"; uploads that fail say why and offer
// only what can work; dead ends lead somewhere.

describe("what the sender sees", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ baseURL: app.url, bypassCSP: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function asMember(): Promise<Page> {
    await browser.context.clearCookies();
    await signInAs(browser.page, app.users.member);
    return browser.page;
  }

  async function expectRefusal(page: Page, area: string, permission: string) {
    await page.getByRole("heading", { name: `You don't have permission to open ${area}`, level: 1 }).waitFor();
    await page.getByText(`Ask an administrator of Demo Lending to give you the “${permission}” permission.`).waitFor();
    expect(await page.getByText("Your session has ended", { exact: false }).count()).toBe(0);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Try again" }).count()).toBe(0);
  }

  it("refuses the loan officer Reports and admin pages in words, with a way back to the workspace", async () => {
    const page = await asMember();
    await page.goto("/reports/package");
    await expectRefusal(page, "Reports", "Reports");
    await expectNoAxeViolations(page);
    await page.goto("/reports/mailing");
    await expectRefusal(page, "Reports", "Reports");

    await page.goto("/settings");
    await expectRefusal(page, "Settings", "View settings");
    await page.goto("/import-export/export");
    await page.getByRole("heading", { name: "You don't have permission to open Organization import/export" }).waitFor();
    await page.goto(`/organizations/${app.demo.organizations.customer}/users`);
    await expectRefusal(page, "Access control", "View users, groups and roles");

    // a page only support staff open: refused, not "session ended", and the way back works
    await page.goto("/operations");
    await page.waitForURL((url) => url.pathname === "/forbidden");
    await page.getByRole("heading", { name: "You don't have permission to open this page" }).waitFor();
    await page.getByText("Only Signet support staff can open it.", { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Go to the workspace" }).click();
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
  });

  it("lets the support user into the pages it refuses the loan officer", async () => {
    const { page } = browser;
    await browser.context.clearCookies();
    await signInAs(page, app.users.support);
    await page.goto("/operations");
    await page.getByRole("heading", { name: "Services and queues", level: 1 }).waitFor();
    expect(await page.getByText("You don't have permission", { exact: false }).count()).toBe(0);
  });

  it("answers a bad or unknown package link with a not-found page that leads back", async () => {
    const page = await asMember();
    for (const id of ["not-a-package", randomUUID()]) {
      await page.goto(`/packages/${id}`);
      await page.getByRole("heading", { name: "This package was not found", level: 1 }).waitFor();
    }
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Go to the workspace" }).click();
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
  });

  it("shows the package in plain words first, the technical details on request, and why correction is off", async () => {
    const member = new HttpClient(app.url);
    expect((await member.signIn(app.users.member, DEMO_PASSWORD)).status).toBe(200);
    const { pkg } = await buildPackage(app, member, {
      name: `Plain words ${randomUUID().slice(0, 6)}`,
      participants: [{ type: "Borrower", givenName: "Maria", familyName: "Rivera", email: "maria@example.com" }],
      send: true,
    });
    const page = await asMember();
    await page.goto(`/packages/${pkg.id}`);
    await page.getByRole("heading", { name: pkg.name, level: 1 }).waitFor();

    const documents = page.getByRole("table", { name: "Documents" });
    await documents.getByRole("link", { name: "Promissory note" }).waitFor();
    const history = page.getByRole("group", { name: "History" });
    await history.getByText("Participant invited").first().waitFor();
    const plain = await page.locator("main").textContent();
    expect(plain).not.toMatch(/SHA-256|Role number|Version:|127\.0\.0\.1/);

    // one "Technical details" per section: the documents' first, the history's (which names what it opens) last
    const toggles = page.getByRole("button", { name: "Technical details" });
    expect(await toggles.count()).toBe(2);
    await toggles.first().click();
    await documents.getByRole("columnheader", { name: "Fingerprint (SHA-256)" }).waitFor();
    const historyToggle = page.locator('button[aria-controls="package-history"]');
    expect(await historyToggle.getAttribute("aria-expanded")).toBe("false");
    await historyToggle.click();
    expect(await historyToggle.getAttribute("aria-expanded")).toBe("true");
    await history.getByText("127.0.0.1", { exact: false }).first().waitFor();

    // the loan officer may not start a correction: the button says why, to a keyboard and a screen reader
    const correction = page.getByRole("button", { name: "Start correction" });
    expect(await correction.getAttribute("aria-disabled")).toBe("true");
    const reasonId = await correction.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${reasonId}"]`).textContent()).toContain("“Initiate correction” permission");
    await correction.focus();
    expect(await correction.evaluate((element) => element === document.activeElement)).toBe(true);
    await correction.press("Enter");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it("says why an upload failed, removes what cannot go, retries what can, and lists each upload once", async () => {
    const member = new HttpClient(app.url);
    expect((await member.signIn(app.users.member, DEMO_PASSWORD)).status).toBe(200);
    const { pkg } = await buildPackage(app, member, {
      name: `Uploads ${randomUUID().slice(0, 6)}`,
      participants: [{ type: "Borrower", givenName: "Ada", familyName: "Upload", email: "ada.upload@example.com" }],
    });
    const page = await asMember();
    await page.goto(`/packages/${pkg.id}/build?step=2`);
    await page.getByRole("tab", { name: "Documents and who executes them" }).click();
    await page.getByTestId("document-row").first().waitFor();

    // a file the server refuses: its reason, Remove and no Retry (the same file would be refused again)
    await page
      .getByLabel("Choose files to upload")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a document") });
    const refused = page.locator('[data-testid="upload-item"][data-status="failed"]').filter({ hasText: "notes.txt" });
    await refused.waitFor();
    expect(await refused.getByRole("alert").textContent()).toMatch(/not supported/i);
    expect(await refused.getByRole("button", { name: /Retry/ }).count()).toBe(0);
    await refused.getByRole("button", { name: "Remove notes.txt from the list" }).click();
    await refused.waitFor({ state: "detached" });

    // the connection drops during the first attempt: Retry sends the same file again, and it arrives
    let attempts = 0;
    await page.route(/\/documents$/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      attempts += 1;
      return attempts === 1 ? route.abort("connectionreset") : route.continue();
    });
    await page.getByLabel("Choose files to upload").setInputFiles([`${FIXTURE_PDFS}minimal-document.pdf`]);
    const dropped = page.getByTestId("upload-item").filter({ hasText: "minimal-document.pdf" });
    await dropped.getByText("The connection to Signet was lost before the file arrived.", { exact: false }).waitFor();
    await dropped.getByRole("button", { name: "Retry upload of minimal-document.pdf" }).click();
    // once uploaded it is listed once: in the package's documents, no longer among the uploads
    const listed = page.getByRole("textbox", { name: "Name of minimal-document" });
    await listed.waitFor();
    await dropped.waitFor({ state: "detached" });
    expect(attempts).toBe(2);
    expect(await listed.count()).toBe(1);
    expect(await page.getByTestId("upload-item").count()).toBe(0);
    await page.unroute(/\/documents$/);
  });

  it("leads bulk send to a new template when there is none, and straight into the new template form", async () => {
    const { page } = browser;
    await browser.context.clearCookies();
    await signInAs(page, app.users.admin);
    await page.goto("/bulk-send");
    await page.getByText("No active package template is shared", { exact: false }).waitFor();
    await page.getByRole("link", { name: "Create a template" }).click();
    await page.waitForURL((url) => url.pathname === "/settings/package-templates");
    await page.getByRole("dialog", { name: "New package template" }).waitFor();
    await expectNoAxeViolations(page);
    // closing the form takes ?new=1 out of the address, so going on does not reopen it
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.get("new")).toBeNull();
  });

  it("shows a person who opens a malformed signing link a page in words, never raw JSON", async () => {
    const { page } = browser;
    const room = app.server.signingRoom!.url;
    for (const path of ["/s/garbage", "/s/cut.off.token", "/s/"]) {
      await page.goto(`${room}${path}`);
      // the room first says it is opening the link, then what is wrong with it
      await page.getByRole("heading", { name: /^(This link does not work|Nothing here)$/ }).waitFor();
      expect(await page.locator("body").textContent(), path).not.toContain('"code"');
    }
    await expectNoAxeViolations(page);
  });
});
