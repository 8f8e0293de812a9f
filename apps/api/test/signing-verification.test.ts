import { type Participant, SIGNING_MESSAGES, type SigningRoom } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import {
  invitationTo,
  linkToken,
  type SignablePackage,
  type SigningClient,
  sendPackage,
  signablePackage,
} from "./support/signing-fixtures.ts";
import {
  type ErrorBody,
  linkIdOf,
  openRoom,
  packageAudit,
  smsLinkToken,
  waitForSms,
} from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 5 §1, §2: invitations by text message, and proving who you are — a one-time code by text
// (limited attempts, then locked out, whatever link the participant comes back with) or knowledge
// questions whose answers never leave the server (not in the audit trail, not in any answer).

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

type Room = SigningRoom & ErrorBody;

const verify = (client: SigningClient, body: object) =>
  client.request<Room>("POST", "/api/v1/signing/verification", { json: body });
const sendCode = (client: SigningClient) => client.request<Room>("POST", "/api/v1/signing/verification-codes");

/** The one-time code of the newest text to the phone sent at or after `after`. */
async function codeTextedTo(phone: string, after: Date): Promise<string> {
  const sms = await waitForSms(db(), phone, /verification code is \d{6}/, after);
  return /verification code is (\d{6})/.exec(sms.text)![1]!;
}

/** KBA answers as the room sends them: the questions asked, by name. */
const kba = (answers: Partial<Record<"dateOfBirth" | "postalCode" | "ssnLast4", string>>) => ({ answers });

/** JSON of anything, audit rows included (their sequence is a bigint). */
const json = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item));

const otherCode = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

async function smsCodePackage(phone: string, email: string): Promise<SignablePackage & { token: string }> {
  const s = await signablePackage(app, db(), {
    signers: [{ givenName: "Ada", email, phoneNumber: phone, idVerification: "SMS_CODE" }],
  });
  expect(s.signers[0]!.idVerification).toBe("SMS_CODE");
  await sendPackage(s, db());
  return { ...s, token: linkToken(await invitationTo(smtp, email)) };
}

describe("invitations by text message", () => {
  it("sends an SMS participant's invitation as a text with a single-use link", async () => {
    const s = await signablePackage(app, db(), {
      signers: [{ givenName: "Sam", accessMethod: "SMS", phoneNumber: "(555) 201-0001" }],
    });
    const sam = s.signers[0]!;
    expect([sam.accessMethod, sam.phoneNumber, sam.email]).toEqual(["SMS", "5552010001", null]);
    await sendPackage(s, db());

    const sms = await waitForSms(db(), "5552010001", /\/s\//);
    expect(sms.text).toContain('"Okafor refinance"');
    expect(sms.text).toContain(`${signingUrl()}/s/`);
    const token = smsLinkToken(sms.text);
    const link = await db().signingLink.findUniqueOrThrow({ where: { id: linkIdOf(token) } });
    expect([link.channel, link.participantId, link.usedAt]).toEqual(["SMS", sam.id, null]);
    expect(link.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60_000);
    const invited = (await packageAudit(db(), s.pkg.id)).find((event) => event.type === "participant.invited");
    expect(invited?.data).toMatchObject({ participantId: sam.id, channel: "SMS", linkId: link.id });

    const opened = await openRoom(signingUrl(), token);
    expect([opened.reply.status, opened.reply.body.stage]).toEqual([201, "CONSENT"]);
    expect(opened.reply.body.participant.id).toBe(sam.id);
    const again = await openRoom(signingUrl(), token);
    expect([again.reply.status, again.reply.body.code]).toEqual([410, "SIGNING_LINK_USED"]);
    const authenticated = (await packageAudit(db(), s.pkg.id)).find(
      (event) => event.type === "participant.authenticated",
    );
    expect(authenticated?.data).toMatchObject({ method: "SMS_LINK" });
  });
});

describe("verification by a one-time code", () => {
  it("locks the participant after three wrong codes, also in a new session from a new link", async () => {
    const s = await smsCodePackage("555-201-0002", "ada-code@verify.example.com");
    const ada = s.signers[0]!;
    const { client, reply } = await openRoom(signingUrl(), s.token);
    expect(reply.status).toBe(201);
    expect(reply.body.stage).toBe("VERIFY");
    expect(reply.body.verification).toEqual({
      method: "SMS_CODE",
      verified: false,
      phoneHint: "***-***-0002",
      // an emailed code (a delegate's, issue 34 §3) names the address; a texted one does not
      emailHint: null,
      codeSent: false,
      questions: [],
      attemptsLeft: 3,
      lockedUntil: null,
    });
    // nothing else before verification
    const consent = await client.request("POST", "/api/v1/signing/consent", { json: { agree: true } });
    expect([consent.status, consent.body.code]).toEqual([403, "FORBIDDEN"]);

    const before = new Date(Date.now() - 1000);
    const sent = await sendCode(client);
    expect([sent.status, sent.body.verification.codeSent]).toEqual([200, true]);
    const code = await codeTextedTo("5552010002", before);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = otherCode(code);
    const first = await verify(client, { code: wrong });
    expect([first.status, first.body.code, first.body.message]).toEqual([
      400,
      "VERIFICATION_FAILED",
      SIGNING_MESSAGES.verificationFailed,
    ]);
    expect(first.body.details).toEqual([{ path: "attemptsLeft", message: "2" }]);
    const second = await verify(client, { code: wrong });
    expect([second.status, second.body.details]).toEqual([400, [{ path: "attemptsLeft", message: "1" }]]);
    const third = await verify(client, { code: wrong });
    expect([third.status, third.body.code, third.body.message]).toEqual([
      423,
      "VERIFICATION_LOCKED",
      SIGNING_MESSAGES.verificationLocked,
    ]);
    // locked: even the right code is refused now
    const right = await verify(client, { code });
    expect([right.status, right.body.code]).toEqual([423, "VERIFICATION_LOCKED"]);
    const room = await client.room();
    expect(room.body.stage).toBe("VERIFY");
    expect(room.body.verification.lockedUntil).not.toBeNull();
    const [session] = await db().signingSession.findMany({ where: { participantId: ada.id } });
    expect(session!.verifiedAt).toBeNull();
    expect(session!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    const types = (await packageAudit(db(), s.pkg.id)).map((event) => event.type);
    expect(types.filter((type) => type === "participant.verification-failed")).toHaveLength(2);
    expect(types.filter((type) => type === "participant.verification-locked")).toHaveLength(1);
    expect(types).not.toContain("participant.verified");

    // a new link (a reminder) opens a new session: still locked
    const mailsBefore = smtp.messages.length;
    const reminded = await s.admin.request("POST", s.api.reminders, { json: { participantIds: [ada.id] } });
    expect(reminded.status).toBe(200);
    const reminder = await invitationTo(smtp, ada.email!, mailsBefore);
    expect(reminder.parsed.subject).toMatch(/^Reminder:/);
    const fresh = await openRoom(signingUrl(), linkToken(reminder));
    expect(fresh.reply.status).toBe(201);
    expect(fresh.reply.body.stage).toBe("VERIFY");
    expect(fresh.reply.body.verification.lockedUntil).not.toBeNull();
    const resend = await sendCode(fresh.client);
    expect([resend.status, resend.body.code]).toEqual([423, "VERIFICATION_LOCKED"]);
    const retry = await verify(fresh.client, { code });
    expect([retry.status, retry.body.code]).toEqual([423, "VERIFICATION_LOCKED"]);
    const sessions = await db().signingSession.findMany({ where: { participantId: ada.id } });
    expect(sessions).toHaveLength(2);
    expect(sessions.every((candidate) => candidate.verifiedAt === null && candidate.lockedUntil !== null)).toBe(true);
    expect(await db().consentRecord.count({ where: { participantId: ada.id } })).toBe(0);
  });

  it("moves on to consent with the right code", async () => {
    const s = await smsCodePackage("555-201-0003", "ada-right@verify.example.com");
    const ada = s.signers[0]!;
    const { client } = await openRoom(signingUrl(), s.token);
    const before = new Date(Date.now() - 1000);
    expect((await sendCode(client)).status).toBe(200);
    const code = await codeTextedTo("5552010003", before);
    const wrong = await verify(client, { code: otherCode(code) });
    expect(wrong.body.details).toEqual([{ path: "attemptsLeft", message: "2" }]);
    const notSix = await verify(client, { code: "12345" });
    expect(notSix.status).toBe(400);

    const right = await verify(client, { code });
    expect(right.status).toBe(200);
    expect(right.body.stage).toBe("CONSENT");
    expect(right.body.verification).toMatchObject({ verified: true, attemptsLeft: 3, lockedUntil: null });
    const [session] = await db().signingSession.findMany({ where: { participantId: ada.id } });
    expect(session!.verifiedAt).toBeInstanceOf(Date);
    expect([session!.verificationFailures, session!.codeHash]).toEqual([0, null]);
    const events = await packageAudit(db(), s.pkg.id);
    expect(events.map((event) => event.type)).toContain("participant.verified");
    // the code itself is never recorded
    const codePattern = new RegExp(`(?<![0-9a-f])${code}(?![0-9a-f])`);
    for (const event of events) expect(json(event)).not.toMatch(codePattern);
  });
});

describe("verification by knowledge questions", () => {
  it("checks the answers (normalised) and never shows them in the audit trail or the participant API", async () => {
    const s = await signablePackage(app, db(), {
      signers: [
        {
          givenName: "Kim",
          email: "kim@verify.example.com",
          idVerification: "KBA",
          kbaAnswers: { dateOfBirth: "1975-11-30" },
        },
      ],
    });
    const created = s.signers[0]!;
    // the sender changes the answers: the update is audited without them too
    const path = s.paths.participant(s.pkg.id, created.id);
    const updated = await s.admin.request<Participant>("PATCH", path, {
      json: { version: created.version, kbaAnswers: { dateOfBirth: "1980-04-02", postalCode: " 02134" } },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const secrets = [/1975-11-30/, /19751130/, /1980-04-02/, /19800402/, /(?<![0-9a-f])02134(?![0-9a-f])/];
    const expectNoSecrets = (what: string, value: unknown) => {
      const text = json(value);
      for (const secret of secrets) expect(text, `${what} shows ${secret}`).not.toMatch(secret);
    };
    for (const reply of [created, updated.body]) {
      expect(reply).not.toHaveProperty("kbaAnswers");
      expectNoSecrets("participant reply", reply);
    }
    expect(updated.body.kbaQuestions).toEqual(["dateOfBirth", "postalCode"]);
    const list = await s.admin.get<{ records: Participant[] }>(s.paths.participants(s.pkg.id));
    expect(list.status).toBe(200);
    expect(list.body.records.map((record) => record.kbaQuestions)).toEqual([["dateOfBirth", "postalCode"]]);
    expect(list.body.records[0]).not.toHaveProperty("kbaAnswers");
    expectNoSecrets("participant list", list.body);
    const row = await db().participant.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.verificationCiphertext).toBeTruthy();
    expectNoSecrets("stored ciphertext", row.verificationCiphertext);

    await sendPackage(s, db());
    const { client, reply } = await openRoom(
      signingUrl(),
      linkToken(await invitationTo(smtp, "kim@verify.example.com")),
    );
    expect(reply.body.stage).toBe("VERIFY");
    expect(reply.body.verification).toMatchObject({
      method: "KBA",
      questions: ["dateOfBirth", "postalCode"],
      phoneHint: null,
      attemptsLeft: 3,
    });
    expectNoSecrets("room", reply.body);

    const wrongZip = await verify(client, kba({ dateOfBirth: "1980-04-02", postalCode: "02135" }));
    expect([wrongZip.status, wrongZip.body.code, wrongZip.body.details]).toEqual([
      400,
      "VERIFICATION_FAILED",
      [{ path: "attemptsLeft", message: "2" }],
    ]);
    const oldAnswer = await verify(client, kba({ dateOfBirth: "1975-11-30", postalCode: "02134" }));
    expect([oldAnswer.status, oldAnswer.body.details]).toEqual([400, [{ path: "attemptsLeft", message: "1" }]]);
    expectNoSecrets("failure", oldAnswer.body);

    const right = await verify(client, kba({ dateOfBirth: "1980-04-02", postalCode: " 02134" }));
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect([right.body.stage, right.body.verification.verified]).toEqual(["CONSENT", true]);
    expectNoSecrets("verified room", right.body);

    const events = await packageAudit(db(), s.pkg.id);
    const types = events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(["participant.added", "participant.updated", "participant.verified"]));
    expect(types.filter((type) => type === "participant.verification-failed")).toHaveLength(2);
    for (const event of events) expectNoSecrets(`audit event ${event.type}`, event);
  });
});
