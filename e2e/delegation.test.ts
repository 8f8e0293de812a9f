import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenChecker } from "./support/screen-checks.ts";
import {
  adminClient,
  buildPackage,
  consentInRoom,
  invitationFor,
  signAndFinish,
  signingLinkIn,
} from "./support/signing-helpers.ts";

// Issue 34 §3 in two browser contexts on a phone: the original signer hands their part to someone
// else from the room's menu; their room and link close naming the delegate; the delegate opens the
// emailed link in their own browser, verifies with an emailed code, consents and signs. The sender's
// package page shows the chain.

const PHONE = { width: 390, height: 844 };

const checkScreen = screenChecker("delegation");

describe("delegation: someone else should sign", () => {
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

  async function phone(): Promise<BrowserSession> {
    const session = await launchBrowser({ viewport: PHONE, mobile: true, bypassCSP: true });
    sessions.push(session);
    return session;
  }

  it("hands the part to a delegate who verifies, consents and signs in their own browser", async () => {
    const client = await adminClient(app);
    const built = await buildPackage(app, client, {
      name: "Delegated closing",
      send: true,
      participants: [
        {
          type: "Borrower",
          givenName: "Ada",
          familyName: "Original",
          email: "ada.original@delegation.example.com",
          delegationAllowed: true,
        },
      ],
    });
    const link = signingLinkIn(await invitationFor(smtp, "ada.original@delegation.example.com"));

    // the original, on her phone: consent, then "Someone else should sign" from the menu
    const original = await phone();
    await original.page.goto(link);
    await consentInRoom(original.page);
    await original.page.getByRole("button", { name: "More options" }).click();
    await original.page.getByRole("menuitem", { name: "Someone else should sign" }).click();
    const dialog = original.page.getByRole("dialog", { name: "Someone else should sign" });
    await dialog.waitFor();
    // nothing filled: each field says what it needs, and nothing is sent
    await dialog.getByRole("button", { name: "Hand over" }).click();
    await dialog.getByText("Tell the sender why someone else should sign.").waitFor();
    await checkScreen(original.page, "form");
    await dialog.getByLabel("First name").fill("Carla");
    await dialog.getByLabel("Last name").fill("Delegate");
    await dialog.getByLabel("Email address").fill("ada.original@delegation.example.com");
    await dialog.getByLabel("Why should they sign instead of you?").fill("I am in hospital; my sister signs for me.");
    await dialog.getByRole("button", { name: "Hand over" }).click();
    // her own email is refused on the field
    await dialog.getByText("this one is yours or another participant's").waitFor();
    await dialog.getByLabel("Email address").fill("carla.delegate@delegation.example.com");
    await dialog.getByRole("button", { name: "Hand over" }).click();
    await original.page.getByRole("heading", { name: "You handed this package to someone else" }).waitFor();
    await original.page.getByText("You handed your part to Carla Delegate.").waitFor();
    await checkScreen(original.page, "closed");

    // her link no longer opens the room: it says to whom she handed it
    await original.page.goto(link);
    await original.page.getByTestId("closed-DELEGATED").waitFor();
    await original.page.getByText("You handed your part to Carla Delegate.").waitFor();
    await checkScreen(original.page, "link-closed");

    // the delegate, in her own browser: her own invitation, an emailed code, her own consent and signature
    const delegate = await phone();
    const page = delegate.page;
    await page.goto(signingLinkIn(await invitationFor(smtp, "carla.delegate@delegation.example.com")));
    await page.getByTestId("delegated-from").getByText("Ada Original asked you to sign").waitFor();
    await page.getByRole("button", { name: "Email me a code" }).click();
    await page.getByText("We emailed a code to c***@delegation.example.com").waitFor();
    const codeMail = await smtp.waitFor(
      (mail) =>
        mail.envelopeTo.includes("carla.delegate@delegation.example.com") &&
        /verification code/i.test(mail.parsed.subject ?? ""),
      20_000,
    );
    await checkScreen(page, "verify-email-code");
    const code = /is (\d{6})\./.exec(codeMail.parsed.text ?? "")![1]!;
    await page.getByLabel("Six-digit code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await consentInRoom(page);
    await signAndFinish(page);
    // the refused email (400) and the closed link (409) are the answers the original was shown
    expect(original.errors.filter((error) => !/status of (400|409)\b/.test(error))).toEqual([]);
    expect(delegate.errors).toEqual([]);

    const db = app.server.db;
    await expect
      .poll(async () => (await db.package.findUniqueOrThrow({ where: { id: built.pkg.id } })).status)
      .toBe("COMPLETED");

    // the sender's package page shows the chain on both rows
    const sender = await launchBrowser({ baseURL: app.url, viewport: { width: 1280, height: 900 }, bypassCSP: true });
    sessions.push(sender);
    await sender.page.goto("/sign-in");
    await signIn(sender.page, app.users.admin, DEMO_PASSWORD);
    await sender.page.waitForURL((url) => url.pathname !== "/sign-in");
    await sender.page.goto(`/packages/${built.pkg.id}`);
    const notes = sender.page.getByTestId("delegation-note");
    await notes.first().waitFor();
    await expect
      .poll(() => notes.allInnerTexts())
      .toEqual([
        "Delegated to Carla Delegate",
        expect.stringMatching(/^Delegated by Ada Original on .+: I am in hospital; my sister signs for me\.$/),
      ]);
  });

  it.each([
    ["admin", () => app.users.admin],
    ["member", () => app.users.member],
  ])("lets the %s allow a participant to hand signing to someone else in the builder", async (_persona, email) => {
    const client = await adminClient(app);
    const built = await buildPackage(app, client, {
      name: "Draft with a delegation option",
      participants: [
        { type: "Borrower", givenName: "Bea", familyName: "Builder", email: "bea@delegation.example.com" },
      ],
    });
    // the draft belongs to the member's groups too, as one a member made would
    const db = app.server.db;
    const organizationId = app.demo.organizations.customer;
    const member = await db.user.findFirstOrThrow({ where: { email: app.users.member } });
    for (const { groupId } of await db.groupMember.findMany({ where: { userId: member.id, organizationId } })) {
      await db.packageGroup.upsert({
        where: { packageId_groupId: { packageId: built.pkg.id, groupId } },
        create: { packageId: built.pkg.id, groupId, organizationId },
        update: {},
      });
    }
    const sender = await launchBrowser({ baseURL: app.url, viewport: { width: 1280, height: 900 }, bypassCSP: true });
    sessions.push(sender);
    const { page } = sender;
    await page.goto("/sign-in");
    await signIn(page, email(), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    await page.goto(`/packages/${built.pkg.id}/build?step=1`);
    await page.getByRole("button", { name: "Edit BORROWER 1" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit participant" });
    await dialog.getByLabel("May hand signing to someone else").check();
    await dialog.getByRole("button", { name: "Save participant" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect
      .poll(
        async () => (await db.participant.findFirstOrThrow({ where: { packageId: built.pkg.id } })).delegationAllowed,
      )
      .toBe(true);
    expect(sender.errors).toEqual([]);
  });
});
