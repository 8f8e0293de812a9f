import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Participant, SealedArtifact, SigningRoom, WebhookEndpointWithSecret } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  type SignablePackage,
  SigningClient,
  sendPackage,
  signablePackage,
  signEverything,
  TINY_PNG,
} from "./support/signing-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.ts";

// Issue 34 §3 over HTTP: a signer the sender allowed hands their part to someone else in the room.
// The delegate gets their own invitation and emailed code, the original can no longer sign, the
// sender is told, and the audit trail, the webhook and the sealed certificate keep the chain.

let app: TestApp;
let smtp: SmtpCapture;
let hooks: WebhookReceiver;
const db = () => app.server.db;
const unique = () => randomUUID().slice(0, 8);

interface ErrorReply {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  hooks = await startWebhookReceiver();
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url, OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await hooks?.close();
});

const signingUrl = () => app.server.signingRoom!.url;

async function openRoom(email: string, after = 0) {
  const token = linkToken(await invitationTo(smtp, email, after));
  const client = new SigningClient(signingUrl());
  const opened = await client.request<SigningRoom>("POST", "/api/v1/signing/sessions", { json: { token } });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return { client, room: opened.body, token };
}

async function participantsOf(s: SignablePackage) {
  const read = await s.admin.request<{ records: Participant[] }>("GET", s.paths.participants(s.pkg.id));
  expect(read.status).toBe(200);
  return read.body.records;
}

async function senderEmail(s: SignablePackage) {
  const pkg = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
  return (await db().user.findUniqueOrThrow({ where: { id: pkg.createdById! } })).email;
}

/** Verifies with the code emailed to the delegate (EMAIL_CODE), after one wrong try. */
async function verifyByEmailCode(client: SigningClient, email: string) {
  const before = smtp.messages.length;
  const sent = await client.request<SigningRoom>("POST", "/api/v1/signing/verification-codes");
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect(sent.body.verification.codeSent).toBe(true);
  const mail = await smtp.waitFor(
    (candidate) =>
      candidate.envelopeTo.includes(email) &&
      /verification code/i.test(candidate.parsed.subject ?? "") &&
      smtp.messages.indexOf(candidate) >= before,
  );
  const code = /is (\d{6})\./.exec(mail.parsed.text ?? "")?.[1];
  expect(code, mail.parsed.text).toBeDefined();
  const wrong = await client.request<ErrorReply>("POST", "/api/v1/signing/verification", {
    json: { code: code === "000000" ? "111111" : "000000" },
  });
  expect([wrong.status, wrong.body.code]).toEqual([400, "VERIFICATION_FAILED"]);
  const verified = await client.request<SigningRoom>("POST", "/api/v1/signing/verification", { json: { code } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  expect(verified.body.stage).toBe("CONSENT");
  const consented = await client.request<SigningRoom>("POST", "/api/v1/signing/consent", { json: { agree: true } });
  expect(consented.status, JSON.stringify(consented.body)).toBe(200);
  return consented.body;
}

describe("delegation through two hops", () => {
  it("hands the part over, closes the original's room and link, tells the sender, and seals the chain", async () => {
    const ada = `ada-${unique()}@example.com`;
    const ben = `ben-${unique()}@example.com`;
    const carla = `carla-${unique()}@example.com`;
    const dan = `dan-${unique()}@example.com`;
    const s = await signablePackage(app, db(), {
      ordered: true,
      signers: [
        { givenName: "Ada", email: ada },
        { givenName: "Ben", email: ben },
      ],
    });
    // the option is the sender's, per participant, and off unless set
    const [adaRow, benRow] = s.signers;
    expect([adaRow!.delegationAllowed, benRow!.delegationAllowed]).toEqual([false, false]);
    const allowed = await s.admin.request<Participant>("PATCH", s.paths.participant(s.pkg.id, adaRow!.id), {
      json: { version: adaRow!.version, delegationAllowed: true },
    });
    expect([allowed.status, allowed.body.delegationAllowed]).toEqual([200, true]);
    const hook = await s.admin.request<WebhookEndpointWithSecret>(
      "POST",
      `/api/v1/organizations/${s.org.organizationId}/webhooks`,
      { json: { url: hooks.url, eventTypes: ["participant.delegated"] } },
    );
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    await sendPackage(s, db());

    // Ada consents and signs one field before handing over: her value is not carried to the delegate
    const original = await openRoom(ada);
    expect(original.room.participant.delegationAllowed).toBe(true);
    const consented = await original.client.request<SigningRoom>("POST", "/api/v1/signing/consent", {
      json: { agree: true },
    });
    expect(consented.status).toBe(200);
    await original.client.request("PUT", "/api/v1/signing/signature", {
      json: { kind: "SIGNATURE", method: "TYPED", text: "Ada Okafor", imageDataUrl: TINY_PNG },
    });
    const signatureTag = s.signatureTags.get(adaRow!.id)!;
    const filled = await original.client.request("PUT", `/api/v1/signing/tags/${signatureTag}`, {
      json: { value: "applied" },
    });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);

    const handed = await original.client.request<SigningRoom>("POST", "/api/v1/signing/delegate", {
      json: {
        givenName: "Carla",
        familyName: "Diaz",
        email: carla.toUpperCase(),
        reason: "I am abroad; my sister signs for me.",
      },
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    expect([handed.body.stage, handed.body.closedReason, handed.body.delegatedTo]).toEqual([
      "CLOSED",
      "DELEGATED",
      "Carla Diaz",
    ]);

    // the original can no longer sign: the session refuses writes, the link opens a closed room naming the delegate
    const refused = await original.client.request<ErrorReply>("PUT", `/api/v1/signing/tags/${signatureTag}`, {
      json: { value: "applied" },
    });
    expect([refused.status, refused.body.code]).toEqual([409, "SIGNING_CLOSED"]);
    const again = await new SigningClient(signingUrl()).request<ErrorReply>("POST", "/api/v1/signing/sessions", {
      json: { token: original.token },
    });
    expect([again.status, again.body.code]).toEqual([409, "SIGNING_CLOSED"]);
    expect(again.body.details).toEqual(
      expect.arrayContaining([
        { path: "closedReason", message: "DELEGATED" },
        { path: "delegatedTo", message: "Carla Diaz" },
      ]),
    );
    const twice = await original.client.request<ErrorReply>("POST", "/api/v1/signing/delegate", {
      json: { givenName: "Eve", familyName: "Ng", email: `eve-${unique()}@example.com`, reason: "Again" },
    });
    expect([twice.status, twice.body.code]).toEqual([409, "SIGNING_CLOSED"]);

    // the sender's view: Ada DELEGATED to Carla, Carla in Ada's step with the reason, the flag inherited
    const afterFirst = await participantsOf(s);
    const adaNow = afterFirst.find((participant) => participant.id === adaRow!.id)!;
    const carlaNow = afterFirst.find((participant) => participant.email === carla)!;
    expect(adaNow.signingStatus).toBe("DELEGATED");
    expect(adaNow.delegatedToParticipantId).toBe(carlaNow.id);
    expect(carlaNow).toMatchObject({
      type: adaNow.type,
      orderSequence: adaNow.orderSequence,
      delegatedFromParticipantId: adaNow.id,
      delegationReason: "I am abroad; my sister signs for me.",
      delegationAllowed: true,
      idVerification: "EMAIL_CODE",
      signingStatus: "INVITED",
    });
    const moved = await db().tag.findMany({ where: { packageId: s.pkg.id, participantId: carlaNow.id } });
    expect(moved.map((tag) => tag.id)).toContain(signatureTag);
    expect(await db().tagValue.count({ where: { tagId: signatureTag } })).toBe(0);

    // Carla: her own invitation, an emailed code, her own consent; then she hands it on (the flag is inherited)
    const delegate = await openRoom(carla);
    expect(delegate.room.stage).toBe("VERIFY");
    expect(delegate.room.verification.method).toBe("EMAIL_CODE");
    expect(delegate.room.verification.emailHint).toBe(`c***@example.com`);
    expect(delegate.room.participant.delegatedFrom).toBe("Ada Okafor");
    const carlaRoom = await verifyByEmailCode(delegate.client, carla);
    expect(carlaRoom.stage).toBe("SIGN");
    expect(carlaRoom.tags.find((tag) => tag.id === signatureTag)?.value).toBeNull();
    const onward = await delegate.client.request<SigningRoom>("POST", "/api/v1/signing/delegate", {
      json: { givenName: "Dan", familyName: "Ng", email: dan, reason: "Dan holds the power of attorney." },
    });
    expect([onward.status, onward.body.delegatedTo]).toEqual([200, "Dan Ng"]);

    const last = await openRoom(dan);
    const danRoom = await verifyByEmailCode(last.client, dan);
    expect((await signEverything(last.client, danRoom)).status).toBe(200);
    // ordered signing: Ben's step opens once the delegate at the end of the chain finished
    const benRoom = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, ben)));
    expect((await signEverything(benRoom.client, benRoom.room)).status).toBe(200);

    // emails: the sender was told of each hand-over, with both names and the reason
    const sender = await senderEmail(s);
    const told = await smtp.waitFor(
      (mail) => mail.envelopeTo.includes(sender) && /Carla Diaz/.test(mail.parsed.text ?? ""),
    );
    expect(told.parsed.subject).toBe("Signing handed to someone else: Okafor refinance");
    expect(told.parsed.text).toContain("Ada Okafor handed their part");
    expect(told.parsed.text).toContain("I am abroad; my sister signs for me.");

    // the webhook: one event per hand-over, ids only
    await poll("two delegation webhooks", async () => hooks.received.length >= 2);
    const events = hooks.received.map((entry) => entry.json);
    expect(events.map((event) => event.type)).toEqual(["participant.delegated", "participant.delegated"]);
    expect(events[0]!.data).toEqual({
      organizationId: s.org.organizationId,
      packageId: s.pkg.id,
      participantId: adaRow!.id,
    });
    expect(hooks.received[0]!.body).not.toMatch(/abroad|Carla/);

    // the audit trail keeps the chain
    const trail = await db().auditEvent.findMany({
      where: { streamType: "package", streamId: s.pkg.id, type: "participant.delegated" },
      orderBy: { sequence: "asc" },
    });
    expect(trail.map((event) => (event.data as { reason: string }).reason)).toEqual([
      "I am abroad; my sister signs for me.",
      "Dan holds the power of attorney.",
    ]);

    // the sealed certificate, downloaded over HTTP, shows the chain on each participant
    await poll(
      "the package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 60_000 },
    );
    // the copies go to the delegate at the end of the chain, not to those who handed their part on:
    // Ada and Carla keep their one invitation link, Dan has his invitation and his copies
    const rows = await participantsOf(s);
    const linksOf = (email: string) =>
      db().signingLink.count({ where: { participantId: rows.find((row) => row.email === email)!.id } });
    expect([await linksOf(ada), await linksOf(carla), await linksOf(dan)]).toEqual([1, 1, 2]);
    const artifacts = await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts);
    const certificate = artifacts.body.records.find((artifact) => artifact.kind === "CERTIFICATE")!;
    const response = await fetch(`${app.url}${s.api.sealedFile(certificate.id)}`, {
      headers: { cookie: [...s.admin.jar].map(([key, value]) => `${key}=${value}`).join("; ") },
    });
    expect(response.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), "signet-delegation-")), "certificate.pdf");
    writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(text).toContain("Delegated to Carla Diaz.");
    expect(text).toMatch(/Signing delegated by Ada Okafor on \S+: I am abroad; my sister signs for me\./);
    expect(text).toContain("Delegated to Dan Ng.");
    expect(text).toMatch(/Signing delegated by Carla Diaz on \S+: Dan holds the power of attorney\./);
    expect(text).toContain("Email one-time code");
    expect(text).not.toContain("me..");
    // the audit trail's sentences, wherever the IP and user agent columns fall beside them
    const flat = text.replace(/127\.0\.0\.1|\bnode\b/g, "").replace(/\s+/g, "");
    expect(flat).toContain("handedtheirparttoBORROWER2(reason:“Iamabroad;mysistersignsforme.”)");
    expect(flat).toContain("wassentaone-timeverificationcodebyemail");
  });
});

describe("refusals", () => {
  async function started(options: { adaVerification?: string; phone?: string } = {}) {
    const ada = `ada-${unique()}@example.com`;
    const ben = `ben-${unique()}@example.com`;
    const s = await signablePackage(app, db(), {
      signers: [
        {
          givenName: "Ada",
          email: ada,
          delegationAllowed: true,
          ...(options.adaVerification ? { idVerification: options.adaVerification, phoneNumber: options.phone } : {}),
        },
        { givenName: "Ben", email: ben },
      ],
    });
    await sendPackage(s, db());
    return { s, ada, ben };
  }
  const delegate = (client: SigningClient, body: object) =>
    client.request<ErrorReply>("POST", "/api/v1/signing/delegate", { json: body });
  const someone = () => ({ givenName: "Carla", familyName: "Diaz", email: `carla-${unique()}@example.com` });

  it("answers 403 when the sender did not allow it, 400 for an email already in the package or bad input", async () => {
    const { s, ada, ben } = await started();
    const benRoom = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, ben)));
    const notAllowed = await delegate(benRoom.client, { ...someone(), reason: "Busy" });
    expect([notAllowed.status, notAllowed.body.code]).toEqual([403, "FORBIDDEN"]);

    const adaRoom = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, ada)));
    const theirs = await delegate(adaRoom.client, { ...someone(), email: ben, reason: "Ben signs" });
    expect([theirs.status, theirs.body.details?.[0]?.path]).toEqual([400, "email"]);
    expect(theirs.body.message).toContain("another participant");
    const own = await delegate(adaRoom.client, { ...someone(), email: ada.toUpperCase(), reason: "Me" });
    expect([own.status, own.body.message]).toEqual([400, expect.stringContaining("yours")]);
    const noReason = await delegate(adaRoom.client, { ...someone(), reason: "   " });
    expect([noReason.status, noReason.body.details?.[0]?.path]).toEqual([400, "reason"]);
    const tooLong = await delegate(adaRoom.client, { ...someone(), reason: "x".repeat(501) });
    expect([tooLong.status, tooLong.body.details?.[0]?.path]).toEqual([400, "reason"]);
    const badEmail = await delegate(adaRoom.client, { ...someone(), email: "not-an-email", reason: "Busy" });
    expect([badEmail.status, badEmail.body.details?.[0]?.path]).toEqual([400, "email"]);
    // nothing changed
    const rows = await participantsOf(s);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.signingStatus)).not.toContain("DELEGATED");
  });

  it("answers 409 once the participant finished or declined", async () => {
    const first = await started();
    const finished = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, first.ada)));
    expect((await signEverything(finished.client, finished.room)).status).toBe(200);
    const late = await delegate(finished.client, { ...someone(), reason: "Too late" });
    expect([late.status, late.body.code]).toEqual([409, "SIGNING_CLOSED"]);

    const second = await started();
    const declining = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, second.ada)));
    const declined = await declining.client.request("POST", "/api/v1/signing/decline", { json: { reason: "No" } });
    expect(declined.status).toBe(200);
    const after = await delegate(declining.client, { ...someone(), reason: "Changed my mind" });
    expect([after.status, after.body.code]).toEqual([409, "SIGNING_CLOSED"]);
  });

  it("needs the delegate's phone when the original verifies by text, and the delegate then verifies by text", async () => {
    const { s, ada } = await started({ adaVerification: "SMS_CODE", phone: "5551234567" });
    const { client } = await openRoom(ada);
    const noPhone = await delegate(client, { ...someone(), reason: "Travelling" });
    expect([noPhone.status, noPhone.body.details?.[0]?.path]).toEqual([400, "phoneNumber"]);
    const withPhone = await delegate(client, { ...someone(), phoneNumber: "5559876543", reason: "Travelling" });
    expect(withPhone.status, JSON.stringify(withPhone.body)).toBe(200);
    const delegateRow = (await participantsOf(s)).find((row) => row.delegatedFromParticipantId === s.signers[0]!.id);
    expect([delegateRow?.idVerification, delegateRow?.phoneNumber]).toEqual(["SMS_CODE", "5559876543"]);
  });
});
