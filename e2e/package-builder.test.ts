import { PACKAGE_ACTION_MESSAGES, type Package, type ParticipantList } from "@signet/contract";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAsPage } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { readAsPage } from "./support/package-helpers.ts";

// The four-step builder (spec §2): details and participants, invitation settings with ordered
// signing, the review listing what is missing, and the unsaved-changes guard. Issue 11 §2: the
// invitation saves itself (no Save button, Next never asks), the order is dragged, a field says
// what is wrong once left, and only a step holding what sending needs is ticked.

describe("package builder", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
    // bypassCSP: axe is injected as an inline script, which the pages' policy forbids
    browser = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const saved = (page: Page) => page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
  /** Edits that save themselves: first counted as saving, then saved. */
  async function savedByItself(page: Page) {
    await page.getByTestId("save-counter").filter({ hasText: "Saving…" }).waitFor();
    await saved(page);
  }

  /** Drags a row of the participant order by its handle onto another row (dnd-kit needs real pointer moves). */
  async function dragOrderRow(page: Page, name: string, onto: string) {
    await page.getByRole("table", { name: "Participant order" }).scrollIntoViewIfNeeded();
    const handle = await page.getByRole("button", { name: `Drag ${name} to change the order` }).boundingBox();
    const target = await page.getByRole("button", { name: `Drag ${onto} to change the order` }).boundingBox();
    if (!handle || !target) throw new Error("no box for the order rows");
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 - 8, { steps: 4 });
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2 - 4, { steps: 12 });
    await page.mouse.up();
  }

  async function addParticipant(
    page: Page,
    person: { type: string; given: string; family: string; email: string; language?: string },
  ) {
    const form = page.getByRole("form", { name: "Add participant" });
    await form.getByLabel("Type").fill(person.type);
    await page.keyboard.press("Escape");
    await form.getByLabel("First name").fill(person.given);
    await form.getByLabel("Last name").fill(person.family);
    await form.getByRole("textbox", { name: "Email" }).fill(person.email);
    if (person.language) {
      const language = form.getByRole("combobox", { name: "Language" });
      await language.click();
      await page.getByRole("option", { name: person.language }).click();
      await expect.poll(() => language.inputValue()).toBe(person.language);
    }
    await form.getByRole("button", { name: "Add participant" }).click();
    // a row that does not come says what the form showed instead
    await page
      .getByRole("table", { name: "Participants" })
      .getByText(`${person.given} ${person.family}`)
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nThe form showed: ${await form.textContent()}`);
      });
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

    // a field says what is wrong once left, with the API's message, and not before
    const form = page.getByRole("form", { name: "Add participant" });
    const email = form.getByRole("textbox", { name: "Email" });
    await email.fill("ada@");
    expect(await form.getByText("Enter a valid email address.").count()).toBe(0);
    await email.blur();
    await form.getByText("Enter a valid email address.").waitFor();
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    await email.fill("ada@example");
    await email.fill("ada@example.com");
    await form.getByText("Enter a valid email address.").waitFor({ state: "detached" });

    await addParticipant(page, { type: "Borrower", given: "Ada", family: "Stone", email: "ada@example.com" });
    await addParticipant(page, {
      type: "Co-Borrower",
      given: "Ben",
      family: "Stone",
      email: "ben@example.com",
      language: "Korean (한국어)",
    });
    await saved(page);
    const participantsTable = page.getByRole("table", { name: "Participants" });
    await participantsTable.getByText("BORROWER 1", { exact: true }).waitFor();
    await participantsTable.getByText("CO-BORROWER 1", { exact: true }).waitFor();
    // issue 33 §6: a language other than English is named under the participant, English is not
    await participantLanguages(participantsTable, { "Ada Stone": null, "Ben Stone": "Korean (한국어)" });
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
    // the retried save is a request of its own: as long as a locator waits, not poll's 1 s default
    await expect
      .poll(
        async () => (await readAsPage<Package>(page, app, `/api/v9/organizations/${org}/packages/${packageId}`)).name,
        { timeout: 15_000 },
      )
      .toBe("Builder refinance 2");

    // ordered signing is chosen beside the participants; step 3: a subject; then the co-borrower first
    await page.getByText("In order", { exact: true }).click();
    await page.getByRole("table", { name: "Participant order" }).waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=2/);
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=3/);
    const subject = page.getByLabel("Subject");
    expect(await subject.getAttribute("placeholder")).toBe("Your documents are ready");
    await subject.fill("Your refinance documents");
    // no Save button: the settings save themselves
    expect(await page.getByRole("button", { name: "Save invitation settings" }).count()).toBe(0);
    await savedByItself(page);
    await expect
      .poll(
        async () =>
          (await readAsPage<Package>(page, app, `/api/v9/organizations/${org}/packages/${packageId}`)).emailTemplate
            .subject,
      )
      .toBe("Your refinance documents");

    // the guard still covers what does not save itself: a package name being typed
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL(/step=1/);
    await name.fill("Builder refinance 3");
    await page.getByRole("link", { name: "Workspace" }).first().click();
    const guard = page.getByRole("dialog");
    await guard.getByText("You have unsaved changes. Are you sure you want to exit?").waitFor();
    await guard.getByRole("button", { name: "Cancel" }).click();
    await guard.waitFor({ state: "hidden" });
    expect(page.url()).toMatch(/step=1/);
    await name.fill("Builder refinance 2");
    await name.press("Enter");
    await saved(page);
    await page.goto(`/packages/${packageId}/build?step=1`);

    await dragOrderRow(page, "CO-BORROWER 1", "BORROWER 1");
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

    // an edit followed at once by Next: no question, and the edit is saved as the step closes
    await page.goto(`/packages/${packageId}/build?step=3`);
    await page.getByLabel("Subject").fill("Your refinance papers");
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=4/);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expect
      .poll(
        async () =>
          (await readAsPage<Package>(page, app, `/api/v9/organizations/${org}/packages/${packageId}`)).emailTemplate
            .subject,
      )
      .toBe("Your refinance papers");

    // Step 4: no documents yet, so the review says so, links to step 2 and Send stays disabled;
    // only the steps holding what sending needs are ticked (participants, invitation), not Documents
    const missing = page.getByRole("list", { name: "What is missing" });
    await missing.getByText(PACKAGE_ACTION_MESSAGES.noDocuments).waitFor();
    expect(await page.getByRole("button", { name: "Send package" }).isDisabled()).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll(".mantine-Stepper-step")).map((step) => step.hasAttribute("data-done")),
        ),
      )
      .toEqual([true, false, true, false]);
    await missing.getByRole("button", { name: "Go to step 2" }).first().click();
    await page.waitForURL(/step=2/);

    // nothing unsaved now: leaving does not ask
    await page.getByRole("link", { name: "Workspace" }).first().click();
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();

    // the package's page names the co-borrower's language in its participants table too
    await page.goto(`/packages/${packageId}`);
    const detailTable = page.getByRole("table", { name: "Participants" });
    await detailTable.getByText("Ben Stone").waitFor();
    await participantLanguages(detailTable, { "Ada Stone": null, "Ben Stone": "Korean (한국어)" });
    // and reads on a phone, with nothing an assistive technology would stumble on
    await page.setViewportSize({ width: 390, height: 844 });
    await detailTable.getByTestId("participant-language").filter({ hasText: "Korean (한국어)" }).waitFor();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  /** Each named participant's row shows that language under their name, or none (null). */
  async function participantLanguages(table: Locator, expected: Record<string, string | null>) {
    for (const [person, language] of Object.entries(expected)) {
      const note = table.getByRole("row", { name: new RegExp(person) }).getByTestId("participant-language");
      if (language) await note.filter({ hasText: language }).waitFor();
      else expect(await note.count(), person).toBe(0);
    }
  }
  it("says 'Not saved — retrying' while a save cannot reach the server, and saves the edit when it can", async () => {
    const { page } = browser;
    const org = app.demo.organizations.customer;
    const created = await apiAsPage(page, app, "POST", `/api/v9/organizations/${org}/packages`, {
      name: "Builder offline",
    });
    const packageId = (created.body as { id: string }).id;
    await page.goto(`/packages/${packageId}/build?step=3`);
    await saved(page);

    // the connection to the API fails for the package's saves only (the page itself stays)
    const packagePath = `**/api/v9/organizations/${org}/packages/${packageId}`;
    await page.route(packagePath, (route) =>
      route.request().method() === "PATCH" ? route.abort("connectionfailed") : route.fallback(),
    );
    await page.getByLabel("Subject").fill("Signed while offline");
    await page.getByTestId("save-counter").filter({ hasText: "Not saved — retrying" }).waitFor();
    // never "saved" while it is not
    expect(await page.getByTestId("save-counter").textContent()).not.toBe("All changes saved");
    await page.getByText("could not be saved", { exact: false }).first().waitFor();

    // back online: the same edit goes by itself, and the header says so
    await page.unroute(packagePath);
    await page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor({ timeout: 40_000 });
    await expect
      .poll(
        async () =>
          (await readAsPage<Package>(page, app, `/api/v9/organizations/${org}/packages/${packageId}`)).emailTemplate
            .subject,
      )
      .toBe("Signed while offline");
  });
});
