import {
  type Participant,
  type SealedArtifact,
  type SigningRoom,
  WITNESS_MESSAGES,
  witnessToLine,
} from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  pdfText,
  type SignablePackage,
  SigningClient,
  sendPackage,
  signablePackage,
  signEverything,
  TINY_PNG,
} from "./support/signing-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { templatePaths } from "./support/template-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.ts";

// Issue 34 §2b: a witness attests a named signer's signature on a witness tag, and is invited and may
// sign only after that signer finished; the sealed document and the certificate of completion say so.

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

const participantPath = (s: SignablePackage, id: string) => `${s.paths.participants(s.pkg.id)}/${id}`;

async function addWitness(s: SignablePackage, body: object) {
  return s.admin.request<Participant & { message?: string; details?: { path: string }[] }>(
    "POST",
    s.paths.participants(s.pkg.id),
    { json: { type: "Witness", givenName: "Wes", familyName: "Lee", accessMethod: "EMAIL", ...body } },
  );
}

function witnessTag(s: SignablePackage, participantId: string, type = "WITNESS_SIGNATURE") {
  return s.admin.request<{ id: string; message?: string }>("POST", s.api.documentTags(s.document.id), {
    json: { participantId, type, page: 1, x: 72, y: 640, width: 200, height: 64 },
  });
}

async function download(client: { jar: Map<string, string> }, path: string) {
  const response = await fetch(`${app.url}${path}`, {
    headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("choosing a witness", () => {
  it("refuses bad choices with a clear 4xx, and keeps a witnessed signer in place", async () => {
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Ada", email: "ada.w1@example.com" }] });
    const ada = s.signers[0]!;

    const stranger = await addWitness(s, { email: "wes.w1@example.com", witnessForParticipantId: crypto.randomUUID() });
    expect([stranger.status, stranger.body.message]).toEqual([400, WITNESS_MESSAGES.notInPackage]);
    // someone of another organization's package is not a signer of this one either
    const other = await signablePackage(app, db(), { signers: [{ givenName: "Oz", email: "oz.w1@example.com" }] });
    const foreign = await addWitness(s, { email: "wes.w1@example.com", witnessForParticipantId: other.signers[0]!.id });
    expect([foreign.status, foreign.body.message]).toEqual([400, WITNESS_MESSAGES.notInPackage]);
    const sameEmail = await addWitness(s, { email: "ADA.w1@example.com", witnessForParticipantId: ada.id });
    expect([sameEmail.status, sameEmail.body.message]).toEqual([400, WITNESS_MESSAGES.sameEmail]);
    expect(sameEmail.body.details?.[0]?.path).toBe("witnessForParticipantId");
    const viewer = await addWitness(s, {
      email: "wes.w1@example.com",
      role: "VIEWER",
      witnessForParticipantId: ada.id,
    });
    expect([viewer.status, viewer.body.message]).toEqual([400, WITNESS_MESSAGES.witnessMustSign]);
    const notUuid = await addWitness(s, { email: "wes.w1@example.com", witnessForParticipantId: "ada" });
    expect(notUuid.status).toBe(400);

    const wes = await addWitness(s, { email: "wes.w1@example.com", witnessForParticipantId: ada.id });
    expect(wes.status, JSON.stringify(wes.body)).toBe(201);
    expect(wes.body.witnessForParticipantId).toBe(ada.id);
    const listed = await s.admin.get<{ records: Participant[] }>(s.paths.participants(s.pkg.id));
    expect(listed.body.records.find((p) => p.id === ada.id)?.witnessForParticipantId).toBeNull();

    const self = await s.admin.request<{ message: string }>("PATCH", participantPath(s, wes.body.id), {
      json: { version: wes.body.version, witnessForParticipantId: wes.body.id },
    });
    expect([self.status, self.body.message]).toEqual([400, WITNESS_MESSAGES.self]);
    const chain = await addWitness(s, {
      givenName: "Cy",
      email: "cy.w1@example.com",
      witnessForParticipantId: wes.body.id,
    });
    expect([chain.status, chain.body.message]).toEqual([400, WITNESS_MESSAGES.noChains]);

    const removeAda = await s.admin.request<{ message: string }>(
      "DELETE",
      `${participantPath(s, ada.id)}?version=${ada.version}`,
    );
    expect(removeAda.status).toBe(409);
    expect(removeAda.body.message).toBe(
      "Ada Okafor is witnessed by Wes Lee: remove the witness or choose another signer for them first.",
    );
    const adaViews = await s.admin.request<{ message: string }>("PATCH", participantPath(s, ada.id), {
      json: { version: ada.version, role: "VIEWER" },
    });
    expect(adaViews.status).toBe(409);
    // nor may the signer take the witness's email: they stay two people
    const adaEmail = await s.admin.request<{ message: string }>("PATCH", participantPath(s, ada.id), {
      json: { version: ada.version, email: "wes.w1@example.com" },
    });
    expect([adaEmail.status, adaEmail.body.message]).toEqual([400, WITNESS_MESSAGES.sameEmail]);
    expect(await db().participant.count({ where: { packageId: s.pkg.id } })).toBe(2);

    // the witness signs as a witness only; only a witness has a witness tag
    const plain = await witnessTag(s, wes.body.id, "SIGNATURE");
    expect([plain.status, plain.body.message]).toEqual([400, WITNESS_MESSAGES.signatureTagWitness]);
    const notWitness = await witnessTag(s, ada.id);
    expect([notWitness.status, notWitness.body.message]).toEqual([400, WITNESS_MESSAGES.witnessTagNotWitness]);
    const tag = await witnessTag(s, wes.body.id);
    expect(tag.status, JSON.stringify(tag.body)).toBe(201);

    // no longer a witness: the witness tag goes with it, and Ada may be removed
    const stops = await s.admin.request<Participant>("PATCH", participantPath(s, wes.body.id), {
      json: { version: wes.body.version, witnessForParticipantId: null },
    });
    expect(stops.status, JSON.stringify(stops.body)).toBe(200);
    expect(stops.body.witnessForParticipantId).toBeNull();
    expect(await db().tag.count({ where: { participantId: wes.body.id } })).toBe(0);
    const removed = await s.admin.request("DELETE", `${participantPath(s, ada.id)}?version=${ada.version}`);
    expect(removed.status).toBe(204);
  });
});

describe("a template", () => {
  it("carries the witness link: saved from a package, chosen in its builder, copied to each package made from it", async () => {
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Ada", email: "ada.w4@example.com" }] });
    const ada = s.signers[0]!;
    const wes = await addWitness(s, { email: "wes.w4@example.com", witnessForParticipantId: ada.id });
    expect(wes.status, JSON.stringify(wes.body)).toBe(201);
    expect((await witnessTag(s, wes.body.id)).status).toBe(201);
    const paths = templatePaths(s.org.organizationId);

    // saved as a template: the slots keep the link, without the people
    const saved = await s.admin.request<{ id: string; packageId: string; version: number }>(
      "POST",
      paths.packageTemplateFromPackage,
      { json: { packageId: s.pkg.id, name: "Deed with witness", groupIds: [s.org.adminGroup.id] } },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const slots = await s.admin.get<{ records: Participant[] }>(paths.participants(saved.body.packageId));
    const borrowerSlot = slots.body.records.find((slot) => slot.displayName === "BORROWER 1")!;
    const witnessSlot = slots.body.records.find((slot) => slot.displayName === "WITNESS 1")!;
    expect([witnessSlot.witnessForParticipantId, witnessSlot.email]).toEqual([borrowerSlot.id, null]);

    // a witness can be chosen in a template's builder too (it used to be refused)
    const second = await s.admin.request<Participant>("POST", paths.participants(saved.body.packageId), {
      json: { type: "Witness", witnessForParticipantId: borrowerSlot.id },
    });
    expect([second.status, second.body.witnessForParticipantId], JSON.stringify(second.body)).toEqual([
      201,
      borrowerSlot.id,
    ]);
    const removed = await s.admin.request(
      "DELETE",
      `${paths.participants(saved.body.packageId)}/${second.body.id}?version=${second.body.version}`,
    );
    expect(removed.status).toBe(204);

    const activated = await s.admin.request("POST", paths.activatePackageTemplate(saved.body.id), {
      json: { version: saved.body.version },
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const people = [
      { type: "Borrower", roleNumber: 1, givenName: "Cora", familyName: "Day", email: "cora.w4@example.com" },
      { type: "Witness", roleNumber: 1, givenName: "Walt", familyName: "Ng", email: "walt.w4@example.com" },
    ];
    const made = await s.admin.request<{ id: string }>("POST", paths.packageFromTemplate(saved.body.id), {
      json: { people },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const madePeople = await s.admin.get<{ records: Participant[] }>(paths.participants(made.body.id));
    const cora = madePeople.body.records.find((p) => p.email === "cora.w4@example.com")!;
    const walt = madePeople.body.records.find((p) => p.email === "walt.w4@example.com")!;
    expect([walt.witnessForParticipantId, cora.witnessForParticipantId]).toEqual([cora.id, null]);

    // the same person in both slots breaks the witness rules: a clear 400, and no package is left
    const before = await db().package.count({ where: { organizationId: s.org.organizationId } });
    const same = await s.admin.request<{ message: string }>("POST", paths.packageFromTemplate(saved.body.id), {
      json: { people: [people[0], { ...people[1], email: "cora.w4@example.com" }] },
    });
    expect([same.status, same.body.message]).toEqual([400, WITNESS_MESSAGES.sameEmail]);
    expect(await db().package.count({ where: { organizationId: s.org.organizationId } })).toBe(before);
  });
});

describe("a witness signs after the signer", () => {
  it("parallel: not invited and refused before Ada finished, invited after; the seal and certificate show it", async () => {
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Ada", email: "ada.w2@example.com" }] });
    const ada = s.signers[0]!;
    const wes = await addWitness(s, { email: "wes.w2@example.com", witnessForParticipantId: ada.id });
    expect(wes.status, JSON.stringify(wes.body)).toBe(201);
    const tag = await witnessTag(s, wes.body.id);
    expect(tag.status, JSON.stringify(tag.body)).toBe(201);
    const hooks = await startWebhookReceiver();
    receivers.push(hooks);
    const endpoint = await s.admin.request("POST", `/api/v1/organizations/${s.org.organizationId}/webhooks`, {
      json: { url: hooks.url, eventTypes: ["participant.witnessed", "participant.finished"] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const mailsBefore = smtp.messages.length;
    await sendPackage(s, db());

    const adaMail = await invitationTo(smtp, "ada.w2@example.com", mailsBefore);
    const wesRow = await db().participant.findUniqueOrThrow({ where: { id: wes.body.id } });
    expect([wesRow.signingStatus, wesRow.invitedAt]).toEqual(["WAITING", null]);

    // the witness reaches the room early (a signing URL): it waits for Ada, and refuses the tag
    const early = await s.admin.request<{ signingURL: string }>("POST", s.api.signingUrl(wes.body.id), { json: {} });
    expect(early.status, JSON.stringify(early.body)).toBe(201);
    const earlyToken = decodeURIComponent(new URL(early.body.signingURL).pathname.split("/").pop()!);
    const waiting = await openAndConsent(signingUrl(), earlyToken);
    expect(waiting.room.stage).toBe("WAITING_TURN");
    expect(waiting.room.participant.witnessFor).toBe("Ada Okafor");
    expect(waiting.room.waitingFor).toEqual(["Ada Okafor"]);
    const adopted = await waiting.client.request("PUT", "/api/v1/signing/signature", {
      json: { kind: "SIGNATURE", method: "TYPED", text: "Wes Lee", imageDataUrl: TINY_PNG },
    });
    expect(adopted.status).toBe(409);
    const tooEarly = await waiting.client.request<{ code: string }>("PUT", `/api/v1/signing/tags/${tag.body.id}`, {
      json: { value: "applied" },
    });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.code).toBe("NOT_YOUR_TURN");
    expect((await db().participant.findUniqueOrThrow({ where: { id: wes.body.id } })).signingStatus).toBe("WAITING");

    const mailsAtAda = smtp.messages.length;
    const adaRoom = await openAndConsent(signingUrl(), linkToken(adaMail));
    expect(adaRoom.room.participant.witnessFor).toBeNull();
    const adaDone = await signEverything(adaRoom.client, adaRoom.room);
    expect([adaDone.status, adaDone.body.stage]).toEqual([200, "FINISHED"]);

    // now the witness is invited by email, and the room they had open lets them sign
    const wesMail = await invitationTo(smtp, "wes.w2@example.com", mailsAtAda);
    expect((await waiting.client.room()).body.stage).toBe("SIGN");
    // the emailed link opens a new session; consent was given in the first one
    const wesClient = new SigningClient(signingUrl());
    const wesRoom = await wesClient.request<SigningRoom>("POST", "/api/v1/signing/sessions", {
      json: { token: linkToken(wesMail) },
    });
    expect([wesRoom.status, wesRoom.body.stage]).toEqual([201, "SIGN"]);
    expect(wesRoom.body.tags.map((t) => t.type)).toEqual(["WITNESS_SIGNATURE"]);
    const wesDone = await signEverything(wesClient, wesRoom.body);
    expect([wesDone.status, wesDone.body.stage], JSON.stringify(wesDone.body)).toEqual([200, "FINISHED"]);

    const events = await db().auditEvent.findMany({
      where: { streamType: "package", streamId: s.pkg.id, type: "participant.witnessed" },
    });
    expect(events.map((event) => event.data)).toEqual([
      { participantId: wes.body.id, witnessedParticipantId: ada.id, witnessTags: 1 },
    ]);
    // the webhook: once, for the witness only (Ada finishing is no witnessing), ids only
    await poll("participant.witnessed at the receiver", async () =>
      hooks.received.some((entry) => entry.json.type === "participant.witnessed"),
    );
    await poll("both participant.finished at the receiver", async () =>
      hooks.received.filter((entry) => entry.json.type === "participant.finished").length === 2 ? true : undefined,
    );
    expect(
      hooks.received.filter((entry) => entry.json.type === "participant.witnessed").map((entry) => entry.json.data),
    ).toEqual([
      {
        organizationId: s.org.organizationId,
        packageId: s.pkg.id,
        participantId: wes.body.id,
        witnessedParticipantId: ada.id,
      },
    ]);

    await poll(
      "the package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 30_000 },
    );
    const artifacts = await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts);
    const sealed = artifacts.body.records.find((artifact) => artifact.kind === "DOCUMENT")!;
    const document = await download(s.admin, s.api.sealedFile(sealed.id));
    expect(document.status).toBe(200);
    const page = pdfText(document.bytes);
    expect(page).toContain("Wes Lee");
    expect(page).toContain(witnessToLine("Ada Okafor"));

    const certificateArtifact = artifacts.body.records.find((artifact) => artifact.kind === "CERTIFICATE")!;
    const certificate = await download(s.admin, s.api.sealedFile(certificateArtifact.id));
    expect(certificate.status).toBe(200);
    const text = pdfText(certificate.bytes).replace(/\s+/g, " ");
    expect(text).toContain("Witness Witness to Ada Okafor");
    expect(text).toContain("Witness Witnessed by Wes Lee");
    // the event column wraps: "signed as" and the rest may sit on either side of the IP
    expect(text).toContain("a witness to BORROWER 1 (1 witness tag(s)).");
  });

  it("ordered: a witness placed first does not block the signer, and is invited after the signer finished", async () => {
    const s = await signablePackage(app, db(), {
      ordered: true,
      signers: [{ givenName: "Ada", email: "ada.w3@example.com" }],
    });
    const ada = s.signers[0]!;
    const wes = await addWitness(s, { email: "wes.w3@example.com", witnessForParticipantId: ada.id });
    expect((await witnessTag(s, wes.body.id)).status).toBe(201);
    const pkg = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    const order = await s.admin.request("PUT", s.api.participantsOrder, {
      json: {
        version: pkg.version,
        participants: [
          { participantUid: wes.body.id, signingOrder: 1 },
          { participantUid: ada.id, signingOrder: 2 },
        ],
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const mailsBefore = smtp.messages.length;
    await sendPackage(s, db());
    const adaMail = await invitationTo(smtp, "ada.w3@example.com", mailsBefore);
    expect((await db().participant.findUniqueOrThrow({ where: { id: wes.body.id } })).signingStatus).toBe("WAITING");

    const mailsAtAda = smtp.messages.length;
    const adaRoom = await openAndConsent(signingUrl(), linkToken(adaMail));
    expect(adaRoom.room.stage).toBe("SIGN");
    expect((await signEverything(adaRoom.client, adaRoom.room)).status).toBe(200);
    const wesMail = await invitationTo(smtp, "wes.w3@example.com", mailsAtAda);
    const wesRoom = await openAndConsent(signingUrl(), linkToken(wesMail));
    expect(wesRoom.room.stage).toBe("SIGN");
    expect((await signEverything(wesRoom.client, wesRoom.room)).body.stage).toBe("FINISHED");
    await poll(
      "the package to complete",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).completedAt,
      { timeoutMs: 20_000 },
    );
  });
});
