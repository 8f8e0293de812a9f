import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InPersonRoom, InPersonSigningLink, Participant, SealedArtifact, SigningRoom } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, organizationWithAdmin, signedIn } from "./support/access-fixtures.ts";
import { memberOfNewGroup, VIEWER } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  type SignablePackage,
  SigningClient,
  sendPackage,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { type ErrorBody, packageAudit, waitForSms } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.ts";

// Issue 34 §2a: a loan officer hosts a participant's signing on their own device. The room asks who
// is signing before consent — a one-time code to the participant's email or phone, or the host's
// statement that they checked an ID — and the audit trail and the certificate say it was in person.

let app: TestApp;
let smtp: SmtpCapture;
const db = () => app.server.db;
const signingUrl = () => app.server.signingRoom!.url;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url, OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});
const receivers: WebhookReceiver[] = [];

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

type Confirmation = { inPerson: InPersonRoom } & ErrorBody;

const hostPath = (s: SignablePackage, participantId: string) =>
  `/api/v5/organizations/${s.org.organizationId}/packages/${s.pkg.id}/participants/${participantId}/in-person-signing`;

async function hostedPackage(signers?: NonNullable<Parameters<typeof signablePackage>[2]>["signers"]) {
  const s = await signablePackage(app, db(), {
    signers: signers ?? [
      { givenName: "Ada", email: `ada-${unique()}@example.com`, phoneNumber: "5553010001" },
      { givenName: "Ben", email: `ben-${unique()}@example.com` },
    ],
  });
  await sendPackage(s, db());
  return s;
}

/** Starts hosting as the package's admin and opens the room on "this device" with the link. */
async function hostAndOpen(s: SignablePackage, participant: Participant) {
  const started = await s.admin.request<InPersonSigningLink>("POST", hostPath(s, participant.id), {
    json: { participantPresent: true },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const token = decodeURIComponent(new URL(started.body.signingURL).pathname.split("/").pop()!);
  const client = new SigningClient(signingUrl());
  const opened = await client.request<SigningRoom>("POST", "/api/v1/signing/sessions", { json: { token } });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return { client, room: opened.body, token, started: started.body };
}

const confirm = (client: SigningClient, body: object) =>
  client.request<Confirmation>("POST", "/api/v1/signing/in-person/confirmation", { json: body });
const sendCode = (client: SigningClient, channel: "EMAIL" | "SMS") =>
  client.request<Confirmation>("POST", "/api/v1/signing/in-person/codes", { json: { channel } });

const nextYear = () => `${new Date().getUTCFullYear() + 1}-06-30`;

async function consentAndSign(client: SigningClient) {
  const consented = await client.request<SigningRoom>("POST", "/api/v1/signing/consent", { json: { agree: true } });
  expect(consented.status, JSON.stringify(consented.body)).toBe(200);
  expect(consented.body.stage).toBe("SIGN");
  const finished = await signEverything(client, consented.body);
  expect(finished.status, JSON.stringify(finished.body)).toBe(200);
  return finished.body;
}

async function certificateText(s: SignablePackage): Promise<string> {
  await poll(
    "the package to be sealed",
    async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
    { timeoutMs: 60_000 },
  );
  const artifacts = await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts);
  const certificate = artifacts.body.records.find((artifact) => artifact.kind === "CERTIFICATE")!;
  const response = await fetch(`${app.url}${s.api.sealedFile(certificate.id)}`, {
    headers: { cookie: [...s.admin.jar].map(([key, value]) => `${key}=${value}`).join("; ") },
  });
  expect(response.status).toBe(200);
  const file = join(mkdtempSync(join(tmpdir(), "signet-in-person-")), "certificate.pdf");
  writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

describe("hosting in-person signing", () => {
  it("host attests an ID: the room shows the host, asks who is signing before consent, and the certificate says so", async () => {
    const s = await hostedPackage();
    const [ada, ben] = s.signers as [Participant, Participant];
    const host = await db().user.findUniqueOrThrow({ where: { id: s.org.admin.id } });
    const hostName = `${host.givenName} ${host.familyName}`.trim() || host.email;
    const hooks = await startWebhookReceiver();
    receivers.push(hooks);
    const endpoint = await s.admin.request("POST", `/api/v1/organizations/${s.org.organizationId}/webhooks`, {
      json: { url: hooks.url, eventTypes: ["participant.signed_in_person"] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const { client, room, started } = await hostAndOpen(s, ada);
    const minutes = (Date.parse(started.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(3);
    expect(minutes).toBeLessThanOrEqual(5);

    // before consent: the in-person check, with the host named and the participant's addresses masked
    expect(room.stage).toBe("VERIFY");
    expect(room.documents).toEqual([]);
    expect(room.inPerson).toMatchObject({
      hostName,
      confirmed: false,
      method: null,
      codeSentTo: null,
    });
    expect(room.inPerson!.channels.map((channel) => channel.channel)).toEqual(["EMAIL", "SMS"]);
    expect(room.inPerson!.channels[0]!.destination).toMatch(/^a\*\*\*@example\.com$/);
    expect(room.inPerson!.channels[1]!.destination).toBe("***-***-0001");
    const consentFirst = await client.request<ErrorBody>("POST", "/api/v1/signing/consent", { json: { agree: true } });
    expect(consentFirst.status).toBe(403);

    // an expired ID, an OTHER without its name, an unticked statement: clear 400s, nothing recorded
    const expired = await confirm(client, {
      method: "HOST_ATTESTED_ID",
      idType: "DRIVERS_LICENSE",
      idIssuer: "California",
      idExpiresOn: "2020-01-31",
      statementConfirmed: true,
    });
    expect([expired.status, expired.body.message]).toEqual([
      400,
      "The ID has expired: check an ID that is still valid.",
    ]);
    const unnamed = await confirm(client, {
      method: "HOST_ATTESTED_ID",
      idType: "OTHER",
      idIssuer: "California",
      idExpiresOn: nextYear(),
      statementConfirmed: true,
    });
    expect([unnamed.status, unnamed.body.message]).toEqual([400, "Say which kind of ID it is."]);
    const unticked = await confirm(client, {
      method: "HOST_ATTESTED_ID",
      idType: "PASSPORT",
      idIssuer: "Canada",
      idExpiresOn: nextYear(),
      statementConfirmed: false,
    });
    expect(unticked.status).toBe(400);
    expect(await db().inPersonIdentityCheck.count({ where: { packageId: s.pkg.id, confirmedAt: { not: null } } })).toBe(
      0,
    );

    const confirmed = await confirm(client, {
      method: "HOST_ATTESTED_ID",
      idType: "DRIVERS_LICENSE",
      idIssuer: "California",
      idExpiresOn: nextYear(),
      statementConfirmed: true,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.inPerson).toMatchObject({ confirmed: true, method: "HOST_ATTESTED_ID" });
    // the webhook says how, and nothing of the ID itself (the refused attempts above sent nothing)
    await poll("participant.signed_in_person at the receiver", async () => hooks.received.length > 0);
    expect(hooks.received.map((entry) => entry.json.data)).toEqual([
      { organizationId: s.org.organizationId, packageId: s.pkg.id, participantId: ada.id, method: "HOST_ATTESTED_ID" },
    ]);
    const check = await db().inPersonIdentityCheck.findFirstOrThrow({ where: { participantId: ada.id } });
    expect(check).toMatchObject({
      hostUserId: s.org.admin.id,
      hostEmail: s.org.admin.email,
      idType: "DRIVERS_LICENSE",
      idIssuer: "California",
      idExpiresOn: nextYear(),
      hostStatement: `I, ${check.hostName}, checked this person's ID in person.`,
    });
    // confirmed once: the room has moved on to consent, a second confirmation is refused
    expect((await confirm(client, { method: "CODE", code: "123456" })).status).toBe(403);

    const afterConfirm = await client.room();
    expect(afterConfirm.body.stage).toBe("CONSENT");
    expect(afterConfirm.body.inPerson?.confirmed).toBe(true);
    const finished = await consentAndSign(client);
    expect(finished.stage).toBe("FINISHED");
    expect(finished.inPerson?.hostName).toBe(check.hostName);

    // the package page: Ada finished in person, hosted by the admin
    const listed = await s.admin.get<{ records: Participant[] }>(s.paths.participants(s.pkg.id));
    const adaRow = listed.body.records.find((participant) => participant.id === ada.id)!;
    expect(adaRow.signedInPersonHost).toBe(`${check.hostName} (${s.org.admin.email})`);

    // a finished participant cannot be hosted again
    const again = await s.admin.request<ErrorBody>("POST", hostPath(s, ada.id), { json: { participantPresent: true } });
    expect([again.status, again.body.message]).toEqual([409, "This participant has already finished."]);

    // Ben signs remotely; the sealed certificate says Ada signed in person with the ID the host checked
    const benHosted = await hostAndOpen(s, ben);
    expect(
      (
        await confirm(benHosted.client, {
          method: "HOST_ATTESTED_ID",
          idType: "OTHER",
          idTypeOther: "Military ID",
          idIssuer: "United States",
          idExpiresOn: nextYear(),
          statementConfirmed: true,
        })
      ).status,
    ).toBe(200);
    await consentAndSign(benHosted.client);
    const text = await certificateText(s);
    expect(text).toContain(
      `Signed in person, hosted by ${check.hostName} (${s.org.admin.email}); identity: ID checked by host (Driver's licence, California)`,
    );
    expect(text).toContain("identity: ID checked by host (Military ID, United States)");
    expect(text).toContain("started in-person signing for BORROWER 1 on their own device");
    expect(text).toContain("checked their ID (Driver's licence, California");

    const types = (await packageAudit(db(), s.pkg.id)).map((event) => event.type);
    expect(types).toContain("participant.in-person-started");
    expect(types).toContain("participant.identity-confirmed-in-person");
    const confirmedEvent = (await packageAudit(db(), s.pkg.id)).find(
      (event) => event.type === "participant.identity-confirmed-in-person",
    )!;
    expect(confirmedEvent.data).toMatchObject({ participantId: ada.id, method: "HOST_ATTESTED_ID" });
    // no ID number is asked for or kept
    expect(JSON.stringify(confirmedEvent.data)).not.toMatch(/number/i);
  }, 120_000);

  it("confirms by a one-time code by email (read from the captured mail) and by text; wrong codes are limited", async () => {
    const email = `cara-${unique()}@example.com`;
    const s = await hostedPackage([
      { givenName: "Cara", email, phoneNumber: "5553010002", idVerification: "SMS_CODE" },
    ]);
    const cara = s.signers[0]!;
    const hooks = await startWebhookReceiver();
    receivers.push(hooks);
    const endpoint = await s.admin.request("POST", `/api/v1/organizations/${s.org.organizationId}/webhooks`, {
      json: { url: hooks.url, eventTypes: ["participant.signed_in_person"] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);

    // no code yet: typing one is refused with a reason
    const first = await hostAndOpen(s, cara);
    const early = await confirm(first.client, { method: "CODE", code: "000000" });
    expect([early.status, early.body.message]).toEqual([400, "Send a code first."]);
    // the participant's own SMS_CODE verification does not stand in for the in-person check
    expect((await first.client.request("POST", "/api/v1/signing/verification-codes")).status).toBe(400);

    const mailsBefore = smtp.messages.length;
    const sent = await sendCode(first.client, "EMAIL");
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.inPerson.codeSentTo).toBe("EMAIL");
    const mail = await smtp.waitFor(
      (candidate) =>
        candidate.envelopeTo.includes(email) &&
        smtp.messages.indexOf(candidate) >= mailsBefore &&
        /in person/.test(candidate.parsed.subject ?? ""),
    );
    expect(mail.parsed.subject).toBe("Your code to sign Okafor refinance in person");
    const code = /\b(\d{6})\b/.exec(mail.parsed.text ?? "")![1]!;
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

    const miss = await confirm(first.client, { method: "CODE", code: wrong });
    expect([miss.status, miss.body.code]).toEqual([400, "VERIFICATION_FAILED"]);
    const ok = await confirm(first.client, { method: "CODE", code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.inPerson).toMatchObject({ confirmed: true, method: "IN_PERSON_CODE_EMAIL" });
    const check = await db().inPersonIdentityCheck.findFirstOrThrow({ where: { participantId: cara.id } });
    expect([check.method, check.codeDestination, check.idType]).toEqual([
      "IN_PERSON_CODE_EMAIL",
      "c***@example.com",
      null,
    ]);

    // a second hosted session (the host started over): text message, then three wrong codes lock out
    const second = await hostAndOpen(s, cara);
    expect(second.room.stage).toBe("VERIFY");
    const after = new Date(Date.now() - 1000);
    expect((await sendCode(second.client, "SMS")).status).toBe(200);
    const sms = await waitForSms(db(), "5553010002", /sign in person is \d{6}/, after);
    const texted = /sign in person is (\d{6})/.exec(sms.text)![1]!;
    const bad = texted.slice(0, 5) + String((Number(texted[5]) + 1) % 10);
    expect((await confirm(second.client, { method: "CODE", code: bad })).status).toBe(400);
    expect((await confirm(second.client, { method: "CODE", code: bad })).status).toBe(400);
    const locked = await confirm(second.client, { method: "CODE", code: bad });
    expect([locked.status, locked.body.code]).toEqual([423, "VERIFICATION_LOCKED"]);
    // locked: even the right code does not pass now
    expect((await confirm(second.client, { method: "CODE", code: texted })).status).toBe(423);

    const types = (await packageAudit(db(), s.pkg.id)).map((event) => event.type);
    expect(types.filter((type) => type === "participant.in-person-code-sent")).toHaveLength(2);
    expect(types).toContain("participant.verification-locked");

    // the webhook: once, for the check that passed (by email code), not for the locked one; ids and the method only
    await poll("participant.signed_in_person at the receiver", async () => hooks.received.length > 0);
    expect(hooks.received.map((entry) => [entry.json.type, entry.json.data])).toEqual([
      [
        "participant.signed_in_person",
        {
          organizationId: s.org.organizationId,
          packageId: s.pkg.id,
          participantId: cara.id,
          method: "IN_PERSON_CODE_EMAIL",
        },
      ],
    ]);
  }, 120_000);

  it("an ordinary session has no in-person check and cannot use one", async () => {
    const s = await hostedPackage();
    const url = await s.admin.request<{ signingURL: string }>("POST", s.api.signingUrl(s.signers[0]!.id), { json: {} });
    const token = decodeURIComponent(new URL(url.body.signingURL).pathname.split("/").pop()!);
    const client = new SigningClient(signingUrl());
    const opened = await client.request<SigningRoom>("POST", "/api/v1/signing/sessions", { json: { token } });
    expect(opened.body.inPerson).toBeNull();
    expect(opened.body.stage).toBe("CONSENT");
    const refused = await confirm(client, {
      method: "HOST_ATTESTED_ID",
      idType: "PASSPORT",
      idIssuer: "Canada",
      idExpiresOn: nextYear(),
      statementConfirmed: true,
    });
    // the stage decides first: no VERIFY stage in an ordinary session with no verification
    expect([403, 409]).toContain(refused.status);
  });
});

describe("who may host, and for whom", () => {
  it("refuses without participantPresent, without manage permission (403), another organization (404), and a used link", async () => {
    const s = await hostedPackage();
    const ada = s.signers[0]!;
    const absent = await s.admin.request<ErrorBody>("POST", hostPath(s, ada.id), { json: {} });
    expect(absent.status).toBe(400);
    const notPresent = await s.admin.request<ErrorBody>("POST", hostPath(s, ada.id), {
      json: { participantPresent: false },
    });
    expect(notPresent.status).toBe(400);

    const viewer = await memberOfNewGroup(s.org, app.url, VIEWER);
    const refused = await viewer.client.request<ErrorBody>("POST", hostPath(s, ada.id), {
      json: { participantPresent: true },
    });
    expect(refused.status).toBe(403);

    const other = await organizationWithAdmin(db());
    const stranger = await signedIn(app.url, other.admin.email);
    const foreign = await stranger.request<ErrorBody>(
      "POST",
      `/api/v5/organizations/${other.organizationId}/packages/${s.pkg.id}/participants/${ada.id}/in-person-signing`,
      { json: { participantPresent: true } },
    );
    expect(foreign.status).toBe(404);
    const unknownParticipant = await s.admin.request<ErrorBody>(
      "POST",
      hostPath(s, "00000000-0000-4000-8000-000000000000"),
      { json: { participantPresent: true } },
    );
    expect(unknownParticipant.status).toBe(404);

    // the link works once
    const { token } = await hostAndOpen(s, ada);
    const reused = await new SigningClient(signingUrl()).request<ErrorBody>("POST", "/api/v1/signing/sessions", {
      json: { token },
    });
    expect([reused.status, reused.body.code]).toEqual([410, "SIGNING_LINK_USED"]);
  });

  it("refuses a draft package and a participant whose turn has not come", async () => {
    const draft = await signablePackage(app, db(), {
      signers: [{ givenName: "Dee", email: `dee-${unique()}@example.com` }],
    });
    expect(
      (await draft.admin.request("POST", hostPath(draft, draft.signers[0]!.id), { json: { participantPresent: true } }))
        .status,
    ).toBe(409);

    const ordered = await signablePackage(app, db(), {
      ordered: true,
      signers: [
        { givenName: "Eve", email: `eve-${unique()}@example.com` },
        { givenName: "Fay", email: `fay-${unique()}@example.com` },
      ],
    });
    await sendPackage(ordered, db());
    const early = await ordered.admin.request<ErrorBody>("POST", hostPath(ordered, ordered.signers[1]!.id), {
      json: { participantPresent: true },
    });
    expect([early.status, early.body.message]).toEqual([409, "It is not this participant's turn to sign yet."]);
  });
});
