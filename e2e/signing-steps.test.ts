import type { SealedArtifact, SigningUrl } from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../apps/api/test/support/http-client.ts";
import { linkToken, openAndConsent, signEverything } from "../apps/api/test/support/signing-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { expectNoHorizontalOverflow, signInAs } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";
import {
  adminClient,
  buildPackage,
  consentInRoom,
  invitationFor,
  pdfText,
  signAndFinish,
  signingLinkIn,
} from "./support/signing-helpers.ts";

// Issue 34 §1 (lender: a loan officer): parallel groups inside an ordered sequence. The sender puts borrower and
// co-borrower into step 1 and the lender into step 2 in the builder, and sends. In two browser
// contexts the co-borrower signs while the lender's room says whom and which step it waits for;
// once the borrower also signed, the lender's room lets them sign. The sealed certificate of
// completion shows each participant's step.

const ADA = { type: "Borrower", givenName: "Ada", familyName: "Rivera", email: "ada.rivera@steps.example.com" };
const BEN = { type: "Co-Borrower", givenName: "Ben", familyName: "Rivera", email: "ben.rivera@steps.example.com" };
const LENA = { type: "Loan Officer", givenName: "Lena", familyName: "Park", email: "lena.park@steps.example.com" };

async function noSeriousAxe(page: Page, name: string) {
  const violations = await axeViolations(page);
  expect(violations, `${name}: axe\n${describeViolations(violations)}`).toEqual([]);
}

describe("signing steps: two in step 1 in any order, the lender at step 2", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  const sessions: BrowserSession[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    for (const session of sessions) await session.close();
    await app?.close();
    await smtp?.close();
  });

  async function browserFor(options: Parameters<typeof launchBrowser>[0] = {}) {
    const session = await launchBrowser({ viewport: { width: 1280, height: 900 }, bypassCSP: true, ...options });
    sessions.push(session);
    return session;
  }

  /** The order section's steps in words, as the builder lists them under the order. */
  const stepsInWords = async (page: Page) =>
    (await page.getByRole("list", { name: "Signing steps" }).getByRole("listitem").allTextContents()).join("\n");

  it("is set up in the builder, enforced, explained in the lender's room, and certified", async () => {
    const client = await adminClient(app);
    const { pkg, api, participants } = await buildPackage(app, client, {
      name: "Rivera purchase",
      ordered: true,
      participants: [ADA, BEN, LENA],
    });
    const lena = participants[2]!;

    // --- the sender: each participant starts in a step of their own; Ben joins Ada in step 1 ---
    const sender = await browserFor({ baseURL: app.url });
    const page = sender.page;
    await signInAs(page, app.users.admin);
    await page.goto(`/packages/${pkg.id}/build?step=1`);
    const order = page.getByRole("table", { name: "Participant order" });
    await order.scrollIntoViewIfNeeded();
    await expect.poll(() => stepsInWords(page)).toBe("Step 1: Ada Rivera\nStep 2: Ben Rivera\nStep 3: Lena Park");
    const benStep = page.getByLabel("Signing step of CO-BORROWER 1");
    // a native select: keyboard and phone friendly; it offers every step and a new one
    expect(await benStep.locator("option").allInnerTexts()).toEqual([
      "New step before step 1",
      "Step 1",
      "Step 2",
      "Step 3",
      "New step at the end",
    ]);
    await benStep.selectOption({ label: "Step 1" });
    await expect
      .poll(() => stepsInWords(page))
      .toBe("Step 1: Ada Rivera, Ben Rivera (in any order)\nStep 2: Lena Park");
    await page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
    const stored = async () =>
      (await app.server.db.participant.findMany({ where: { packageId: pkg.id }, orderBy: { createdAt: "asc" } })).map(
        (row) => row.orderSequence,
      );
    // the empty step disappeared and the steps count 1..n with no gap
    await expect.poll(stored).toEqual([1, 1, 2]);
    // the rows of one step are grouped: the same step mark and bar colour, the next step another
    const rows = page.getByTestId("order-row");
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-step")))).toEqual(["1", "1", "2"]);
    const bars = await rows.evaluateAll((els) => els.map((el) => getComputedStyle(el).boxShadow));
    expect(bars[0]).not.toBe("none");
    expect(bars[1]).toBe(bars[0]);
    expect(bars[2]).not.toBe(bars[0]);
    // by keyboard: Lena to a new step before step 1, then back to the end
    await page.getByLabel("Signing step of LOAN OFFICER 1").focus();
    await page.getByLabel("Signing step of LOAN OFFICER 1").selectOption({ label: "New step before step 1" });
    await expect
      .poll(() => stepsInWords(page))
      .toBe("Step 1: Lena Park\nStep 2: Ada Rivera, Ben Rivera (in any order)");
    await page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
    await expect.poll(stored).toEqual([2, 2, 1]);
    await page.getByLabel("Signing step of LOAN OFFICER 1").selectOption({ label: "New step at the end" });
    await expect
      .poll(() => stepsInWords(page))
      .toBe("Step 1: Ada Rivera, Ben Rivera (in any order)\nStep 2: Lena Park");
    await page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
    await expect.poll(stored).toEqual([1, 1, 2]);
    await screenshot(page, "signing-steps-builder");
    await noSeriousAxe(page, "builder: signing steps");

    // on a phone: the order section fits without sideways scrolling and still passes axe
    await page.setViewportSize({ width: 390, height: 844 });
    await order.scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "signing-steps-builder-phone");
    await noSeriousAxe(page, "builder: signing steps on a phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    // the review says the steps in plain words, and sends
    await page.goto(`/packages/${pkg.id}/build?step=4`);
    await page.getByText("Step 1: Ada Rivera, Ben Rivera (in any order)").waitFor();
    await page.getByText("Step 2: Lena Park").waitFor();
    await page.getByRole("button", { name: "Send package" }).click();
    await page.waitForURL(new RegExp(`/packages/${pkg.id}$`));
    await page.getByText("Out for signature", { exact: true }).first().waitFor();
    // the package page lists the steps too
    await page.getByText("Step 1: Ada Rivera, Ben Rivera (in any order)").waitFor();

    // --- the lender opens early (a signing URL the sender issued): the room says whom and which step it waits for ---
    const issued = await client.request<SigningUrl>("POST", api.signingUrl(lena.id), { json: {} });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const lender = await browserFor();
    await lender.page.goto(issued.body.signingURL);
    await consentInRoom(lender.page);
    await lender.page.getByTestId("waiting-turn").waitFor();
    expect(await lender.page.getByTestId("waiting-for").textContent()).toBe(
      "Waiting for Ada Rivera and Ben Rivera to finish first.",
    );
    expect(await lender.page.getByTestId("waiting-step").textContent()).toBe(
      "Step 1 of 2 is signing now; you sign at step 2.",
    );
    await noSeriousAxe(lender.page, "room: waiting for step 1");
    await screenshot(lender.page, "signing-steps-lender-waiting");
    // step 2 was not invited
    expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(LENA.email))).toHaveLength(0);

    // --- the co-borrower signs in a browser of their own ---
    const coBorrower = await browserFor();
    await coBorrower.page.goto(signingLinkIn(await invitationFor(smtp, BEN.email)));
    await consentInRoom(coBorrower.page);
    await signAndFinish(coBorrower.page);

    // the lender checks again: now only the borrower is left
    await lender.page.getByRole("button", { name: "Check again" }).click();
    await expect
      .poll(() => lender.page.getByTestId("waiting-for").textContent())
      .toBe("Waiting for Ada Rivera to finish first.");

    // --- the borrower signs (over the API, as her room would); step 2 opens ---
    const adaRoom = await openAndConsent(app.server.signingRoom!.url, linkToken(await invitationFor(smtp, ADA.email)));
    expect((await signEverything(adaRoom.client, adaRoom.room)).status).toBe(200);
    await invitationFor(smtp, LENA.email);
    await lender.page.getByRole("button", { name: "Check again" }).click();
    await signAndFinish(lender.page);

    // --- the sealed certificate shows each participant's step ---
    await expect
      .poll(async () => (await app.server.db.package.findUniqueOrThrow({ where: { id: pkg.id } })).sealedAt, {
        timeout: 30_000,
      })
      .toBeInstanceOf(Date);
    const artifacts = await client.get<{ records: SealedArtifact[] }>(api.sealedArtifacts);
    const certificate = artifacts.body.records.find((artifact) => artifact.kind === "CERTIFICATE")!;
    const file = await fetch(`${app.url}${api.sealedFile(certificate.id)}`, {
      headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(file.status).toBe(200);
    const text = pdfText(new Uint8Array(await file.arrayBuffer()));
    const stepOf = (name: string) => {
      const from = text.indexOf(name);
      expect(from, `${name} in the certificate`).toBeGreaterThan(-1);
      return /Signing step\s+(\d+)/.exec(text.slice(from))?.[1];
    };
    expect([stepOf("1. Ada Rivera"), stepOf("2. Ben Rivera"), stepOf("3. Lena Park")]).toEqual(["1", "1", "2"]);
    for (const session of sessions) expect(session.errors, "browser errors").toEqual([]);
  });

  it("lets a member with package permissions set the steps of their own package", async () => {
    const member = new HttpClient(app.url);
    expect((await member.signIn(app.users.member, DEMO_PASSWORD)).status).toBe(200);
    const { pkg } = await buildPackage(app, member, {
      name: "Member steps",
      ordered: true,
      participants: [
        { ...ADA, email: "ada.member@steps.example.com" },
        { ...BEN, email: "ben.member@steps.example.com" },
      ],
    });
    const session = await browserFor({ baseURL: app.url });
    await signInAs(session.page, app.users.member);
    await session.page.goto(`/packages/${pkg.id}/build?step=1`);
    await session.page.getByLabel("Signing step of CO-BORROWER 1").selectOption({ label: "Step 1" });
    await expect.poll(() => stepsInWords(session.page)).toBe("Step 1: Ada Rivera, Ben Rivera (in any order)");
    await session.page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
    await expect
      .poll(async () =>
        (await app.server.db.participant.findMany({ where: { packageId: pkg.id } })).map((row) => row.orderSequence),
      )
      .toEqual([1, 1]);
  });
});
