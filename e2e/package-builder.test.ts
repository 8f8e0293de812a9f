import { PACKAGE_ACTION_MESSAGES, type Package, type ParticipantList } from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAsPage } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { readAsPage } from "./support/package-helpers.ts";

// The four-step builder (spec §2): details and participants, invitation settings with ordered
// signing, the review listing what is missing, and the unsaved-changes guard.

describe("package builder", () => {
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

  const saved = (page: Page) => page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();

  async function addParticipant(page: Page, person: { type: string; given: string; family: string; email: string }) {
    const form = page.getByRole("form", { name: "Add participant" });
    await form.getByLabel("Type").fill(person.type);
    await page.keyboard.press("Escape");
    await form.getByLabel("First name").fill(person.given);
    await form.getByLabel("Last name").fill(person.family);
    await form.getByRole("textbox", { name: "Email" }).fill(person.email);
    await form.getByRole("button", { name: "Add participant" }).click();
    await page.getByRole("table", { name: "Participants" }).getByText(`${person.given} ${person.family}`).waitFor();
  }

  it("builds the details and invitation, lists what is missing and guards unsaved changes", async () => {
    const { page } = browser;
    const org = app.demo.organizations.customer;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();

    // Step 1: the name saves on Enter (blur), two participants
    await page.getByRole("button", { name: "New package" }).click();
    await page.waitForURL(/\/packages\/[0-9a-f-]+\/build\?step=1$/);
    const packageId = page.url().match(/packages\/([0-9a-f-]+)\/build/)?.[1] as string;
    const name = page.getByLabel("Package name");
    await name.fill("Builder refinance");
    await name.press("Enter");
    await saved(page);
    await addParticipant(page, { type: "Borrower", given: "Ada", family: "Stone", email: "ada@example.com" });
    await addParticipant(page, { type: "Co-Borrower", given: "Ben", family: "Stone", email: "ben@example.com" });
    await saved(page);
    const participantsTable = page.getByRole("table", { name: "Participants" });
    await participantsTable.getByText("BORROWER 1", { exact: true }).waitFor();
    await participantsTable.getByText("CO-BORROWER 1", { exact: true }).waitFor();
    const afterStep1 = await readAsPage<Package>(page, app, `/api/v9/organizations/${org}/packages/${packageId}`);
    expect(afterStep1.name).toBe("Builder refinance");
    expect(afterStep1.participantCount).toBe(2);

    // a change made elsewhere meanwhile: the next save is refused, the user told, the latest shown
    const elsewhere = await apiAsPage(page, app, "PATCH", `/api/v9/organizations/${org}/packages/${packageId}`, {
      version: afterStep1.version,
      transactionId: "changed-elsewhere",
    });
    expect(elsewhere.status).toBe(200);
    await name.fill("Builder refinance 2");
    await name.press("Enter");
    await page.getByText(/^Version not matched\. Someone else changed this package/).waitFor();
    await name.focus();
    await name.press("Enter");
    await expect
      .poll(
        async () => (await readAsPage<Package>(page, app, `/api/v9/organizations/${org}/packages/${packageId}`)).name,
      )
      .toBe("Builder refinance 2");

    // Step 3: ordered signing, a subject, then the co-borrower first
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=2/);
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=3/);
    const subject = page.getByLabel("Subject");
    expect(await subject.getAttribute("placeholder")).toBe("Your documents are ready");
    await page.getByText("In order", { exact: true }).click();
    await subject.fill("Your refinance documents");

    // the guard: leaving with unsaved changes asks first; staying keeps the edits
    await page.getByRole("link", { name: "Workspace" }).first().click();
    const guard = page.getByRole("dialog");
    await guard.getByText("You have unsaved changes. Are you sure you want to exit?").waitFor();
    await guard.getByRole("button", { name: "Cancel" }).click();
    await guard.waitFor({ state: "hidden" });
    expect(page.url()).toMatch(/step=3/);
    expect(await subject.inputValue()).toBe("Your refinance documents");

    await page.getByRole("button", { name: "Save invitation settings" }).click();
    await saved(page);
    await page.getByRole("button", { name: "Move CO-BORROWER 1 up" }).click();
    await page
      .getByRole("table", { name: "Participant order" })
      .getByRole("row")
      .first()
      .getByText("CO-BORROWER 1")
      .waitFor();
    await saved(page);

    const afterStep3 = await readAsPage<Package>(page, app, `/api/v9/organizations/${org}/packages/${packageId}`);
    expect([afterStep3.signingOrder, afterStep3.emailTemplate.subject]).toEqual([
      "PARTICIPANT",
      "Your refinance documents",
    ]);
    const participants = await readAsPage<ParticipantList>(
      page,
      app,
      `/api/v5/organizations/${org}/packages/${packageId}/participants`,
    );
    expect(participants.records.map((participant) => participant.displayName)).toEqual(["CO-BORROWER 1", "BORROWER 1"]);

    // Step 4: no documents yet, so the review says so, links to step 2 and Send stays disabled
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=4/);
    const missing = page.getByRole("list", { name: "What is missing" });
    await missing.getByText(PACKAGE_ACTION_MESSAGES.noDocuments).waitFor();
    expect(await page.getByRole("button", { name: "Send package" }).isDisabled()).toBe(true);
    await missing.getByRole("button", { name: "Go to step 2" }).first().click();
    await page.waitForURL(/step=2/);

    // nothing unsaved now: leaving does not ask
    await page.getByRole("link", { name: "Workspace" }).first().click();
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
  });
});
