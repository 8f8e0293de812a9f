import { AV_SESSION_MESSAGES, type Package, type Participant } from "@signet/contract";
import { markIdentityProofed } from "@signet/core/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { apiAsPage, pickOption } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type AxeViolation, axeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenChecker } from "./support/screen-checks.ts";
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

// Issue 16 §2: an A/V eSign package completes through a live host-led session. The host and a
// signer open their links in two browser contexts with Chromium's fake camera and microphone,
// connect over WebRTC, the host moves to page 2 and the signer's room follows, both sign, the host's
// recording is uploaded, the host completes: COMPLETED, sealed, the certificate names the recording.
// The sender sees the session and the recording on the package page, as each persona.

const checkScreen = screenChecker("av-esign");

/**
 * The violations inside the A/V sessions section (the rest of the package page belongs to other
 * features, which check it in their own journeys).
 */
async function ownViolations(page: Page, violations: AxeViolation[]): Promise<string[]> {
  const found: string[] = [];
  for (const violation of violations) {
    for (const node of violation.nodes) {
      const selector = String(node.target[0]);
      const inside = await page.evaluate(
        (css) => document.querySelector(css)?.closest('[data-testid="av-sessions"]') !== null,
        selector,
      );
      if (inside) found.push(`${violation.id}: ${node.html}`);
    }
  }
  return found;
}

describe("A/V eSign: a host-led live session", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  const sessions: BrowserSession[] = [];
  let pkg: Package;
  let hana: Participant;
  let ben: Participant;

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

  it("connects host and signer, follows the host's page, signs, records, completes and seals", async () => {
    const client = await adminClient(app);
    const built = await buildPackage(app, client, {
      name: "Host-led closing",
      participants: [
        { type: "Borrower", givenName: "Hana", familyName: "Host", email: "hana.host@av.example.com" },
        { type: "Co-Borrower", givenName: "Ben", familyName: "Signer", email: "ben.signer@av.example.com" },
      ],
    });
    [hana, ben] = built.participants as [Participant, Participant];
    const organizationId = app.demo.organizations.customer;
    // the A/V settings as the builder saves them: the switch, then the host
    const before = await client.get<Package>(built.api.package);
    const flagged = await client.request<Package>("PATCH", built.api.package, {
      json: { version: before.body.version, avEsign: true },
    });
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    const hosted = await client.request(
      "PATCH",
      `/api/v5/organizations/${organizationId}/packages/${built.pkg.id}/participants/${hana.id}`,
      {
        json: { version: hana.version, avHost: true },
      },
    );
    expect(hosted.status, JSON.stringify(hosted.body)).toBe(200);
    const current = await client.get<Package>(built.api.package);
    const sent = await client.request<Package>("POST", built.api.send, { json: { version: current.body.version } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    pkg = sent.body;
    // the package belongs to the member's group, as one a member sends would (members and support users see packages by group)
    const member = await app.server.db.user.findFirstOrThrow({ where: { email: app.users.member } });
    for (const { groupId } of await app.server.db.groupMember.findMany({
      where: { userId: member.id, organizationId },
    })) {
      await app.server.db.packageGroup.create({ data: { packageId: pkg.id, groupId, organizationId } });
    }
    // Ben passed identity proofing (identity-proofing.test.ts walks that screen)
    await markIdentityProofed(app.server.db, { organizationId, packageId: pkg.id, participantId: ben.id });

    const host = await openRoom("hana.host@av.example.com", { viewport: { width: 1280, height: 900 } });
    const hostPage = host.page;
    const panel = hostPage.getByTestId("av-session");
    await panel.getByRole("button", { name: "Start session" }).click();
    await panel.getByTestId("av-live").waitFor();
    await panel.getByTestId("av-recording").waitFor();

    const signer = await openRoom("ben.signer@av.example.com", { viewport: { width: 390, height: 844 }, mobile: true });
    const signerPage = signer.page;
    const signerPanel = signerPage.getByTestId("av-session");
    await signerPanel.getByRole("button", { name: "Join the session" }).click();

    // both ends of the WebRTC connection report it connected
    await signerPanel.getByTestId("av-tile-status").filter({ hasText: "Connected" }).waitFor({ timeout: 30_000 });
    await panel.getByTestId("av-tile-status").filter({ hasText: "Connected" }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => hostPage.getByTestId("av-announcement").textContent())
      .toBe("Ben Signer joined the session.");
    await checkScreen(signerPage, "signer-joined");

    // the host moves to page 2; the signer's room follows
    await signerPanel.getByTestId("av-showing").filter({ hasText: "Showing: Promissory note, page 1" }).waitFor();
    await panel.getByRole("button", { name: "Next page" }).click();
    await signerPanel.getByTestId("av-showing").filter({ hasText: "Showing: Promissory note, page 2" }).waitFor();
    await expect
      .poll(async () => (await app.server.db.avSession.findFirstOrThrow({ where: { packageId: pkg.id } })).currentPage)
      .toBe(2);

    // completing waits for every signer, and says who is missing
    await panel.getByTestId("av-missing").filter({ hasText: "Hana Host, Ben Signer" }).waitFor();
    expect(await panel.getByRole("button", { name: "Complete session" }).isDisabled()).toBe(true);
    await checkScreen(hostPage, "host-live");

    await signAndFinish(signerPage);
    await signAndFinish(hostPage);
    await expect
      .poll(async () => (await app.server.db.package.findUniqueOrThrow({ where: { id: pkg.id } })).status)
      .toBe("PENDING_ENOTARY");
    // the recording goes up in slices while the session runs
    await expect
      .poll(async () => app.server.db.avRecordingChunk.count({ where: { session: { packageId: pkg.id } } }), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    const complete = panel.getByRole("button", { name: "Complete session" });
    await expect.poll(() => complete.isDisabled(), { timeout: 10_000 }).toBe(false);
    await complete.click();
    await panel.getByTestId("av-completed").waitFor({ timeout: 30_000 });

    const sealed = await expect
      .poll(async () => (await app.server.db.package.findUniqueOrThrow({ where: { id: pkg.id } })).sealedAt, {
        timeout: 30_000,
      })
      .toBeInstanceOf(Date);
    void sealed;
    const row = await app.server.db.package.findUniqueOrThrow({ where: { id: pkg.id } });
    expect(row.status).toBe("COMPLETED");
    const recording = await app.server.db.avRecording.findFirstOrThrow({ where: { packageId: pkg.id } });
    expect(Number(recording.bytes)).toBeGreaterThan(1000);
    const certificate = await app.server.db.sealedArtifact.findFirstOrThrow({
      where: { packageId: pkg.id, kind: "CERTIFICATE" },
    });
    const certificateBytes = await (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of await app.server.deps.storage.get(certificate.blobKey)) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks);
    })();
    const text = pdfText(new Uint8Array(certificateBytes)).replace(/\s+/g, "");
    expect(text).toContain("A/Vsessionrecordings");
    expect(text).toContain(recording.sha256);
  });

  it("lets the sender turn A/V eSign on in the builder and choose the session host", async () => {
    const client = await adminClient(app);
    const organizationId = app.demo.organizations.customer;
    await app.server.db.organization.update({ where: { id: organizationId }, data: { enabledAV: true } });
    const draft = await buildPackage(app, client, {
      name: "Builder A/V closing",
      participants: [
        { type: "Borrower", givenName: "Dana", familyName: "Draft", email: "dana.draft@av.example.com" },
        { type: "Settlement Agent", givenName: "Sam", familyName: "Settle", email: "sam.settle@av.example.com" },
      ],
    });
    const session = await launchBrowser({ baseURL: app.url, viewport: { width: 1280, height: 900 }, bypassCSP: true });
    sessions.push(session);
    const { page } = session;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    await page.goto(`/packages/${draft.pkg.id}/build?step=1`);
    await page.getByLabel("Sign in a live A/V session").check();
    await page.getByText(AV_SESSION_MESSAGES.sendNeedsHost).waitFor();
    await pickOption(page, "Session host", "Sam Settle");
    await page.getByText(AV_SESSION_MESSAGES.sendNeedsHost).waitFor({ state: "hidden" });
    await expect
      .poll(
        async () =>
          (await app.server.db.participant.findFirst({ where: { packageId: draft.pkg.id, avHost: true } }))?.givenName,
      )
      .toBe("Sam");
    expect((await app.server.db.package.findUniqueOrThrow({ where: { id: draft.pkg.id } })).avEsign).toBe(true);
    expect(session.errors).toEqual([]);
  });

  async function supportPackageWithSession(page: Page): Promise<string> {
    const db = app.server.db;
    const user = await db.user.findUniqueOrThrow({ where: { email: app.users.support } });
    const { organizationId } = await db.membership.findFirstOrThrow({ where: { userId: user.id, enabled: true } });
    const created = await apiAsPage(page, app, "POST", `/api/v9/organizations/${organizationId}/packages`, {
      name: "Support A/V closing",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const packageId = (created.body as { id: string }).id;
    const group = await db.group.findFirstOrThrow({ where: { organizationId } });
    await db.packageGroup.create({ data: { packageId, groupId: group.id, organizationId } }).catch(() => undefined);
    await db.package.update({ where: { id: packageId }, data: { avEsign: true } });
    const host = await db.participant.create({
      data: {
        organizationId,
        packageId,
        type: "Settlement Agent",
        roleNumber: 1,
        orderSequence: 1,
        givenName: "Sal",
        familyName: "Host",
        avHost: true,
      },
    });
    const startedAt = new Date(Date.now() - 600_000);
    const session = await db.avSession.create({
      data: {
        organizationId,
        packageId,
        hostParticipantId: host.id,
        status: "COMPLETED",
        startedAt,
        endedAt: new Date(),
      },
    });
    await db.avRecording.create({
      data: {
        organizationId,
        packageId,
        sessionId: session.id,
        blobKey: `av-recordings/${organizationId}/${session.id}/recording.webm`,
        sha256: "a".repeat(64),
        bytes: BigInt(1024),
        durationSeconds: 540,
        chunkCount: 1,
        retainUntil: new Date(Date.now() + 10 * 365 * 86_400_000),
      },
    });
    return packageId;
  }

  it.each([
    ["admin", () => app.users.admin],
    ["member", () => app.users.member],
    ["support", () => app.users.support],
  ])("shows the %s the session and its recording on the package page", async (persona, email) => {
    // at phone width: the section fits it
    const session = await launchBrowser({
      baseURL: app.url,
      viewport: { width: 390, height: 844 },
      mobile: true,
      bypassCSP: true,
    });
    sessions.push(session);
    const { page } = session;
    await page.goto("/sign-in");
    await signIn(page, email(), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    let packageId = pkg.id;
    if (persona === "support") {
      // a support user works in their own organization: its A/V package, with a completed session
      // and its recording as the signing room leaves them (the live flow is the journey above)
      packageId = await supportPackageWithSession(page);
    }
    await page.goto(`/packages/${packageId}`);
    const section = page.getByTestId("av-sessions");
    await section
      .getByRole("heading", { name: "A/V sessions" })
      .waitFor()
      .catch(async (error: unknown) => {
        await page.screenshot({ path: `/tmp/av-${persona}.png` });
        throw error;
      });
    const recording = await app.server.db.avRecording.findFirstOrThrow({ where: { packageId } });
    // the recording's fingerprint is a technical detail, shown on request
    expect(await section.getByTestId("av-recording-sha").count()).toBe(0);
    await section.getByRole("button", { name: "Technical details" }).click();
    await section.getByTestId("av-recording-sha").filter({ hasText: recording.sha256 }).waitFor();
    await section.getByRole("link", { name: "Download recording" }).waitFor();
    await section.getByText("Completed", { exact: true }).waitFor();
    await screenshot(page, `av-esign-package-page-${persona}`);
    expect(await ownViolations(page, await axeViolations(page)), persona).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, persona).toBeLessThanOrEqual(0);
    expect(session.errors, persona).toEqual([]);
  });
});
