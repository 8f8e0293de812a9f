import type { NotaryProfile, Package, Participant } from "@signet/contract";
import { createDevelopmentSealP12 } from "@signet/core";
import { markIdentityProofed } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signInAs } from "./support/journeys.ts";
import { screenChecker } from "./support/screen-checks.ts";
import {
  adminClient,
  buildPackage,
  consentInRoom,
  invitationFor,
  pdfText,
  signAndFinish,
  signingLinkIn,
} from "./support/signing-helpers.ts";

// Issue 34 §4 in two browsers: the notary (the demo admin, with a notary profile) hosts the A/V
// session, the signer joins from a phone-sized browser; the host is told why an act cannot be
// performed before the signer signed, performs the acknowledgment once they have, and only then
// completes the session; the sealed package's certificate of completion has the Notarization section.

const SEAL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

const checkScreen = screenChecker("ron");

describe("remote online notarization: notary host and signer", () => {
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

  async function openRoom(email: string, options: Parameters<typeof launchBrowser>[0]): Promise<BrowserSession> {
    const session = await launchBrowser({ ...options, bypassCSP: true });
    sessions.push(session);
    await session.page.goto(signingLinkIn(await invitationFor(smtp, email)));
    await consentInRoom(session.page);
    return session;
  }

  it("performs the acknowledgment in the live session, then completes and seals with the Notarization section", async () => {
    const client = await adminClient(app);
    const organizationId = app.demo.organizations.customer;
    const profile = await client.request<NotaryProfile>(
      "POST",
      `/api/v1/organizations/${organizationId}/notary-profiles`,
      {
        json: {
          notaryName: "Nadia Notary",
          commissionNumber: "VA-RON-42",
          commissionState: "VA",
          commissionExpiresOn: `${new Date().getUTCFullYear() + 2}-01-31`,
          sealImage: SEAL_PNG,
          certificateP12: Buffer.from(createDevelopmentSealP12("Nadia Notary", "pw-nadia")).toString("base64"),
          certificatePassword: "pw-nadia",
        },
      },
    );
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);

    // the notary is the host participant with the admin's email
    const built = await buildPackage(app, client, {
      name: "Notarized closing",
      participants: [
        { type: "Notary", givenName: "Nadia", familyName: "Notary", email: app.users.admin },
        { type: "Borrower", givenName: "Ben", familyName: "Signer", email: "ben.signer@ron.example.com" },
      ],
    });
    const [nadia, ben] = built.participants as [Participant, Participant];
    const before = await client.get<Package>(built.api.package);
    const flagged = await client.request<Package>("PATCH", built.api.package, {
      json: { version: before.body.version, avEsign: true },
    });
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    const hosted = await client.request(
      "PATCH",
      `/api/v5/organizations/${organizationId}/packages/${built.pkg.id}/participants/${nadia.id}`,
      { json: { version: nadia.version, avHost: true } },
    );
    expect(hosted.status, JSON.stringify(hosted.body)).toBe(200);
    // the sender marks the document for an acknowledgment by Ben in the builder, on a phone
    const sender = await launchBrowser({
      baseURL: app.url,
      viewport: { width: 390, height: 844 },
      mobile: true,
      bypassCSP: true,
    });
    sessions.push(sender);
    await signInAs(sender.page, app.users.admin);
    await sender.page.goto(`/packages/${built.pkg.id}/build?step=1`);
    const choices = sender.page.getByTestId("notarial-act-choices");
    const actFor = choices.getByRole("radiogroup", { name: "Notarial act for Promissory note" });
    await actFor.getByRole("radio", { name: "Acknowledgment" }).check();
    await choices.getByRole("checkbox", { name: "Ben Signer" }).check();
    await checkScreen(sender.page, "builder-notarial-act");
    await choices.getByRole("button", { name: "Mark for acknowledgment" }).click();
    await choices.getByText("Notarial act: Acknowledgment, for Ben Signer").waitFor();
    const marked = await app.server.db.notarialAct.findFirstOrThrow({ where: { packageId: built.pkg.id } });
    expect(marked).toMatchObject({ actType: "ACKNOWLEDGMENT", participantIds: [ben.id], status: "PENDING" });
    const current = await client.get<Package>(built.api.package);
    const sent = await client.request<Package>("POST", built.api.send, { json: { version: current.body.version } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await markIdentityProofed(app.server.db, { organizationId, packageId: built.pkg.id, participantId: ben.id });

    const host = await openRoom(app.users.admin, { viewport: { width: 1280, height: 900 } });
    const hostPage = host.page;
    const panel = hostPage.getByTestId("av-session");
    await panel.getByRole("button", { name: "Start session" }).click();
    await panel.getByTestId("av-live").waitFor();

    const signer = await openRoom("ben.signer@ron.example.com", {
      viewport: { width: 390, height: 844 },
      mobile: true,
    });
    const signerPanel = signer.page.getByTestId("av-session");
    await signerPanel.getByRole("button", { name: "Join the session" }).click();
    await signerPanel.getByTestId("av-tile-status").filter({ hasText: "Connected" }).waitFor({ timeout: 30_000 });

    // the notary's acts: performing before the signer signed is refused with the reason
    const acts = panel.getByTestId("notarial-acts");
    await acts.getByText("Promissory note for Ben Signer").waitFor();
    await acts.getByRole("button", { name: "Perform notarial act" }).click();
    await acts.getByTestId("notary-error").filter({ hasText: "Ben Signer has not signed yet" }).waitFor();
    await checkScreen(hostPage, "host-acts");

    await signAndFinish(signer.page);
    await checkScreen(signer.page, "signer-done");
    await signAndFinish(hostPage);
    await expect
      .poll(async () => (await app.server.db.package.findUniqueOrThrow({ where: { id: built.pkg.id } })).status)
      .toBe("PENDING_ENOTARY");
    await expect
      .poll(async () => app.server.db.avRecordingChunk.count({ where: { session: { packageId: built.pkg.id } } }), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);

    // completing is refused while the act is pending; then the notary performs it with a fee
    const complete = panel.getByRole("button", { name: "Complete session" });
    await expect.poll(() => complete.isDisabled(), { timeout: 10_000 }).toBe(false);
    await complete.click();
    await panel.getByText("Still to notarize: Promissory note").waitFor();
    await acts.getByLabel("Fee (USD)").fill("25");
    await acts.getByRole("button", { name: "Perform notarial act" }).click();
    await acts.getByTestId("notary-done").waitFor();
    const act = await app.server.db.notarialAct.findFirstOrThrow({ where: { packageId: built.pkg.id } });
    expect([act.status, act.feeCents]).toEqual(["COMPLETED", 2500]);

    await expect.poll(() => complete.isDisabled(), { timeout: 10_000 }).toBe(false);
    await complete.click();
    await panel.getByTestId("av-completed").waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await app.server.db.package.findUniqueOrThrow({ where: { id: built.pkg.id } })).sealedAt, {
        timeout: 60_000,
      })
      .toBeInstanceOf(Date);

    const certificate = await app.server.db.sealedArtifact.findFirstOrThrow({
      where: { packageId: built.pkg.id, kind: "CERTIFICATE" },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of await app.server.deps.storage.get(certificate.blobKey)) chunks.push(Buffer.from(chunk));
    const text = pdfText(new Uint8Array(Buffer.concat(chunks))).replace(/\s+/g, "");
    const recording = await app.server.db.avRecording.findFirstOrThrow({ where: { packageId: built.pkg.id } });
    expect(text).toContain("Notarization");
    expect(text).toContain("NadiaNotary");
    expect(text).toContain("VA-RON-42,VA");
    expect(text).toContain("Acknowledgment:Promissorynote,forBenSigner");
    expect(text).toContain(recording.sha256);
    expect(host.errors.filter((error) => !/409|403/.test(error))).toEqual([]);

    // the sender sees the act on the package page, performed
    await sender.page.goto(`/packages/${built.pkg.id}`);
    await sender.page
      .getByTestId("notarial-acts")
      .getByText(/Acknowledgment: Promissory note, for Ben Signer · notarized/)
      .waitFor();
  });
  it("lets a member with package permissions only mark a jurat for two signers in the builder, read-only once sent", async () => {
    const client = await adminClient(app);
    const db = app.server.db;
    const organizationId = app.demo.organizations.customer;
    const built = await buildPackage(app, client, {
      name: "Jurat closing",
      participants: [
        { type: "Notary", givenName: "Nadia", familyName: "Notary", email: app.users.admin },
        { type: "Borrower", givenName: "Jo", familyName: "Jurat", email: "jo.jurat@ron.example.com" },
        { type: "Borrower", givenName: "Kim", familyName: "Jurat", email: "kim.jurat@ron.example.com" },
      ],
    });
    const [nadia, jo, kim] = built.participants as [Participant, Participant, Participant];
    const before = await client.get<Package>(built.api.package);
    const flagged = await client.request<Package>("PATCH", built.api.package, {
      json: { version: before.body.version, avEsign: true },
    });
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    const hosted = await client.request(
      "PATCH",
      `/api/v5/organizations/${organizationId}/packages/${built.pkg.id}/participants/${nadia.id}`,
      { json: { version: nadia.version, avHost: true } },
    );
    expect(hosted.status, JSON.stringify(hosted.body)).toBe(200);
    // the draft belongs to the member's groups, as one the member made would
    const member = await db.user.findFirstOrThrow({ where: { email: app.users.member } });
    for (const { groupId } of await db.groupMember.findMany({ where: { userId: member.id, organizationId } })) {
      await db.packageGroup.upsert({
        where: { packageId_groupId: { packageId: built.pkg.id, groupId } },
        create: { packageId: built.pkg.id, groupId, organizationId },
        update: {},
      });
    }

    const session = await launchBrowser({
      baseURL: app.url,
      viewport: { width: 390, height: 844 },
      mobile: true,
      bypassCSP: true,
    });
    sessions.push(session);
    const { page } = session;
    await signInAs(page, app.users.member);
    await page.goto(`/packages/${built.pkg.id}/build?step=1`);
    const choices = page.getByTestId("notarial-act-choices");
    // the host is the notary: not offered as a signer of the act
    await choices.getByRole("radio", { name: "Jurat" }).check();
    await choices.getByRole("checkbox", { name: "Jo Jurat" }).check();
    await choices.getByRole("checkbox", { name: "Kim Jurat" }).check();
    expect(await choices.getByRole("checkbox", { name: "Nadia Notary" }).count()).toBe(0);
    await choices.getByRole("button", { name: "Mark for jurat" }).click();
    await choices.getByText("Notarial act: Jurat, for Jo Jurat, Kim Jurat").waitFor();
    await checkScreen(page, "builder-notarial-act-member");
    const act = await db.notarialAct.findFirstOrThrow({ where: { packageId: built.pkg.id } });
    expect(act.actType).toBe("JURAT");
    expect([...act.participantIds].sort()).toEqual([jo.id, kim.id].sort());

    // once sent the package page shows the act as it is
    const current = await client.get<Package>(built.api.package);
    const sent = await client.request<Package>("POST", built.api.send, { json: { version: current.body.version } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await page.goto(`/packages/${built.pkg.id}`);
    await page
      .getByTestId("notarial-acts")
      .getByText(/Jurat: Promissory note, for Jo Jurat, Kim Jurat · to be notarized in the session/)
      .waitFor();
    await checkScreen(page, "package-notarial-act-member");
    expect(session.errors).toEqual([]);
  });
  it("lets a member with package permissions only keep their notary profile, on a phone, and an admin see every notary", async () => {
    const session = await launchBrowser({
      baseURL: app.url,
      viewport: { width: 390, height: 844 },
      mobile: true,
      bypassCSP: true,
    });
    sessions.push(session);
    const { page } = session;
    await signInAs(page, app.users.member);
    await page.goto("/settings/notary-profile");
    await page.getByRole("heading", { name: "Notary profile" }).waitFor();
    await page.getByRole("heading", { name: "Add your commission" }).waitFor();
    await page.getByLabel("Name as commissioned").fill("Mel Member");
    await page.getByLabel("Commission number").fill("MD-555");
    await page.getByRole("combobox", { name: "Commissioning state", exact: true }).fill("MD");
    await page.getByRole("option", { name: "MD", exact: true }).click();
    await page.getByLabel("Commission expires on").fill(`${new Date().getUTCFullYear() + 3}-03-31`);
    await page.getByLabel("Seal image (PNG)").setInputFiles({
      name: "seal.png",
      mimeType: "image/png",
      buffer: Buffer.from(SEAL_PNG, "base64"),
    });
    // the wrong password first: the page says why
    await page.getByLabel("Signing certificate (.p12 or .pfx)").setInputFiles({
      name: "notary.p12",
      mimeType: "application/x-pkcs12",
      buffer: Buffer.from(createDevelopmentSealP12("Mel Member", "pw-mel")),
    });
    await page.getByLabel("Certificate password").fill("wrong");
    await page.getByRole("button", { name: "Save notary profile" }).click();
    await page.getByText("The PKCS#12 file or its password is not valid.").waitFor();
    await page.getByLabel("Certificate password").fill("pw-mel");
    await page.getByRole("button", { name: "Save notary profile" }).click();
    await page.getByTestId("notary-status").filter({ hasText: "Commission valid" }).waitFor();
    await page.getByRole("heading", { name: "Your commission" }).waitFor();
    await checkScreen(page, "member-profile");
    const member = await app.server.db.user.findUniqueOrThrow({ where: { email: app.users.member } });
    const saved = await app.server.db.notaryProfile.findFirstOrThrow({ where: { userId: member.id } });
    expect([saved.notaryName, saved.commissionNumber, saved.commissionState]).toEqual(["Mel Member", "MD-555", "MD"]);
    // a member sees no other notary
    expect(await page.getByRole("heading", { name: "Notaries of the organization" }).count()).toBe(0);
    expect(session.errors.filter((error) => !/status of 400/.test(error))).toEqual([]);

    const adminSession = await launchBrowser({
      baseURL: app.url,
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    sessions.push(adminSession);
    await signInAs(adminSession.page, app.users.admin);
    await adminSession.page.goto("/settings/notary-profile");
    const others = adminSession.page.getByRole("heading", { name: "Notaries of the organization" });
    await others.waitFor();
    await adminSession.page.getByRole("cell", { name: "Mel Member" }).waitFor();
    await checkScreen(adminSession.page, "admin-profiles");
  });
});
