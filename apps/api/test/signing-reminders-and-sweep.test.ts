import type { InvitationRemindersResult, SigningRoom } from "@signet/contract";
import { runDuePackageTransitions } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  invitationTo,
  linkToken,
  type SignablePackage,
  sendPackage,
  signablePackage,
} from "./support/signing-fixtures.ts";
import { linkIdOf, openRoom, packageAudit } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 5 §1, §4: a reminder is the invitation again (a fresh single-use link by the participant's
// channel, the old one still good once), never to a participant whose turn has not come; and the
// sweep that queues the seal of a completed package left unsealed.

let app: TestApp;
let smtp: SmtpCapture;
const db = () => app.server.db;
const signingUrl = () => app.server.signingRoom!.url;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const people = (tag: string) => [
  { givenName: "Ada", email: `ada-${tag}@reminders.example.com` },
  { givenName: "Ben", email: `ben-${tag}@reminders.example.com` },
];

const remind = (s: SignablePackage, participantIds?: string[]) =>
  s.admin.request<InvitationRemindersResult & { code?: string }>("POST", s.api.reminders, {
    json: participantIds ? { participantIds } : {},
  });

describe("reminders", () => {
  it("sends a fresh link by email; the old link still works, once", async () => {
    const s = await signablePackage(app, db(), { signers: people("fresh") });
    const ada = s.signers[0]!;
    await sendPackage(s, db());
    const first = await invitationTo(smtp, ada.email!);
    expect(first.parsed.subject).toBe("Your documents are ready");
    const oldToken = linkToken(first);

    const mailsBefore = smtp.messages.length;
    const reply = await remind(s, [ada.id]);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect([reply.body.sent, reply.body.skipped]).toEqual([1, 0]);
    const reminder = await invitationTo(smtp, ada.email!, mailsBefore);
    expect(reminder.parsed.subject).toMatch(/^Reminder:/);
    expect(reminder.parsed.subject).toBe("Reminder: Your documents are ready");
    const newToken = linkToken(reminder);
    expect(newToken).not.toBe(oldToken);
    const links = await db().signingLink.findMany({ where: { participantId: ada.id }, orderBy: { createdAt: "asc" } });
    expect(links.map((link) => [link.id, link.channel, link.usedAt, link.revokedAt])).toEqual([
      [linkIdOf(oldToken), "EMAIL", null, null],
      [linkIdOf(newToken), "EMAIL", null, null],
    ]);
    const event = (await packageAudit(db(), s.pkg.id)).find((candidate) => candidate.type === "package.reminders-sent");
    expect(event?.data).toMatchObject({ remindedParticipantIds: [ada.id], skippedParticipantIds: [] });

    // the old link still opens, once
    const old = await openRoom(signingUrl(), oldToken);
    expect([old.reply.status, (old.reply.body as SigningRoom).participant.id]).toEqual([201, ada.id]);
    const oldAgain = await openRoom(signingUrl(), oldToken);
    expect([oldAgain.reply.status, oldAgain.reply.body.code]).toEqual([410, "SIGNING_LINK_USED"]);
    // and so does the new one
    const fresh = await openRoom(signingUrl(), newToken);
    expect(fresh.reply.status).toBe(201);
    const freshAgain = await openRoom(signingUrl(), newToken);
    expect([freshAgain.reply.status, freshAgain.reply.body.code]).toEqual([410, "SIGNING_LINK_USED"]);
    expect(await db().signingSession.count({ where: { participantId: ada.id } })).toBe(2);
  });

  it("skips the waiting signer of an ordered package", async () => {
    const s = await signablePackage(app, db(), { signers: people("ordered"), ordered: true });
    const [ada, ben] = [s.signers[0]!, s.signers[1]!];
    await sendPackage(s, db());
    await invitationTo(smtp, ada.email!);
    expect((await db().participant.findUniqueOrThrow({ where: { id: ben.id } })).signingStatus).toBe("WAITING");

    const mailsBefore = smtp.messages.length;
    const reply = await remind(s);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ sent: 1, skipped: 1, skippedParticipantIds: [ben.id] });
    await invitationTo(smtp, ada.email!, mailsBefore);
    // Ben got no link (links are created in the reminder's transaction), and still waits his turn
    expect(await db().signingLink.count({ where: { participantId: ben.id } })).toBe(0);
    expect(await db().signingLink.count({ where: { participantId: ada.id } })).toBe(2);
    expect((await db().participant.findUniqueOrThrow({ where: { id: ben.id } })).signingStatus).toBe("WAITING");

    // reminding only Ben sends nothing at all
    const onlyBen = await remind(s, [ben.id]);
    expect([onlyBen.status, onlyBen.body.code]).toEqual([409, "CONFLICT"]);
    expect(await db().signingLink.count({ where: { participantId: ben.id } })).toBe(0);
  });
});

describe("the unsealed sweep", () => {
  it("queues the seal of a package completed a while ago and left unsealed", async () => {
    const s = await signablePackage(app, db(), { signers: people("sweep") });
    await sendPackage(s, db());
    // completed without its seal job (as if the job were lost): the sweep must notice. completedAt
    // is now and the passes below run at later `now`s, so the app's own scheduler (real time)
    // cannot pick the package up first.
    const completedAt = new Date();
    await db().package.update({
      where: { id: s.pkg.id },
      data: { status: "COMPLETED", completedAt, sealedAt: null },
    });
    expect(await db().outboxMessage.count({ where: { jobName: "package.seal" } })).toBe(0);

    const early = await runDuePackageTransitions(
      db(),
      app.server.deps.storage,
      new Date(completedAt.getTime() + 2 * 60_000),
    );
    expect(early.sealsRequeued).toBe(0);
    expect(await db().outboxMessage.count({ where: { jobName: "package.seal" } })).toBe(0);

    const swept = await runDuePackageTransitions(
      db(),
      app.server.deps.storage,
      new Date(completedAt.getTime() + 10 * 60_000),
    );
    expect(swept).toMatchObject({ sealsRequeued: 1, expired: 0, madeAvailable: 0 });
    const queued = await db().outboxMessage.findMany({ where: { jobName: "package.seal" } });
    expect(queued.map((message) => message.payload)).toEqual([{ packageId: s.pkg.id }]);
    expect(queued[0]!.idempotencyKey).toMatch(new RegExp(`^package-seal:${s.pkg.id}:sweep:\\d+$`));

    const sealedAt = await poll(
      "the swept package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 20_000 },
    );
    expect(sealedAt).toBeInstanceOf(Date);
    const artifacts = await db().sealedArtifact.findMany({ where: { packageId: s.pkg.id } });
    expect(artifacts.map((artifact) => artifact.kind).sort()).toEqual(["CERTIFICATE", "DOCUMENT"]);
    expect((await packageAudit(db(), s.pkg.id)).map((event) => event.type)).toContain("package.sealed");

    // sealed now: a later pass finds nothing to do
    const later = await runDuePackageTransitions(
      db(),
      app.server.deps.storage,
      new Date(completedAt.getTime() + 30 * 60_000),
    );
    expect(later.sealsRequeued).toBe(0);
  });
});
