import { markIdentityProofed } from "@signet/core/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../apps/api/test/support/http-client.ts";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import {
  type SpawnedReferenceIdProofing,
  spawnReferenceIdProofing,
} from "../apps/idproof/src/testing/spawn-reference-idproofing.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenChecker } from "./support/screen-checks.ts";
import { adminClient, buildPackage, consentInRoom, invitationFor, signingLinkIn } from "./support/signing-helpers.ts";

// Issue 16 §2, DOMAIN.md §8: an A/V signer opens their link, consents, gives the details of a person
// the reference identity provider knows, answers the five timed questions and passes; a second
// signer fails twice and sees when they may try again. On every screen: axe clean, no sideways
// scrolling at phone width.

const AVERY = {
  givenName: "Avery",
  familyName: "Quillfeather",
  dateOfBirth: "1984-03-17",
  ssnLast4: "0417",
  postalCode: "55401",
};

const checkScreen = screenChecker("identity-proofing");

describe("identity proofing in the signing room", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let provider: SpawnedReferenceIdProofing;
  const sessions: BrowserSession[] = [];

  beforeAll(async () => {
    provider = await spawnReferenceIdProofing();
    smtp = await startSmtpCapture();
    app = await startTestApp({
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
      SMTP_URL: smtp.url,
      IDPROOF_URL: provider.url,
      IDPROOF_CLIENT_ID: provider.clientId,
      IDPROOF_CLIENT_SECRET: provider.clientSecret,
    });
  });
  afterAll(async () => {
    for (const session of sessions) await session.close();
    await app?.close();
    await smtp?.close();
    await provider?.kill();
  });

  /** Opens the signer's link at phone width and consents through the room. */
  async function openAndConsent(email: string): Promise<Page> {
    const session = await launchBrowser({ viewport: { width: 390, height: 844 }, mobile: true, bypassCSP: true });
    sessions.push(session);
    const page = session.page;
    await page.goto(signingLinkIn(await invitationFor(smtp, email)));
    await consentInRoom(page);
    await page.getByRole("heading", { name: "Verify your identity" }).waitFor();
    return page;
  }

  async function giveDetails(page: Page) {
    await page.getByLabel("First name").fill(AVERY.givenName);
    await page.getByLabel("Last name").fill(AVERY.familyName);
    await page.getByLabel("Date of birth").fill(AVERY.dateOfBirth);
    await page.getByLabel("Last four digits of your Social Security number").fill(AVERY.ssnLast4);
    await page.getByLabel("ZIP code of your current address").fill(AVERY.postalCode);
    await page.getByRole("button", { name: "Continue to the questions" }).tap();
    await page.getByRole("heading", { name: "Answer the questions" }).waitFor();
  }

  /** Picks the right choice of every question (from the provider's test control), or a wrong one. */
  async function answer(page: Page, participantId: string, right: boolean) {
    const attempt = await app.server.db.identityProofingAttempt.findFirstOrThrow({
      where: { participantId, outcome: null },
    });
    const correct = new Map(
      (await provider.correctAnswers(attempt.quizId)).map((pick) => [pick.questionId, pick.choiceId]),
    );
    const questions = attempt.questions as { id: string; prompt: string; choices: { id: string; text: string }[] }[];
    const groups = page.getByRole("group");
    for (const [index, question] of questions.entries()) {
      const choice = right
        ? question.choices.find((candidate) => candidate.id === correct.get(question.id))!
        : question.choices.find((candidate) => candidate.id !== correct.get(question.id))!;
      await groups.nth(index).getByLabel(choice.text, { exact: true }).check();
    }
  }

  it("passes a signer with the right answers and locks out one who fails twice", async () => {
    const client = await adminClient(app);
    const { pkg, participants } = await buildPackage(app, client, {
      name: "A/V closing",
      send: true,
      participants: [
        { type: "Borrower", givenName: "Hana", familyName: "Host", email: "hana.host@example.com" },
        { type: "Co-Borrower", givenName: "Ben", familyName: "Signer", email: "ben.signer@example.com" },
        { type: "Co-Borrower", givenName: "Cleo", familyName: "Signer", email: "cleo.signer@example.com" },
      ],
    });
    // the A/V settings as the builder saves them (the host chosen among the participants)
    await app.server.db.package.update({ where: { id: pkg.id }, data: { avEsign: true } });
    await app.server.db.participant.update({ where: { id: participants[0]!.id }, data: { avHost: true } });
    const [, ben, cleo] = participants;

    const page = await openAndConsent("ben.signer@example.com");
    await page.getByText("You have 2 attempts.").waitFor();
    await checkScreen(page, "details");
    await giveDetails(page);
    const timer = page.getByRole("timer");
    await expect.poll(() => timer.textContent()).toMatch(/Time left: [12]:\d\d/);
    await checkScreen(page, "quiz");
    await answer(page, ben!.id, true);
    await page.getByRole("button", { name: "Submit answers" }).tap();
    await page.getByText("Your identity is verified.").waitFor();
    await page.getByText("You answered 5 of 5 questions correctly.").waitFor();
    await checkScreen(page, "passed");
    await page.getByRole("button", { name: "Continue" }).tap();
    await expect.poll(() => page.locator(".room").getAttribute("data-stage")).not.toBe("IDENTITY_PROOFING");

    const second = await openAndConsent("cleo.signer@example.com");
    await giveDetails(second);
    await answer(second, cleo!.id, false);
    await second.getByRole("button", { name: "Submit answers" }).tap();
    await second.getByText("You answered 0 of 5 questions correctly. You have one more attempt.").waitFor();
    await checkScreen(second, "failed-once");
    await giveDetails(second);
    await answer(second, cleo!.id, false);
    await second.getByRole("button", { name: "Submit answers" }).tap();
    await second.getByRole("heading", { name: "Identity verification is locked" }).waitFor();
    await second.getByText(/Identity verification failed twice\. You can try again after .+\./).waitFor();
    await checkScreen(second, "locked");
    for (const session of sessions) expect(session.errors).toEqual([]);

    // every persona who may see the package reads the outcomes beside identity verification; the
    // member (package permissions only) sees it once it is shared with their groups
    const db = app.server.db;
    const member = await db.user.findUniqueOrThrow({ where: { email: app.users.member } });
    const organizationId = app.demo.organizations.customer;
    for (const { groupId } of await db.groupMember.findMany({ where: { userId: member.id, organizationId } })) {
      await db.packageGroup.upsert({
        where: { packageId_groupId: { packageId: pkg.id, groupId } },
        create: { packageId: pkg.id, groupId, organizationId },
        update: {},
      });
    }
    for (const persona of ["admin", "member"] as const) {
      const email = app.users[persona];
      const session = await launchBrowser({
        baseURL: app.url,
        viewport: { width: 390, height: 844 },
        mobile: true,
        bypassCSP: true,
      });
      sessions.push(session);
      const page = session.page;
      await page.goto("/sign-in");
      await signIn(page, email, DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname !== "/sign-in");
      await page.goto(`/packages/${pkg.id}?org=${app.demo.organizations.customer}`);
      const outcomes = page.getByTestId("identity-proofing-outcome");
      await expect
        .poll(() => outcomes.allTextContents(), { message: persona })
        .toEqual(["Identity proofing passed (5 of 5)", "Identity proofing failed twice: locked"]);
      await checkScreen(page, `sender-${persona}`);
      expect(session.errors, persona).toEqual([]);
    }
  });

  it("shows the support user the outcome on a package of their own organization", async () => {
    const organizationId = app.demo.organizations.support;
    const client = new HttpClient(app.url);
    expect((await client.signIn(app.users.support, DEMO_PASSWORD)).status).toBe(200);
    const created = await client.request<{ id: string }>("POST", `/api/v9/organizations/${organizationId}/packages`, {
      json: { name: "Support A/V closing" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ids: string[] = [];
    for (const [type, givenName] of [
      ["Borrower", "Hal"],
      ["Co-Borrower", "Ivy"],
    ] as const) {
      const added = await client.request<{ id: string }>(
        "POST",
        `/api/v5/organizations/${organizationId}/packages/${created.body.id}/participants`,
        {
          json: {
            type,
            givenName,
            familyName: "Support",
            email: `${givenName.toLowerCase()}.support@example.com`,
            accessMethod: "EMAIL",
          },
        },
      );
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      ids.push(added.body.id);
    }
    const db = app.server.db;
    await db.package.update({ where: { id: created.body.id }, data: { avEsign: true } });
    await db.participant.update({ where: { id: ids[0]! }, data: { avHost: true } });
    await markIdentityProofed(db, { organizationId, packageId: created.body.id, participantId: ids[1]! });

    const session = await launchBrowser({
      baseURL: app.url,
      viewport: { width: 390, height: 844 },
      mobile: true,
      bypassCSP: true,
    });
    sessions.push(session);
    const page = session.page;
    await page.goto("/sign-in");
    await signIn(page, app.users.support, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    await page.goto(`/packages/${created.body.id}?org=${organizationId}`);
    await expect
      .poll(() => page.getByTestId("identity-proofing-outcome").allTextContents())
      .toEqual(["Identity proofing passed (5 of 5)"]);
    await checkScreen(page, "sender-support");
    expect(session.errors).toEqual([]);
  });
});
