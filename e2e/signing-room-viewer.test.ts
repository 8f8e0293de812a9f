import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import {
  adminClient,
  buildSignerAndViewerPackage,
  consentAsReviewer,
  consentInRoom,
  invitationFor,
  signingLinkIn,
} from "./support/signing-helpers.ts";

// Issue 11 §2 (viewer): a participant of role VIEWER opens the emailed link, consents under wording
// about receiving and reviewing records, gives one "I have reviewed" per document and one "Finish
// review", and reads no word about signing anywhere after consent; the sealed copies' email speaks
// to them the same way. The viewer's actions are counted, and axe checks every page they see.

/** Lines that speak of signing, leaving out the product's name and addresses (they hold "sign"). */
function signingWords(text: string): string[] {
  return text
    .replace(/https?:\/\/\S+/g, "")
    .replace(/Signet/g, "")
    .split("\n")
    .filter((line) => /sign/i.test(line));
}

// biome-ignore lint/performance/useDomNodeTextContent: only rendered text counts, as a reader sees it
const visibleSigningWords = async (page: Page) => signingWords(await page.locator("body").innerText());

const mailSigningWords = (mail: CapturedMail) =>
  signingWords(
    [mail.parsed.subject ?? "", mail.parsed.text ?? "", String(mail.parsed.html || "").replace(/<[^>]+>/g, "\n")].join(
      "\n",
    ),
  );

describe("signing room for a participant who only views", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let browser: BrowserSession;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ SMTP_URL: smtp.url });
    browser = await launchBrowser({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  async function expectAccessible(page: Page, where: string) {
    const violations = await axeViolations(page);
    expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
  }

  it("invites, consents, reviews and finishes in review words only", async () => {
    const client = await adminClient(app);
    const viewerEmail = "vera.viewer@example.com";
    const { pkg } = await buildSignerAndViewerPackage(app, client, {
      name: "Lake house refinance",
      signer: { type: "Borrower", givenName: "Ada", familyName: "Lake", email: "ada.lake@example.com" },
      viewer: { type: "Loan Officer", givenName: "Vera", familyName: "Viewer", email: viewerEmail },
    });
    const page = browser.page;
    let actions = 0;

    // the invitation asks her to review
    const invitation = await invitationFor(smtp, viewerEmail);
    expect(invitation.parsed.text).toContain(`sent you the documents of "${pkg.name}" to review electronically.`);
    expect(String(invitation.parsed.html)).toContain(">Review documents</a>");
    expect(mailSigningWords(invitation)).toEqual([]);

    // opening the emailed link: one action
    await page.goto(signingLinkIn(invitation));
    actions += 1;
    await page.getByRole("heading", { name: "Agree to receive electronic records" }).waitFor();
    await page
      .getByTestId("disclosure")
      .getByText(/receive and review your documents electronically/)
      .waitFor();
    await page.getByText("Reviewing as Vera Viewer").waitFor();
    expect(await visibleSigningWords(page)).toEqual([]);
    await expectAccessible(page, "consent");
    actions += await consentAsReviewer(page);

    // the room: two View Only documents, each waiting for its "I have reviewed"
    await page.getByRole("heading", { name: "Review documents" }).waitFor();
    const reviewButtons = page.getByRole("button", { name: "I have reviewed this document" });
    await expect.poll(() => reviewButtons.count()).toBe(2);
    await page.getByTestId("progress").getByText("2 documents left to review").waitFor();
    await page.getByRole("button", { name: "Next document" }).waitFor();
    expect(await page.getByRole("button", { name: /Adopt|signature/i }).count()).toBe(0);
    expect(await visibleSigningWords(page)).toEqual([]);
    await expectAccessible(page, "room before review");

    for (const left of [1, 0]) {
      await reviewButtons.first().click();
      actions += 1;
      await expect.poll(() => reviewButtons.count()).toBe(left);
    }
    await page.getByText("Reviewed", { exact: true }).nth(1).waitFor();
    await page.getByTestId("progress").getByText("All documents are reviewed. Select Finish review.").waitFor();

    // all reviewed: one primary action, and nothing else in the bar to choose
    const bar = page.getByTestId("sign-bar");
    expect(await bar.getByRole("button").allInnerTexts()).toEqual(["Finish review"]);
    expect(await visibleSigningWords(page)).toEqual([]);
    await expectAccessible(page, "room after review");
    await bar.getByRole("button", { name: "Finish review" }).click();
    actions += 1;

    await page.getByRole("heading", { name: "You have reviewed the documents" }).waitFor();
    await page.getByText(/once everyone has finished/).waitFor();
    expect(await visibleSigningWords(page)).toEqual([]);
    await expectAccessible(page, "finished");

    // open link, type the code, tick the box, agree, two reviews, finish
    expect(actions).toBe(5);
    console.info(`viewer actions (clicks + typed fields, the emailed link included): ${actions}`);

    // the signer signs in a browser of their own; the package completes and is sealed
    const signerContext = await browser.context.browser()?.newContext();
    const signerPage = signerContext ? await signerContext.newPage() : page;
    await signerPage.goto(signingLinkIn(await invitationFor(smtp, "ada.lake@example.com")));
    await consentInRoom(signerPage);
    await signerPage.getByRole("heading", { name: "Review and sign" }).waitFor();
    await signerPage.getByRole("button", { name: "Signature (required)" }).first().click();
    const adopt = signerPage.getByRole("dialog", { name: "Adopt your signature" });
    await adopt.getByRole("button", { name: "Adopt and sign" }).click();
    await adopt.waitFor({ state: "hidden" });
    const signatures = signerPage.getByRole("button", { name: "Signature (required)" });
    for (let index = 0; index < 2; index++) {
      const signature = signatures.nth(index);
      if ((await signature.getAttribute("aria-pressed")) !== "true") await signature.click();
      await expect.poll(() => signature.getAttribute("aria-pressed")).toBe("true");
    }
    await signerPage.getByRole("button", { name: "Finish" }).click();
    await signerPage.getByRole("heading", { name: "You're done" }).waitFor();
    await signerContext?.close();

    // her copies: the email and the finished page speak of reviewing and completed documents
    const copies = await smtp.waitFor(
      (mail) => mail.envelopeTo.includes(viewerEmail) && /^Completed:/.test(mail.parsed.subject ?? ""),
      30_000,
    );
    expect(mailSigningWords(copies)).toEqual([]);
    await page.getByRole("link", { name: /Download Certificate of completion/ }).waitFor({ timeout: 30_000 });
    await page.getByText("Completed document").first().waitFor();
    expect(await visibleSigningWords(page)).toEqual([]);
    await expectAccessible(page, "finished with copies");
  });
});
