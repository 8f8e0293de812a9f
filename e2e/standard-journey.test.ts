import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { FIXTURE_PDFS } from "./support/package-helpers.ts";
import { readmeScreenshot } from "./support/screenshots.ts";
import { invitationFor, signingLinkIn } from "./support/signing-helpers.ts";
import { UserActions } from "./support/user-actions.ts";

// Issue 11 "Done when": the standard journey, as a loan officer (the demo member, package
// permissions only) does it — two documents, two signers who sign in order, one viewer — and as
// each participant does it from the invitation email, every action counted by UserActions (see
// there what counts). Replay it by hand with the transcript this test writes to
// test-results/e2e/standard-journey-actions.txt. The package guide's screenshots (docs/guide/packages.md) come from this run
// (`pnpm screenshots`). Every page visited passes axe (no serious or critical WCAG 2.1 AA issue).

const SENDER_BUDGET = 25;
const SIGNER_BUDGET = 9;
const RESULTS = fileURLToPath(new URL("../test-results/e2e/standard-journey-actions.txt", import.meta.url));

describe("the standard journey: two documents, two ordered signers, one viewer", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let desk: BrowserSession;
  let phone: BrowserSession;
  let room: BrowserSession;
  const axeFindings: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ SMTP_URL: smtp.url });
    desk = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 900 }, bypassCSP: true });
    phone = await launchBrowser({ viewport: { width: 390, height: 844 }, mobile: true, bypassCSP: true });
    room = await launchBrowser({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  });
  afterAll(async () => {
    await phone?.close();
    await room?.close();
    await desk?.close();
    await app?.close();
    await smtp?.close();
  });

  /** Collects the serious and critical axe findings of the page as it is now. */
  async function axe(page: Page | Frame, where: string) {
    const violations = await axeViolations(page);
    if (violations.length > 0) axeFindings.push(`${where}:\n${describeViolations(violations)}`);
  }

  async function addParticipant(
    sender: UserActions,
    person: { given: string; family: string; email: string; type: string; viewer?: boolean },
  ) {
    const { page } = sender;
    const form = page.getByRole("form", { name: "Add participant" });
    if (person.viewer) await sender.click(form.getByRole("radio", { name: "Only views" }), "What they do: Only views");
    // the type follows what the person does and who is already there: nothing to type here
    await expect.poll(() => form.getByLabel("Type").inputValue()).toBe(person.type);
    await sender.type(form.getByLabel("First name"), person.given, `First name: ${person.given}`);
    await sender.type(form.getByLabel("Last name"), person.family, `Last name: ${person.family}`);
    const email = form.getByRole("textbox", { name: "Email" });
    await sender.type(email, person.email, `Email: ${person.email}`);
    await sender.key("Enter", "Enter adds the participant", email);
    await page.getByRole("table", { name: "Participants" }).getByText(`${person.given} ${person.family}`).waitFor();
  }

  /** Drags the signature beside a signer's name onto page 1 of the open document. */
  async function placeSignature(sender: UserActions, name: string, at: { x: number; y: number }) {
    const { page } = sender;
    const before = await page.getByTestId("placed-tag").count();
    await sender.drag(
      page.getByRole("button", { name: `Add a signature tag for ${name}` }),
      page.getByTestId("page-1"),
      at,
      `Drag the Signature beside ${name} onto page 1`,
    );
    await expect.poll(() => page.getByTestId("placed-tag").count()).toBe(before + 1);
  }

  async function pageCanvasDrawn(page: Page) {
    await page.waitForFunction(() => {
      const canvas = document.querySelector('[data-testid="page-1"] canvas') as HTMLCanvasElement | null;
      return canvas !== null && canvas.width > 0;
    });
  }

  /** A signer from the invitation email to done, with a typed signature and no identity check. */
  async function signFromEmail(session: BrowserSession, email: string, who: string): Promise<UserActions> {
    const page = session.page;
    const signer = new UserActions(page, who);
    const link = signingLinkIn(await invitationFor(smtp, email));
    signer.actions.push({ kind: "click", what: "Open the link in the invitation email" });
    await page.goto(link);
    await page.getByTestId("disclosure").waitFor();
    await axe(page, `${who}: consent`);
    await signer.click(page.getByRole("button", { name: "I agree", exact: true }), "I agree");
    const signature = page.getByRole("button", { name: "Signature (required)" });
    await signature.first().waitFor();
    await axe(page, `${who}: room`);
    if (who === "second signer") await readmeScreenshot(page, "signing-room-phone");
    await signer.click(signature.first(), "Tap the first signature field");
    const dialog = page.getByRole("dialog", { name: "Adopt your signature" });
    await dialog.waitFor();
    await axe(page, `${who}: adopt dialog`);
    await signer.click(dialog.getByRole("button", { name: "Adopt and sign" }), "Adopt and sign (name typed for them)");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => signature.first().getAttribute("aria-pressed")).toBe("true");
    // the signature on the second document: one tap once adopted
    const second = signature.nth(1);
    await signer.click(second, "Tap the signature field of the second document");
    await expect.poll(() => second.getAttribute("aria-pressed")).toBe("true");
    await signer.click(page.getByRole("button", { name: "Finish" }), "Finish");
    await page.getByRole("heading", { name: "You're done" }).waitFor();
    await axe(page, `${who}: done`);
    return signer;
  }

  it("is sent in at most 25 actions and signed in at most 9 each, with no accessibility issue on the way", async () => {
    const page = desk.page;
    await page.goto("/sign-in");
    await signIn(page, app.users.member, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await axe(page, "workspace");

    // --- the sender (counting starts at the workspace) ---
    const sender = new UserActions(page, "sender");
    await sender.click(page.getByRole("button", { name: "New package" }), "New package");
    await page.waitForURL(/\/packages\/[0-9a-f-]+\/build\?step=1$/);
    const packageId = page.url().match(/packages\/([0-9a-f-]+)\/build/)?.[1] as string;
    await sender.type(page.getByLabel("Package name"), "Rivera refinance", "Package name");
    await addParticipant(sender, { given: "Maria", family: "Rivera", email: "maria@example.com", type: "Borrower" });
    await addParticipant(sender, { given: "Juan", family: "Rivera", email: "juan@example.com", type: "Co-Borrower" });
    await addParticipant(sender, {
      given: "Sam",
      family: "Title",
      email: "sam@title.example.com",
      type: "Viewer",
      viewer: true,
    });
    await sender.click(page.getByText("In order", { exact: true }), "Signing order: In order");
    await page.getByRole("table", { name: "Participant order" }).waitFor();
    await page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
    await axe(page, "builder: details");
    await page.evaluate(() => window.scrollTo(0, 0));
    await readmeScreenshot(page, "builder");

    await sender.click(page.getByRole("button", { name: "Next" }), "Next");
    await page.waitForURL(/step=2/);
    await sender.files(
      page.getByLabel("Choose files to upload"),
      [`${FIXTURE_PDFS}pdflatex-4-pages.pdf`, `${FIXTURE_PDFS}libreoffice-form.pdf`],
      "Drop the two PDFs on the upload area",
    );
    // the first upload leads to the tag workspace by itself
    await page.getByTestId("tag-workspace").waitFor();
    await page.getByTestId("workspace-document").nth(1).waitFor();
    const secondDocument = page.getByTestId("workspace-document").filter({ hasText: "libreoffice-form" });
    await pageCanvasDrawn(page);
    await placeSignature(sender, "Maria Rivera", { x: 120, y: 300 });
    await placeSignature(sender, "Juan Rivera", { x: 340, y: 300 });
    await sender.click(secondDocument, "Open the second document (libreoffice-form)");
    await expect.poll(() => secondDocument.getAttribute("aria-current")).toBe("true");
    await pageCanvasDrawn(page);
    await placeSignature(sender, "Maria Rivera", { x: 120, y: 400 });
    await placeSignature(sender, "Juan Rivera", { x: 340, y: 400 });
    await page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
    await axe(page, "builder: tag workspace");
    await readmeScreenshot(page, "tag-editor");

    await sender.click(page.getByRole("button", { name: /Review.*Check and send/ }), "Review (in the steps)");
    await page.waitForURL(/step=4/);
    await page.getByText("Ready to send").waitFor();
    await axe(page, "builder: review");
    await sender.click(page.getByRole("button", { name: "Send package" }), "Send package");
    await page.waitForURL(new RegExp(`/packages/${packageId}$`));
    await page.getByText("Out for signature").first().waitFor();
    await axe(page, "package page: out for signature");

    // --- the participants: Maria on a desktop, Juan on his phone, Sam reviews ---
    const maria = await signFromEmail(room, "maria@example.com", "first signer");
    const juan = await signFromEmail(phone, "juan@example.com", "second signer");

    await room.context.clearCookies();
    const reviewPage = room.page;
    const sam = new UserActions(reviewPage, "viewer");
    sam.actions.push({ kind: "click", what: "Open the link in the invitation email" });
    await reviewPage.goto(signingLinkIn(await invitationFor(smtp, "sam@title.example.com")));
    await reviewPage.getByTestId("disclosure").waitFor();
    await sam.click(reviewPage.getByRole("button", { name: "I agree", exact: true }), "I agree");
    for (let index = 0; index < 2; index++) {
      await sam.click(
        reviewPage.getByRole("button", { name: "I have reviewed this document" }).first(),
        `I have reviewed document ${index + 1}`,
      );
    }
    await axe(reviewPage, "viewer: room");
    await sam.click(reviewPage.getByRole("button", { name: "Finish review" }), "Finish review");
    await reviewPage.getByRole("heading", { name: "You have reviewed the documents" }).waitFor();

    // --- the sender finds it completed and sealed ---
    await expect
      .poll(async () => (await app.server.db.package.findUniqueOrThrow({ where: { id: packageId } })).status, {
        timeout: 30_000,
      })
      .toBe("COMPLETED");
    await page.goto(`/packages/${packageId}`);
    await page.getByRole("table", { name: "Sealed documents" }).waitFor({ timeout: 30_000 });
    await page.getByTestId("verification-verdict").getByText("Verified", { exact: true }).waitFor();
    await axe(page, "package page: completed");
    await readmeScreenshot(page, "completed-package");

    const report = [
      `Standard journey (${new Date().toISOString().slice(0, 10)}): sender ${sender.count}, first signer ${maria.count}, second signer (phone) ${juan.count}, viewer ${sam.count} actions.`,
      "",
      ...[sender, maria, juan, sam].map((who) => `## ${who.who} (${who.count})\n${who.transcript()}\n`),
    ].join("\n");
    await writeFile(RESULTS, report);
    console.log(report);

    expect(axeFindings, axeFindings.join("\n\n")).toEqual([]);
    expect(sender.count, sender.transcript()).toBeLessThanOrEqual(SENDER_BUDGET);
    expect(maria.count, maria.transcript()).toBeLessThanOrEqual(SIGNER_BUDGET);
    expect(juan.count, juan.transcript()).toBeLessThanOrEqual(SIGNER_BUDGET);
    expect(desk.errors).toEqual([]);
  });
});
