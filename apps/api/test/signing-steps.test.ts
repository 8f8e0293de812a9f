import type {
  InvitationRemindersResult,
  ParticipantList,
  SealedArtifact,
  SigningRoom,
  SigningUrl,
  WebhookEndpointWithSecret,
} from "@signet/contract";
import { runDueReminders } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  pdfText,
  type SignablePackage,
  sendPackage,
  signablePackage,
  signEverything,
  TINY_PNG,
} from "./support/signing-fixtures.ts";
import { download, type ErrorBody, packageAudit } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.ts";

// Issue 34 §1: parallel groups inside an ordered sequence. Borrower and co-borrower sign at step 1
// in any order, the lender at step 2: the server holds the lender back and invites them only when
// both finished, reminders go to the open step only, each step that opens is a webhook event, and
// the certificate of completion shows each participant's step.

let app: TestApp;
let smtp: SmtpCapture;
const receivers: WebhookReceiver[] = [];
const db = () => app.server.db;
const signingUrl = () => app.server.signingRoom!.url;
const DAY = 86_400_000;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url, OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

let serial = 0;
/** Ada (borrower), Ben (co-borrower) and Lena (lender), with addresses of their own in this run. */
function people() {
  serial += 1;
  return ["Ada", "Ben", "Lena"].map((givenName) => ({
    givenName,
    email: `${givenName.toLowerCase()}-${serial}@steps.example.com`,
  }));
}

/** An ordered package of Ada, Ben and Lena with the given stored numbers (equal numbers: one step). */
async function steppedPackage(numbers: [number, number, number]) {
  const s = await signablePackage(app, db(), { signers: people(), ordered: true });
  const { version } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id }, select: { version: true } });
  const reply = await s.admin.request<ParticipantList>("PUT", s.api.participantsOrder, {
    json: {
      version,
      participants: s.signers.map((signer, index) => ({ participantUid: signer.id, signingOrder: numbers[index] })),
    },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const [ada, ben, lena] = [s.signers[0]!, s.signers[1]!, s.signers[2]!];
  return { s, ada, ben, lena };
}

const statusOf = async (participantId: string) =>
  (await db().participant.findUniqueOrThrow({ where: { id: participantId } })).signingStatus;

/** The room of a participant who was not invited yet: opened through a signing URL the sender issues. */
async function openEarly(s: SignablePackage, participantId: string) {
  const url = await s.admin.request<SigningUrl>("POST", s.api.signingUrl(participantId), { json: {} });
  expect(url.status, JSON.stringify(url.body)).toBe(201);
  const token = decodeURIComponent(new URL(url.body.signingURL).pathname.split("/").pop()!);
  return openAndConsent(signingUrl(), token);
}

async function signByEmail(email: string) {
  const room = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, email)));
  const finished = await signEverything(room.client, room.room);
  expect(finished.status, JSON.stringify(finished.body)).toBe(200);
  return room;
}

const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.envelopeTo.includes(email));

describe("two signers at step 1, the lender at step 2", () => {
  it("lets step 1 sign in either order, holds step 2 back until both finished, then invites it; webhooks and the certificate follow the steps", async () => {
    const hooks = await startWebhookReceiver();
    receivers.push(hooks);
    // stored numbers with gaps (an older package, an API caller): only their relative order counts
    const { s, ada, ben, lena } = await steppedPackage([5, 5, 9]);
    const endpoint = await s.admin.request<WebhookEndpointWithSecret>(
      "POST",
      `/api/v1/organizations/${s.org.organizationId}/webhooks`,
      { json: { url: hooks.url, eventTypes: ["package.signing_step_started", "package.completed"] } },
    );
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    await sendPackage(s, db());

    // step 1 is invited at once, both of them; step 2 waits
    await invitationTo(smtp, ada.email!);
    await invitationTo(smtp, ben.email!);
    expect([await statusOf(ada.id), await statusOf(ben.id), await statusOf(lena.id)]).toEqual([
      "INVITED",
      "INVITED",
      "WAITING",
    ]);

    // the lender opening early is told whom and which step they wait for, and cannot sign
    const early = await openEarly(s, lena.id);
    expect(early.room.stage).toBe("WAITING_TURN");
    expect(early.room.waitingFor).toEqual(["Ada Okafor", "Ben Okafor"]);
    expect(early.room.waitingStep).toEqual({ open: 1, yours: 2, steps: 2 });
    expect(early.room.tags).toEqual([]);
    const lenaTag = s.signatureTags.get(lena.id)!;
    const refused = await early.client.request<ErrorBody>("PUT", `/api/v1/signing/tags/${lenaTag}`, {
      json: { value: "applied" },
    });
    expect([refused.status, refused.body.code]).toEqual([409, "NOT_YOUR_TURN"]);
    const adopt = await early.client.request<ErrorBody>("PUT", "/api/v1/signing/signature", {
      json: { kind: "SIGNATURE", method: "TYPED", text: "Lena", imageDataUrl: TINY_PNG },
    });
    expect([adopt.status, adopt.body.code]).toEqual([409, "NOT_YOUR_TURN"]);
    const finishEarly = await early.client.request<ErrorBody>("POST", "/api/v1/signing/finish");
    expect([finishEarly.status, finishEarly.body.code]).toEqual([409, "NOT_YOUR_TURN"]);

    // Ben (listed second) signs first: step 1 is still open, Lena still waits, now for Ada alone
    await signByEmail(ben.email!);
    expect(await statusOf(lena.id)).toBe("WAITING");
    const stillWaiting = (await early.client.room()).body;
    expect([stillWaiting.stage, stillWaiting.waitingFor]).toEqual(["WAITING_TURN", ["Ada Okafor"]]);
    expect(mailsTo(lena.email!)).toHaveLength(0);

    // Ada finishes step 1: Lena is invited by email, and the room she has open lets her sign
    await signByEmail(ada.email!);
    const lenaInvitation = await invitationTo(smtp, lena.email!);
    expect(lenaInvitation.parsed.subject).toBe("Your documents are ready");
    expect(await statusOf(lena.id)).toBe("INVITED");
    const turn = (await early.client.room()).body;
    expect([turn.stage, turn.waitingFor, turn.waitingStep]).toEqual(["SIGN", [], null]);
    expect((await signEverything(early.client, turn)).status).toBe(200);

    // each step that opened is an event: step numbers 1..n, with the step's participants
    await poll("package.completed at the receiver", async () =>
      hooks.received.some((entry) => entry.json.type === "package.completed"),
    );
    const steps = hooks.received
      .filter((entry) => entry.json.type === "package.signing_step_started")
      .sort((a, b) => a.json.timestamp.localeCompare(b.json.timestamp))
      .map((entry) => entry.json.data);
    expect(steps).toEqual([
      {
        organizationId: s.org.organizationId,
        packageId: s.pkg.id,
        step: 1,
        participantIds: expect.arrayContaining([ada.id, ben.id]),
      },
      { organizationId: s.org.organizationId, packageId: s.pkg.id, step: 2, participantIds: [lena.id] },
    ]);
    expect(steps[0]!.participantIds).toHaveLength(2);
    const audit = await packageAudit(db(), s.pkg.id);
    expect(audit.filter((event) => event.type === "package.signing-step-started").map((event) => event.data)).toEqual([
      { step: 1, participantIds: expect.arrayContaining([ada.id, ben.id]) },
      { step: 2, participantIds: [lena.id] },
    ]);

    // the sealed certificate says each participant's step
    await poll(
      "the package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 30_000 },
    );
    const artifacts = await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts);
    const certificate = artifacts.body.records.find((artifact) => artifact.kind === "CERTIFICATE")!;
    const file = await download(s.admin, s.api.sealedFile(certificate.id));
    expect(file.status).toBe(200);
    const text = pdfText(file.bytes);
    const stepOf = (name: string) => {
      const from = text.indexOf(`${name} Okafor (`);
      expect(from, `${name} in the certificate`).toBeGreaterThan(-1);
      return /Signing step\s+(\d+)/.exec(text.slice(from))?.[1];
    };
    expect([stepOf("Ada"), stepOf("Ben"), stepOf("Lena")]).toEqual(["1", "1", "2"]);
    // the audit trail names the step that opened (participants by how the package calls them)
    expect(text).toContain("Signet opened signing step 2 for CO-BORROWER 2.");
  });

  it("refuses a step number below 1 with a clear 400", async () => {
    const { s, ada, ben, lena } = await steppedPackage([1, 1, 2]);
    const { version } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id }, select: { version: true } });
    const reply = await s.admin.request<ErrorBody>("PUT", s.api.participantsOrder, {
      json: {
        version,
        participants: [
          { participantUid: ada.id, signingOrder: 0 },
          { participantUid: ben.id, signingOrder: 1 },
          { participantUid: lena.id, signingOrder: 2 },
        ],
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBeTruthy();
    expect((await db().participant.findUniqueOrThrow({ where: { id: ada.id } })).orderSequence).toBe(1);
  });

  it("keeps step 2 waiting when a step-1 signer declines, as before", async () => {
    const { s, ada, ben, lena } = await steppedPackage([1, 1, 2]);
    await sendPackage(s, db());
    await signByEmail(ada.email!);
    const benRoom = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, ben.email!)));
    const declined = await benRoom.client.request<SigningRoom>("POST", "/api/v1/signing/decline", {
      json: { reason: "The loan amount is wrong." },
    });
    expect([declined.status, declined.body.participant.status]).toEqual([200, "DECLINED"]);
    expect(await statusOf(lena.id)).toBe("WAITING");
    expect(mailsTo(lena.email!)).toHaveLength(0);
    const started = (await packageAudit(db(), s.pkg.id)).filter(
      (event) => event.type === "package.signing-step-started",
    );
    expect(started.map((event) => (event.data as { step: number }).step)).toEqual([1]);
  });

  it("keeps step 2 waiting when a step-1 signer withdraws consent, as before", async () => {
    const { s, ada, ben, lena } = await steppedPackage([1, 1, 2]);
    await sendPackage(s, db());
    await signByEmail(ada.email!);
    const benRoom = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, ben.email!)));
    const withdrawn = await benRoom.client.request<SigningRoom>("POST", "/api/v1/signing/consent-withdrawal", {
      json: { reason: "I want paper copies." },
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect((await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).status).toBe("CONSENT_WITHDRAWN");
    expect(await statusOf(lena.id)).toBe("WAITING");
    expect(mailsTo(lena.email!)).toHaveLength(0);
  });
});

describe("reminders follow the steps", () => {
  async function setDefaults(s: SignablePackage, values: Record<string, string>) {
    const base = `/api/v1/organizations/${s.org.organizationId}/metaData`;
    const current = await s.admin.request<{ records: { settingName: string; version: number }[] }>(
      "GET",
      `${base}?settingNames=${Object.keys(values).join(",")}`,
    );
    expect(current.status, JSON.stringify(current.body)).toBe(200);
    const updated = await s.admin.request("PUT", base, {
      json: current.body.records.map((record) => ({
        settingName: record.settingName,
        value: values[record.settingName],
        version: record.version,
      })),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBeLessThan(300);
  }

  it("reminds both step-1 signers and never the step-2 signer while step 1 is open", async () => {
    const { s, ada, ben, lena } = await steppedPackage([1, 1, 2]);
    await setDefaults(s, {
      reminders_enabled: "true",
      reminder_first_after_days: "1",
      reminder_interval_days: "3",
      reminder_max_count: "1",
      expiring_soon_days: "3",
    });
    await sendPackage(s, db());
    await invitationTo(smtp, ada.email!);
    await invitationTo(smtp, ben.email!);

    // by hand: Ada and Ben get a fresh link, Lena is skipped
    const reply = await s.admin.request<InvitationRemindersResult>("POST", s.api.reminders, { json: {} });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ sent: 2, skipped: 1, skippedParticipantIds: [lena.id] });

    // automatically, once the first reminder is due
    const { availableAt } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    await runDueReminders(db(), new Date(availableAt!.getTime() + DAY + 60_000));
    const automatic = (await packageAudit(db(), s.pkg.id)).find(
      (event) => event.type === "package.automatic-reminder-sent",
    );
    expect(automatic, "an automatic reminder was sent").toBeDefined();
    expect([...(automatic!.data as { remindedParticipantIds: string[] }).remindedParticipantIds].sort()).toEqual(
      [ada.id, ben.id].sort(),
    );
    await poll("the automatic reminders to step 1", async () =>
      [ada, ben].every((signer) => mailsTo(signer.email!).some((mail) => /^Reminder:/.test(mail.parsed.subject ?? ""))),
    );
    // Lena never heard a thing and has no link
    expect(mailsTo(lena.email!)).toHaveLength(0);
    expect(await db().signingLink.count({ where: { participantId: lena.id } })).toBe(0);
  });
});
