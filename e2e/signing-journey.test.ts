import type { SealedArtifact } from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";
import {
  adminClient,
  buildPackage,
  consentAsReviewer,
  consentInRoom,
  invitationFor,
  pdfsig,
  signingLinkIn,
} from "./support/signing-helpers.ts";

// Issue 5 §7: two ordered signers each sign from the link in their email (captured by a real SMTP
// server), a viewer only reviews, the package completes, and the sealed PDF validates with pdfsig
// and on the public verification page, while a byte-modified copy does not.

describe("signing journey: emails, consent, signatures, seal, verification", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let browser: BrowserSession;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ SMTP_URL: smtp.url });
    browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  const roomOrigin = () => app.server.signingRoom!.url;

  /** Signs every field of the room; `draw` draws the signature instead of typing it. */
  async function signAll(page: Page, draw: boolean) {
    await page.getByRole("button", { name: "Signature (required)" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Adopt your signature" });
    await dialog.waitFor();
    if (draw) {
      await dialog.getByRole("tab", { name: "Draw signature" }).click();
      const pad = dialog.getByTestId("draw-signature");
      const box = (await pad.boundingBox())!;
      await page.mouse.move(box.x + 20, box.y + box.height / 2);
      await page.mouse.down();
      for (let step = 1; step <= 12; step++) {
        await page.mouse.move(box.x + 20 + step * 18, box.y + box.height / 2 + (step % 2 ? -15 : 15));
      }
      await page.mouse.up();
    }
    await dialog.getByRole("button", { name: "Adopt and sign" }).click();
    await dialog.waitFor({ state: "hidden" });
    const signature = page.getByRole("button", { name: "Signature (required)" }).first();
    if ((await signature.getAttribute("aria-pressed")) !== "true") await signature.click();
    await expect.poll(() => signature.getAttribute("aria-pressed")).toBe("true");
    // Date signed is not asked for: it shows that it is dated on finishing, and nothing is left
    await page.getByRole("note", { name: "Filled automatically: Date signed" }).first().waitFor();
    expect(await page.getByRole("button", { name: /Date signed/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Finish" }).click();
    await page.getByRole("heading", { name: "You're done" }).waitFor();
  }

  it("goes from send to a sealed, verifiable completion", async () => {
    const client = await adminClient(app);
    const { pkg, api } = await buildPackage(app, client, {
      name: "Stone purchase",
      ordered: true,
      send: true,
      participants: [
        { type: "Borrower", givenName: "Ada", familyName: "Stone", email: "ada.stone@example.com" },
        { type: "Co-Borrower", givenName: "Ben", familyName: "Stone", email: "ben.stone@example.com" },
        { type: "Loan Officer", givenName: "Vera", familyName: "Viewer", email: "vera@example.com", viewer: true },
      ],
    });
    const page = browser.page;

    // Ada: typed signature
    await page.goto(signingLinkIn(await invitationFor(smtp, "ada.stone@example.com")));
    await consentInRoom(page);
    await page.getByRole("region", { name: "Promissory note" }).getByRole("group", { name: "Page 1 of 4" }).waitFor();
    await page.getByRole("button", { name: "Signature (required)" }).first().scrollIntoViewIfNeeded();
    await screenshot(page, "signing-room-sign");
    await signAll(page, false);
    // the link worked once: opening it again says so
    await page.goto(signingLinkIn(await invitationFor(smtp, "ada.stone@example.com")));
    await page.getByRole("heading", { name: "This link has already been used" }).waitFor();

    // Ben is invited only now; he draws his signature
    const benContext = await browser.context.browser()?.newContext();
    const benPage = benContext ? await benContext.newPage() : page;
    await benPage.goto(signingLinkIn(await invitationFor(smtp, "ben.stone@example.com")));
    await consentInRoom(benPage);
    await signAll(benPage, true);

    // Vera only reviews (a View Only document and no field): the room speaks of reviewing (issue 11 §2)
    await page.goto(signingLinkIn(await invitationFor(smtp, "vera@example.com")));
    await consentAsReviewer(page);
    await page.getByRole("button", { name: "I have reviewed this document" }).click();
    await page.getByText("Reviewed", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Finish review" }).click();
    await page.getByRole("heading", { name: "You have reviewed the documents" }).waitFor();
    // her copies appear once the package is sealed (the room polls)
    await page.getByRole("link", { name: /Download Certificate of completion/ }).waitFor({ timeout: 30_000 });

    const artifacts = await client.get<{ records: SealedArtifact[] }>(api.sealedArtifacts);
    const sealed = artifacts.body.records.find((artifact) => artifact.kind === "DOCUMENT")!;
    const file = await fetch(`${app.url}${api.sealedFile(sealed.id)}`, {
      headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const report = pdfsig(bytes);
    expect(report).toContain("Signature is Valid");
    expect(report).toContain("Total document signed");
    const tampered = new Uint8Array(bytes);
    tampered[2000] = tampered[2000]! ^ 0x20;
    expect(pdfsig(tampered)).not.toContain("Signature is Valid");

    // the public verification page, as anyone holding the file would use it
    await page.goto(`${roomOrigin()}/verify`);
    await page
      .getByLabel("PDF to verify")
      .setInputFiles({ name: "sealed.pdf", mimeType: "application/pdf", buffer: Buffer.from(bytes) });
    await page.getByRole("heading", { name: "This is an unmodified document sealed by Signet" }).waitFor();
    await page.getByText(pkg.name).first().waitFor();
    await screenshot(page, "seal-verified");
    await page.getByRole("button", { name: "Verify another file" }).click();
    await page
      .getByLabel("PDF to verify")
      .setInputFiles({ name: "copy.pdf", mimeType: "application/pdf", buffer: Buffer.from(tampered) });
    await page.getByRole("heading", { name: "This document was modified or not sealed by Signet" }).waitFor();

    expect((await client.get<{ status: string }>(api.package)).body.status).toBe("COMPLETED");

    // the lender's page of the completed package leads with what it produced (issue 11 §4)
    await page.goto(`${app.url}/sign-in`);
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.goto(`${app.url}/packages/${pkg.id}`);
    await page.getByRole("heading", { name: "Stone purchase", level: 1 }).waitFor();
    const sections = page.getByRole("heading", { level: 2 });
    await expect.poll(() => sections.first().textContent()).toBe("Sealed documents");
    const sealedTable = page.getByRole("table", { name: "Sealed documents" });
    await sealedTable.getByRole("link", { name: "Download sealed Promissory note" }).waitFor();
    await sealedTable.getByRole("link", { name: "Download sealed Certificate of completion" }).waitFor();
    // plain words first (issue 33 §4); the fingerprints and the seal's level only on request
    await sealedTable
      .getByText(/^Sealed on /)
      .first()
      .waitFor();
    expect(await sealedTable.getByRole("columnheader", { name: /SHA-256/ }).count()).toBe(0);
    await page
      .getByRole("region", { name: "Sealed documents" })
      .getByRole("button", { name: "Technical details" })
      .click();
    await sealedTable.getByRole("columnheader", { name: "SHA-256 before → after" }).waitFor();
    await sealedTable
      .getByText(/^(PAdES|PDF signature)/)
      .first()
      .waitFor();
    const zipHref = await page.getByRole("link", { name: "Download all (zip)" }).getAttribute("href");
    const zip = await page.request.get(`${app.url}${zipHref}`);
    expect([zip.status(), zip.headers()["content-type"]]).toEqual([200, "application/zip"]);
    const verdict = page.getByTestId("verification-verdict");
    await verdict.getByText("Verified", { exact: true }).waitFor();
    await verdict.getByText(/^Checked the audit trail of \d+ events/).waitFor();
    await page
      .getByLabel("History")
      .getByText(/consented to do business electronically/)
      .first()
      .waitFor();
    // deleting is there, but behind a menu, never the page's only button
    expect(await page.getByRole("button", { name: "Delete" }).count()).toBe(0);
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Delete package" }).waitFor();
    await page.keyboard.press("Escape");
    await screenshot(page, "package-completed");
    await benContext?.close();
  });
});
