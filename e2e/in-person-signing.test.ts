import type { Participant } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenChecker } from "./support/screen-checks.ts";
import { adminClient, buildPackage, consentInRoom, signAndFinish } from "./support/signing-helpers.ts";

// Issue 34 §2a: a loan officer signs in to the web app on a phone, hosts a borrower who is with
// them, checks the borrower's ID, and the borrower consents and signs on the same device. The
// sender, in a second browser, sees on the package page that the borrower finished in person.

const checkScreen = screenChecker("in-person");

describe("in-person signing hosted by a loan officer", () => {
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

  it("hosts a borrower on the officer's phone: ID checked, consent, signature, device handed back", async () => {
    const client = await adminClient(app);
    const built = await buildPackage(app, client, {
      name: "Kitchen-table closing",
      send: true,
      participants: [
        { type: "Borrower", givenName: "Bea", familyName: "Present", email: "bea.present@inperson.example.com" },
        { type: "Co-Borrower", givenName: "Cal", familyName: "Remote", email: "cal.remote@inperson.example.com" },
      ],
    });
    const [bea] = built.participants as [Participant, Participant];
    const organizationId = app.demo.organizations.customer;
    // the package belongs to the officer's group, as one they sent would
    const member = await app.server.db.user.findFirstOrThrow({ where: { email: app.users.member } });
    for (const { groupId } of await app.server.db.groupMember.findMany({
      where: { userId: member.id, organizationId },
    })) {
      await app.server.db.packageGroup.create({ data: { packageId: built.pkg.id, groupId, organizationId } });
    }

    // the loan officer (a member with package permissions only), on a phone
    const officer = await launchBrowser({
      baseURL: app.url,
      viewport: { width: 390, height: 844 },
      mobile: true,
      bypassCSP: true,
    });
    sessions.push(officer);
    const page = officer.page;
    await page.goto("/sign-in");
    await signIn(page, app.users.member, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    await page.goto(`/packages/${built.pkg.id}`);
    await page.getByRole("button", { name: "Host in-person signing for BORROWER 1" }).click();
    const dialog = page.getByRole("dialog", { name: "Host in-person signing for Bea Present" });
    await dialog.waitFor();
    const open = dialog.getByRole("button", { name: "Open the signing room" });
    expect(await open.isDisabled()).toBe(true);
    await checkScreen(page, "host-dialog");
    await dialog.getByLabel("Bea Present is here with me now").check();
    await open.click();

    // the room, on the officer's phone, for Bea: who is signing, before anything else
    const step = page.getByTestId("in-person-step");
    await step.waitFor();
    await page
      .getByTestId("in-person-banner")
      .filter({ hasText: "In-person signing hosted by Morgan Member" })
      .waitFor();
    await step.getByRole("button", { name: /Send a code to b\*\*\*@inperson\.example\.com/ }).waitFor();
    await checkScreen(page, "confirm-who");

    // an expired ID is refused with the reason, before anything is sent
    await step.getByLabel("Type of ID").selectOption("DRIVERS_LICENSE");
    await step.getByLabel("Issuing state or country").fill("California");
    await step.getByLabel("Expiry date").fill("2021-03-31");
    await step.getByLabel("I, Morgan Member, checked this person's ID in person.").check();
    await step.getByRole("button", { name: "Confirm ID checked" }).click();
    await step.getByRole("alert").filter({ hasText: "The ID has expired" }).waitFor();
    await step.getByLabel("Expiry date").fill(`${new Date().getUTCFullYear() + 2}-03-31`);
    await step.getByRole("button", { name: "Confirm ID checked" }).click();

    // consent and signing as usual, with the host named throughout
    await consentInRoom(page);
    await page.getByTestId("in-person-banner").waitFor();
    await signAndFinish(page);
    const handBack = page.getByTestId("in-person-hand-back");
    await handBack.getByText("Please give the device back to Morgan Member.").waitFor();
    await checkScreen(page, "hand-back");
    await handBack.getByRole("button", { name: "Close this signing session" }).click();
    await page.getByTestId("session-left").waitFor();

    const check = await app.server.db.inPersonIdentityCheck.findFirstOrThrow({ where: { participantId: bea.id } });
    expect([check.method, check.idType, check.idIssuer, check.hostEmail]).toEqual([
      "HOST_ATTESTED_ID",
      "DRIVERS_LICENSE",
      "California",
      app.users.member,
    ]);

    // the sender, in another browser, sees Bea finished in person and Cal still to sign
    const sender = await launchBrowser({ baseURL: app.url, viewport: { width: 1280, height: 900 }, bypassCSP: true });
    sessions.push(sender);
    await sender.page.goto("/sign-in");
    await signIn(sender.page, app.users.admin, DEMO_PASSWORD);
    await sender.page.waitForURL((url) => url.pathname !== "/sign-in");
    await sender.page.goto(`/packages/${built.pkg.id}`);
    await sender.page
      .getByTestId("signed-in-person")
      .filter({ hasText: `In person, hosted by Morgan Member (${app.users.member})` })
      .waitFor();
    await sender.page.getByRole("button", { name: "Host in-person signing for CO-BORROWER 1" }).waitFor();
    expect(await sender.page.getByRole("button", { name: "Host in-person signing for BORROWER 1" }).count()).toBe(0);
    expect(officer.errors).toEqual([]);
    expect(sender.errors).toEqual([]);
  }, 180_000);
});
