import type { DocumentParticipantList, Package, TagList } from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickOption, waitForMail } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { FIXTURE_PDFS, readAsPage } from "./support/package-helpers.ts";
import { screenshot } from "./support/screenshots.ts";

// Issue 4 §9: build a package with two ordered signers and one viewer, upload two PDFs made by
// other tools, place tags by dragging, send, then cancel with notification and reactivate.
// Issue 11 §2: nothing is saved by hand (tags and invitation settings save themselves), the viewer
// is chosen as "Only views" on the participant form, and the order is dragged.

const FIXTURES = FIXTURE_PDFS;

describe("package journey: build, send, cancel with notification, reactivate", () => {
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

  async function addParticipant(
    page: Page,
    type: string,
    given: string,
    family: string,
    email: string,
    does = "Needs to sign",
  ) {
    const form = page.getByRole("form", { name: "Add participant" });
    await form.getByLabel("Type").fill(type);
    await page.keyboard.press("Escape");
    await form.getByRole("radio", { name: does }).check();
    await form.getByLabel("First name").fill(given);
    await form.getByLabel("Last name").fill(family);
    await form.getByRole("textbox", { name: "Email" }).fill(email);
    await form.getByRole("button", { name: "Add participant" }).click();
    await page.getByRole("table", { name: "Participants" }).getByText(`${given} ${family}`).waitFor();
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

  /** Edits that save themselves: first counted as saving, then saved. */
  async function savedByItself(page: Page) {
    await page.getByTestId("save-counter").filter({ hasText: "Saving…" }).waitFor();
    await page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
  }

  /** Drags a palette item onto page 1 at a point of the page (pixels from its top-left corner). */
  async function dragTag(page: Page, type: string, at: { x: number; y: number }) {
    await page.getByTestId(`palette-${type}`).dragTo(page.getByTestId("page-1"), { targetPosition: at });
  }

  it("goes from an empty workspace to a sent, cancelled and reactivated package", async () => {
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();

    // Step 1: name and participants
    await page.getByRole("button", { name: "New package" }).click();
    await page.waitForURL(/\/packages\/[0-9a-f-]+\/build\?step=1$/);
    const packageId = page.url().match(/packages\/([0-9a-f-]+)\/build/)?.[1] as string;
    const name = page.getByLabel("Package name");
    await name.fill("Lopez purchase");
    await name.press("Enter");
    await page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
    await addParticipant(page, "Borrower", "Maria", "Lopez", "maria.lopez@example.com");
    await addParticipant(page, "Co-Borrower", "Juan", "Lopez", "juan.lopez@example.com");
    await addParticipant(page, "Settlement Agent", "Sam", "Title", "sam@title.example.com", "Only views");
    await page
      .getByRole("table", { name: "Participants" })
      .getByRole("row", { name: /Sam Title/ })
      .getByText("Only views")
      .waitFor();
    // ordered signing beside the participants, co-borrower first
    await page.getByText("In order", { exact: true }).click();
    await page.getByRole("table", { name: "Participant order" }).waitFor();
    await dragOrderRow(page, "CO-BORROWER 1", "BORROWER 1");
    await page
      .getByRole("table", { name: "Participant order" })
      .getByRole("row")
      .first()
      .getByText("CO-BORROWER 1")
      .waitFor();
    await screenshot(page, "builder-participants");

    // Step 2: two PDFs at once (at most two upload together), each with its progress
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=2/);
    await page
      .getByLabel("Choose files to upload")
      .setInputFiles([`${FIXTURES}pdflatex-4-pages.pdf`, `${FIXTURES}libreoffice-form.pdf`]);
    // uploads that went well lead to the tag workspace by themselves
    await page.getByTestId("workspace-document").nth(1).waitFor();

    // the settlement agent only views: both documents say View Only for them without a choice
    await page.getByRole("tab", { name: "Documents and who executes them" }).click();
    for (const document of ["pdflatex-4-pages", "libreoffice-form"]) {
      await expect
        .poll(() => page.getByRole("combobox", { name: `SETTLEMENT AGENT 1 on ${document}` }).inputValue())
        .toBe("View Only");
    }

    // place a signature for each signer by dragging from the palette onto page 1, then resize one:
    // one click opens the tag workspace, on the first document
    await page.getByRole("tab", { name: "Place tags" }).click();
    await page.getByTestId("workspace-document").filter({ hasText: "pdflatex-4-pages" }).click();
    const pageOne = page.getByTestId("page-1");
    await pageOne.waitFor();
    await page.waitForFunction(() => {
      const canvas = document.querySelector('[data-testid="page-1"] canvas') as HTMLCanvasElement | null;
      return canvas !== null && canvas.width > 0;
    });
    await page.getByRole("radio", { name: "Maria Lopez" }).check();
    await dragTag(page, "SIGNATURE", { x: 120, y: 300 });
    await page.getByRole("radio", { name: "Juan Lopez" }).check();
    await dragTag(page, "SIGNATURE", { x: 340, y: 300 });
    await dragTag(page, "DATE_SIGNED", { x: 340, y: 360 });
    const placed = page.getByTestId("placed-tag");
    await expect.poll(() => placed.count()).toBe(3);
    // each tag names its signer
    expect(await placed.first().innerText()).toContain("Maria Lopez");
    expect(await placed.nth(2).innerText()).toContain("Juan Lopez");

    // the resize handle shows on the selected tag
    await placed.first().click();
    const first = await placed.first().boundingBox();
    if (!first) throw new Error("no box for the placed tag");
    await page.mouse.move(first.x + first.width - 1, first.y + first.height - 1);
    await page.mouse.down();
    await page.mouse.move(first.x + first.width + 40, first.y + first.height + 10, { steps: 5 });
    await page.mouse.up();
    // no Save button: the tags save themselves
    expect(await page.getByRole("button", { name: "Save tags" }).count()).toBe(0);
    await savedByItself(page);
    await screenshot(page, "builder-tags");

    // data collection: a group with a question for the borrower, one tab away
    await page.getByRole("tab", { name: "Rules and data collection" }).click();
    await page.getByLabel("New group").fill("Employment");
    await page.getByRole("button", { name: "Add group" }).click();
    await page.getByText("Employment", { exact: true }).waitFor();
    await page.getByLabel("Question").fill("Employer name");
    await pickOption(page, "Asked of", /^BORROWER 1$/);
    await page.getByRole("button", { name: "Add question" }).click();
    await page.getByRole("table", { name: "Questions of Employment" }).getByText("Employer name").waitFor();

    // Step 3 holds nothing this package needs: the review step is one click away in the steps
    // Step 4: ready, send (the review step is the confirmation: no second question)
    await page.getByRole("button", { name: /Review.*Check and send/ }).click();
    await page.waitForURL(/step=4/);
    await page.getByText("Ready to send").waitFor();
    await screenshot(page, "builder-review");
    await page.getByRole("button", { name: "Send package" }).click();
    await page.waitForURL(new RegExp(`/packages/${packageId}$`));
    await page.getByText("Out for signature", { exact: true }).first().waitFor();

    // what the API holds: ordered signing, three tags on page 1 of the first document, the viewer on View Only
    // the document's download link names the organization
    const download = page.getByRole("link", { name: "pdflatex-4-pages" });
    const href = (await download.getAttribute("href")) as string;
    const orgMatch = href.match(/organizations\/([0-9a-f-]+)\//);
    const org = orgMatch?.[1] as string;
    const pkg = await readAsPage<Package>(page, app, `/api/v9/organizations/${org}/packages/${packageId}`);
    expect([pkg.name, pkg.status, pkg.signingOrder]).toEqual(["Lopez purchase", "AVAILABLE_TO_SIGNERS", "PARTICIPANT"]);
    const tags = await readAsPage<TagList>(page, app, `/api/v6/organizations/${org}/packages/${packageId}/tags`);
    expect(tags.records.map((tag) => [tag.type, tag.page])).toEqual(
      expect.arrayContaining([
        ["SIGNATURE", 1],
        ["SIGNATURE", 1],
        ["DATE_SIGNED", 1],
      ]),
    );
    expect(tags.count).toBe(3);
    // the resized signature grew beyond its default 160 points
    expect(Math.max(...tags.records.filter((tag) => tag.type === "SIGNATURE").map((tag) => tag.width))).toBeGreaterThan(
      165,
    );
    const matrix = await readAsPage<DocumentParticipantList>(
      page,
      app,
      `/api/v4/organizations/${org}/packages/${packageId}/document-participants`,
    );
    expect(matrix.records.filter((entry) => entry.executionType === "VIEW_ONLY")).toHaveLength(2);

    // cancel with notification: every participant with an email hears of it
    await page.getByRole("button", { name: "Cancel package" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel package" });
    await expect.poll(() => dialog.getByLabel("Notify participants of package cancellation").isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Cancel package" }).click();
    await page.getByText("Cancelled", { exact: true }).first().waitFor();
    for (const to of ["maria.lopez@example.com", "juan.lopez@example.com", "sam@title.example.com"]) {
      await waitForMail(app, { to, subject: /Lopez purchase has been cancelled/ });
    }
    await screenshot(page, "package-cancelled");

    // reactivate: back to Draft, ready to be sent again
    await page.getByRole("button", { name: "Reactivate" }).click();
    await page.getByRole("dialog", { name: "Reactivate package" }).getByRole("button", { name: "Reactivate" }).click();
    await page.getByText("Draft", { exact: true }).first().waitFor();
    const history = page.getByLabel("History");
    await history.getByText("Package reactivated").waitFor();
    await history.getByText("Package cancelled").waitFor();
    // the tags save themselves after a pause: a slow hand (or machine) may save them more than once
    await history.getByText("Tags saved").first().waitFor();

    // the workspace lists it; the text filter finds it by a participant's name
    await page.getByRole("link", { name: "Workspace" }).first().click();
    const table = page.getByRole("table", { name: "Packages" });
    await table.getByRole("link", { name: "Lopez purchase" }).waitFor();
    await expect.poll(() => page.getByTestId("count-STARTED").textContent()).toBe("1");
    await page.getByLabel("Search packages").fill("juan");
    await table.getByRole("link", { name: "Lopez purchase" }).waitFor();
    await page.getByLabel("Search packages").fill("nobody-by-this-name");
    await page.getByText("No package matches these filters.").waitFor();
    await page.getByLabel("Search packages").fill("");
    await table.getByRole("link", { name: "Lopez purchase" }).waitFor();
    await screenshot(page, "workspace");
    expect(browser.errors).toEqual([]);
  });
});
