import {
  type CustomConsent,
  type DataCollectionField,
  type DataCollectionGroup,
  type Document,
  dataCollectionRoutes,
  fillPath,
  MESSAGES,
  type PackageAudit,
  type RouteDef,
  routeUrl,
  SIGNING_ADMIN_MESSAGES,
  SIGNING_MESSAGES,
  type SigningRoom,
  type SigningRoomSettings,
  type SigningTag,
  type SigningUrl,
  type Stip,
} from "@signet/contract";
import { DEFAULT_CONSENT_UPDATED_ON, DEFAULT_CONSENT_VERSION } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { fixturePdf, upload } from "./support/document-upload.ts";
import {
  consentCodeOf,
  invitationTo,
  linkToken,
  openAndConsent,
  pdfText,
  type SignablePackage,
  type SigningClient,
  sendPackage,
  signablePackage,
  signEverything,
  TINY_PNG,
} from "./support/signing-fixtures.ts";
import {
  download,
  type ErrorBody,
  openRoom,
  packageAudit,
  postAdminFile,
  postSigningFile,
} from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 5 §2, §6: the rules of the signing room — consent before anything is shown (recorded with
// version, hash, IP and user agent; again for a new version), signing order, tags of one's own
// only, every required field before finishing (conditional rules applied, in one transaction),
// adopted PNG signatures, View Only review, questions and uploads, and declining.

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

let serial = 0;
/** Ada and Ben with addresses of their own in this run, so each test reads its own invitations. */
const people = () => {
  serial += 1;
  return [
    { givenName: "Ada", email: `ada-${serial}@rules.example.com` },
    { givenName: "Ben", email: `ben-${serial}@rules.example.com` },
  ];
};

async function tokenOf(s: SignablePackage, index: number) {
  return linkToken(await invitationTo(smtp, s.signers[index]!.email!));
}

type Body<T> = T & ErrorBody;

/** Adopts a signature and initials and fills the given tags (no review, no finish). */
async function adoptAndFill(client: SigningClient, tags: readonly SigningTag[]) {
  for (const kind of ["SIGNATURE", "INITIALS"] as const) {
    const adopted = await client.request("PUT", "/api/v1/signing/signature", {
      json: { kind, method: "TYPED", text: "Ada Okafor", imageDataUrl: TINY_PNG },
    });
    expect(adopted.status).toBe(200);
  }
  for (const tag of tags) {
    const value = tag.type === "TEXT" ? "filled" : "applied";
    const filled = await client.request("PUT", `/api/v1/signing/tags/${tag.id}`, { json: { value } });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
  }
}

const finish = (client: SigningClient) => client.request<Body<SigningRoom>>("POST", "/api/v1/signing/finish");
const fill = (client: SigningClient, tagId: string, value: string | null) =>
  client.request<Body<SigningTag>>("PUT", `/api/v1/signing/tags/${tagId}`, { json: { value } });

async function auditTypes(packageId: string) {
  return (await packageAudit(db(), packageId)).map((event) => event.type);
}

async function addTag(s: SignablePackage, participantId: string, body: object) {
  const reply = await s.admin.request<{ id: string }>("POST", s.api.documentTags(s.document.id), {
    json: { participantId, page: 1, x: 72, width: 140, height: 20, ...body },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id;
}

describe("consent", () => {
  it("lists no documents or tags before consent, and the document file answers 403 CONSENT_REQUIRED", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    await sendPackage(s, db());
    const { client, reply } = await openRoom(signingUrl(), await tokenOf(s, 0));
    expect(reply.status).toBe(201);
    expect(reply.body.stage).toBe("CONSENT");
    expect(reply.body.consent.given).toBe(false);
    expect([reply.body.documents, reply.body.tags, reply.body.dataCollection, reply.body.stips]).toEqual([
      [],
      [],
      [],
      [],
    ]);
    const file = await download(client, `/api/v1/signing/documents/${s.document.id}/file`);
    expect([file.status, file.json?.code]).toEqual([403, "CONSENT_REQUIRED"]);
    const tag = await fill(client, s.signatureTags.get(s.signers[0]!.id)!, "applied");
    expect([tag.status, tag.body.code, tag.body.message]).toEqual([
      403,
      "CONSENT_REQUIRED",
      SIGNING_MESSAGES.consentRequired,
    ]);
    const early = await finish(client);
    expect([early.status, early.body.code]).toEqual([403, "CONSENT_REQUIRED"]);
    // the consent document itself is what the participant opens first
    const consentPdf = await download(client, "/api/v1/signing/consent-document");
    expect([consentPdf.status, consentPdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    expect(await db().tagValue.count({ where: { packageId: s.pkg.id } })).toBe(0);
  });

  it("records one-action consent with its version, SHA-256, way, time, IP and user agent; no document before it", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    await sendPackage(s, db());
    const { client, reply: opened } = await openRoom(signingUrl(), await tokenOf(s, 0));
    expect(opened.body.consent).toMatchObject({
      kind: "DEFAULT",
      given: false,
      codeRequired: false,
      version: DEFAULT_CONSENT_VERSION,
      updatedOn: DEFAULT_CONSENT_UPDATED_ON,
    });
    expect(opened.body.consent.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(opened.body.consent.disclosure.join(" ")).toContain("paper copy");
    // no document before consent
    expect(opened.body.documents).toEqual([]);
    const early = await download(client, `/api/v1/signing/documents/${s.document.id}/file`);
    expect([early.status, early.json?.code]).toEqual([403, "CONSENT_REQUIRED"]);
    // the PDF to keep holds the disclosure and no code
    const pdf = await download(client, "/api/v1/signing/consent-document");
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.bytes).replace(/\s+/g, " ")).not.toMatch(/confirmation code/i);
    // agreeing is required
    const notAgreed = await client.request("POST", "/api/v1/signing/consent", { json: { agree: false } });
    expect(notAgreed.status).toBe(400);

    const before = new Date();
    const userAgent = "SignetRulesTest/1.0 (consent)";
    const consented = await client.request<Body<SigningRoom>>("POST", "/api/v1/signing/consent", {
      json: { agree: true },
      headers: { "user-agent": userAgent },
    });
    expect(consented.status).toBe(200);
    expect(consented.body.stage).toBe("SIGN");
    expect(consented.body.consent.given).toBe(true);
    expect(consented.body.documents.map((document) => document.id)).toEqual([s.document.id]);

    // read back as the sender reads it: the package's audit trail over the API
    const audit = await s.admin.get<PackageAudit>(s.api.audit);
    const granted = audit.body.events.find((event) => event.type === "participant.consent-granted");
    expect(granted).toMatchObject({
      actorId: s.signers[0]!.id,
      userAgent,
      data: {
        participantId: s.signers[0]!.id,
        consentVersion: DEFAULT_CONSENT_VERSION,
        consentSha256: opened.body.consent.sha256,
        demonstration: "DISCLOSURE_SHOWN_IN_ROOM",
      },
    });
    expect(granted!.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(new Date(granted!.occurredAt).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const [record] = await db().consentRecord.findMany({ where: { packageId: s.pkg.id } });
    expect(record).toMatchObject({
      id: granted!.data.consentRecordId,
      consentVersion: DEFAULT_CONSENT_VERSION,
      consentSha256: opened.body.consent.sha256,
      demonstration: "DISCLOSURE_SHOWN_IN_ROOM",
      userAgent,
      ip: granted!.ip,
      withdrawnAt: null,
    });
    // now the document opens
    const file = await download(client, `/api/v1/signing/documents/${s.document.id}/file`);
    expect([file.status, file.headers.get("content-type")]).toEqual([200, "application/pdf"]);

    // consenting again, already past consent: spec §8's generic 'This action could not be completed…'
    const again = await client.request<Body<{ message: string }>>("POST", "/api/v1/signing/consent", {
      json: { agree: true },
    });
    expect([again.status, again.body.message]).toEqual([409, MESSAGES.actionNotCompleted]);
    expect(await db().consentRecord.count({ where: { packageId: s.pkg.id } })).toBe(1);
  });

  it("with the consent code required, refuses a missing or wrong code and records the code's consent", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    const settings = `/api/v1/organizations/${s.org.organizationId}/settings/signing-room`;
    const required = await s.admin.request<SigningRoomSettings>("PATCH", settings, {
      json: { esign_consent_code_required: true },
    });
    expect([required.status, required.body.esign_consent_code_required]).toEqual([200, true]);
    await sendPackage(s, db());
    const { client, reply: opened } = await openRoom(signingUrl(), await tokenOf(s, 0));
    expect(opened.body.consent.codeRequired).toBe(true);
    const code = await consentCodeOf(client);

    const missing = await client.request<Body<SigningRoom>>("POST", "/api/v1/signing/consent", {
      json: { agree: true },
    });
    expect([missing.status, missing.body.code, missing.body.message]).toEqual([
      400,
      "BAD_REQUEST",
      SIGNING_MESSAGES.consentCodeMissing,
    ]);
    const wrong = code === "ABCDEF" ? "ABCDEG" : "ABCDEF";
    const reply = await client.request<Body<SigningRoom>>("POST", "/api/v1/signing/consent", {
      json: { code: wrong, agree: true },
    });
    expect([reply.status, reply.body.code, reply.body.message]).toEqual([
      400,
      "CONSENT_CODE_WRONG",
      SIGNING_MESSAGES.consentCodeWrong,
    ]);
    expect(await db().consentRecord.count({ where: { packageId: s.pkg.id } })).toBe(0);
    const types = await auditTypes(s.pkg.id);
    expect(types).toContain("participant.consent-code-wrong");
    expect(types).not.toContain("participant.consent-granted");
    expect((await client.room()).body.stage).toBe("CONSENT");
    const notAgreed = await client.request("POST", "/api/v1/signing/consent", { json: { code, agree: false } });
    expect(notAgreed.status).toBe(400);

    const consented = await client.request<Body<SigningRoom>>("POST", "/api/v1/signing/consent", {
      json: { code: code.toLowerCase(), agree: true },
    });
    expect([consented.status, consented.body.stage]).toEqual([200, "SIGN"]);
    const [record] = await db().consentRecord.findMany({ where: { packageId: s.pkg.id } });
    expect(record).toMatchObject({ demonstration: "CODE_FROM_CONSENT_PDF", demonstrated: true });
    const granted = (await packageAudit(db(), s.pkg.id)).find((event) => event.type === "participant.consent-granted");
    expect(granted?.data).toMatchObject({ consentRecordId: record!.id, demonstration: "CODE_FROM_CONSENT_PDF" });
  });

  it("asks a consented participant to consent again when a new custom consent version is chosen", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    await sendPackage(s, db());
    const ada = s.signers[0]!;
    const { client } = await openAndConsent(signingUrl(), await tokenOf(s, 0));
    const org = s.org.organizationId;
    // the organization turns the code on: no new version, so nobody consents again for that
    const settings = `/api/v1/organizations/${org}/settings/signing-room`;
    await s.admin.request("PATCH", settings, { json: { esign_consent_code_required: true } });
    expect((await client.room()).body.stage).toBe("SIGN");
    const oldCode = await consentCodeOf(client);

    const uploaded = await postAdminFile(s.admin, `/api/v1/organizations/${org}/custom-consents`, {
      bytes: fixturePdf("minimal-document.pdf"),
      fileName: "our-consent.pdf",
      contentType: "application/pdf",
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const custom = uploaded.body as unknown as CustomConsent;
    expect(custom.version).toBe(1);
    // uploading alone changes nothing: the organization still uses its default consent
    expect((await client.room()).body.stage).toBe("SIGN");

    const chosen = await s.admin.request<SigningRoomSettings>("PATCH", settings, {
      json: { esign_consent_type: "CUSTOM" },
    });
    expect([chosen.status, chosen.body.esign_consent_type]).toEqual([200, "CUSTOM"]);

    const room = await client.room();
    expect(room.body.stage).toBe("CONSENT");
    expect(room.body.consent).toMatchObject({
      kind: "CUSTOM",
      version: "custom-1",
      sha256: custom.sha256,
      given: false,
    });
    expect(room.body.documents).toEqual([]);
    const blocked = await fill(client, s.signatureTags.get(ada.id)!, "applied");
    expect([blocked.status, blocked.body.code]).toEqual([403, "CONSENT_REQUIRED"]);
    const file = await download(client, `/api/v1/signing/documents/${s.document.id}/file`);
    expect([file.status, file.json?.code]).toEqual([403, "CONSENT_REQUIRED"]);

    // the code of the old version does not fit the new one
    const newCode = await consentCodeOf(client);
    expect(newCode).not.toBe(oldCode);
    const stale = await client.request("POST", "/api/v1/signing/consent", { json: { code: oldCode, agree: true } });
    expect([stale.status, stale.body.code]).toEqual([400, "CONSENT_CODE_WRONG"]);
    const again = await client.request<SigningRoom>("POST", "/api/v1/signing/consent", {
      json: { code: newCode, agree: true },
    });
    expect(again.status).toBe(200);
    expect(again.body.stage).toBe("SIGN");
    const records = await db().consentRecord.findMany({
      where: { participantId: ada.id },
      orderBy: { grantedAt: "asc" },
    });
    expect(records.map((record) => [record.consentVersion, record.consentSha256, record.demonstration])).toEqual([
      [DEFAULT_CONSENT_VERSION, records[0]!.consentSha256, "DISCLOSURE_SHOWN_IN_ROOM"],
      ["custom-1", custom.sha256, "CODE_FROM_CONSENT_PDF"],
    ]);
  });

  it("refuses CUSTOM consent without an uploaded consent file", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    const path = `/api/v1/organizations/${s.org.organizationId}/settings/signing-room`;
    const reply = await s.admin.request<Body<SigningRoomSettings>>("PATCH", path, {
      json: { esign_consent_type: "CUSTOM" },
    });
    expect([reply.status, reply.body.code, reply.body.message]).toEqual([
      400,
      "BAD_REQUEST",
      SIGNING_ADMIN_MESSAGES.customConsentMissing,
    ]);
    expect(reply.body.message).toBe("Please upload a custom eSign consent file to be used");
    expect((await s.admin.get<SigningRoomSettings>(path)).body.esign_consent_type).toBe("DEFAULT");
    expect(
      await db().organizationSetting.count({
        where: { organizationId: s.org.organizationId, key: "esign_consent_type" },
      }),
    ).toBe(0);
  });
});

describe("signing order and tags", () => {
  it("holds back a later signer who opens a signing URL early (WAITING_TURN, 409 NOT_YOUR_TURN), then invites them", async () => {
    const s = await signablePackage(app, db(), { signers: people(), ordered: true });
    await sendPackage(s, db());
    const [ada, ben] = [s.signers[0]!, s.signers[1]!];
    const url = await s.admin.request<SigningUrl>("POST", s.api.signingUrl(ben.id), { json: {} });
    expect(url.status).toBe(201);
    const benToken = decodeURIComponent(new URL(url.body.signingURL).pathname.split("/").pop()!);
    const { client: benClient, room: benRoom } = await openAndConsent(signingUrl(), benToken);
    expect(benRoom.stage).toBe("WAITING_TURN");
    expect(benRoom.waitingFor).toEqual(["Ada Okafor"]);
    expect(benRoom.tags).toEqual([]);
    // opening early is no invitation: Ben still waits for his (and its email)
    expect((await db().participant.findUniqueOrThrow({ where: { id: ben.id } })).signingStatus).toBe("WAITING");

    const early = await fill(benClient, s.signatureTags.get(ben.id)!, "applied");
    expect([early.status, early.body.code, early.body.message]).toEqual([
      409,
      "NOT_YOUR_TURN",
      SIGNING_MESSAGES.notYourTurn,
    ]);
    const adopt = await benClient.request("PUT", "/api/v1/signing/signature", {
      json: { kind: "SIGNATURE", method: "TYPED", text: "Ben", imageDataUrl: TINY_PNG },
    });
    expect([adopt.status, adopt.body.code]).toEqual([409, "NOT_YOUR_TURN"]);
    const earlyFinish = await finish(benClient);
    expect([earlyFinish.status, earlyFinish.body.code]).toEqual([409, "NOT_YOUR_TURN"]);
    expect(await db().tagValue.count({ where: { participantId: ben.id } })).toBe(0);
    expect(await db().participantSignature.count({ where: { participantId: ben.id } })).toBe(0);

    // Ada signs; then it is Ben's turn and he is told by email, as the room promised
    const adaRoom = await openAndConsent(signingUrl(), await tokenOf(s, 0));
    expect((await signEverything(adaRoom.client, adaRoom.room)).status).toBe(200);
    const invitation = await invitationTo(smtp, ben.email!);
    expect(invitation.parsed.subject).toBe("Your documents are ready");
    expect((await benClient.room()).body.stage).toBe("SIGN");
    expect((await db().participant.findUniqueOrThrow({ where: { id: ben.id } })).signingStatus).toBe("INVITED");
    expect((await db().participant.findUniqueOrThrow({ where: { id: ada.id } })).signingStatus).toBe("FINISHED");
  });

  it("refuses a tag of another participant (403) and a tag of another package (404)", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    const other = await signablePackage(app, db(), { signers: people() });
    await sendPackage(s, db());
    const [ada, ben] = [s.signers[0]!, s.signers[1]!];
    const { client } = await openAndConsent(signingUrl(), await tokenOf(s, 0));
    await adoptAndFill(client, []);

    const theirs = await fill(client, s.signatureTags.get(ben.id)!, "applied");
    expect([theirs.status, theirs.body.code, theirs.body.message]).toEqual([
      403,
      "FORBIDDEN",
      "This field belongs to another participant.",
    ]);
    const cleared = await fill(client, s.signatureTags.get(ben.id)!, null);
    expect([cleared.status, cleared.body.message]).toEqual([403, SIGNING_MESSAGES.tagNotYours]);

    const foreign = await fill(client, other.signatureTags.get(other.signers[0]!.id)!, "applied");
    expect([foreign.status, foreign.body.code, foreign.body.message]).toEqual([
      404,
      "NOT_FOUND",
      SIGNING_MESSAGES.notFound,
    ]);
    const foreignFile = await download(client, `/api/v1/signing/documents/${other.document.id}/file`);
    expect(foreignFile.status).toBe(404);

    expect(await db().tagValue.count({ where: { packageId: { in: [s.pkg.id, other.pkg.id] } } })).toBe(0);
    const types = await auditTypes(s.pkg.id);
    expect(types).not.toContain("tag.signed");
    expect(types).not.toContain("tag.cleared");
    // her own tag still works
    expect((await fill(client, s.signatureTags.get(ada.id)!, "applied")).status).toBe(200);
  });

  it("refuses a signature tag before a signature is adopted, and a signature that is not a PNG", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    await sendPackage(s, db());
    const ada = s.signers[0]!;
    const { client } = await openAndConsent(signingUrl(), await tokenOf(s, 0));
    const tagId = s.signatureTags.get(ada.id)!;
    const early = await fill(client, tagId, "applied");
    expect([early.status, early.body.code, early.body.message]).toEqual([
      409,
      "SIGNATURE_NOT_ADOPTED",
      SIGNING_MESSAGES.signatureNotAdopted,
    ]);

    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(80, 1)]).toString("base64");
    const notPng = [
      `data:image/jpeg;base64,${jpeg}`, // not even claimed to be a PNG
      `data:image/png;base64,${jpeg}`, // claimed, but JPEG bytes
      `data:image/png;base64,${Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>".repeat(3)).toString("base64")}`,
    ];
    for (const imageDataUrl of notPng) {
      const adopt = await client.request("PUT", "/api/v1/signing/signature", {
        json: { kind: "SIGNATURE", method: "DRAWN", imageDataUrl },
      });
      expect([adopt.status, adopt.body.code], imageDataUrl.slice(0, 30)).toEqual([400, "BAD_REQUEST"]);
    }
    expect(await db().participantSignature.count({ where: { participantId: ada.id } })).toBe(0);
    expect(await db().tagValue.count({ where: { tagId } })).toBe(0);
    expect(await auditTypes(s.pkg.id)).not.toContain("participant.signature-adopted");

    const adopted = await client.request<SigningRoom>("PUT", "/api/v1/signing/signature", {
      json: { kind: "SIGNATURE", method: "DRAWN", imageDataUrl: TINY_PNG },
    });
    expect(adopted.status).toBe(200);
    const signed = await fill(client, tagId, "applied");
    expect(signed.status).toBe(200);
    expect(signed.body.value).toBe(adopted.body.signature!.sha256);
  });
});

describe("finishing", () => {
  it("refuses to finish with a required tag missing and changes nothing", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    await sendPackage(s, db());
    const ada = s.signers[0]!;
    const { client, room } = await openAndConsent(signingUrl(), await tokenOf(s, 0));
    // the signature is left out (Date signed is not asked for: the server fills it on finish)
    const signatureTag = room.tags.find((tag) => tag.type === "SIGNATURE")!;
    await adoptAndFill(
      client,
      room.tags.filter((tag) => tag.id !== signatureTag.id && tag.type !== "DATE_SIGNED"),
    );
    const eventsBefore = await db().auditEvent.count({ where: { streamId: s.pkg.id } });
    const versionBefore = (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).version;

    const refused = await finish(client);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      409,
      "REQUIRED_FIELDS_MISSING",
      SIGNING_MESSAGES.requiredFieldsMissing,
    ]);
    expect(refused.body.details).toEqual([{ path: `tags.${signatureTag.id}`, message: "This field is required." }]);

    const participant = await db().participant.findUniqueOrThrow({ where: { id: ada.id } });
    expect([participant.signingStatus, participant.finishedAt]).toEqual(["OPENED", null]);
    const pkg = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    expect([pkg.status, pkg.version]).toEqual(["AVAILABLE_TO_SIGNERS", versionBefore]);
    expect(await db().auditEvent.count({ where: { streamId: s.pkg.id } })).toBe(eventsBefore);
    expect(await auditTypes(s.pkg.id)).not.toContain("participant.finished");
    expect(await db().tagValue.count({ where: { participantId: ada.id } })).toBe(0);
    expect((await client.room()).body.stage).toBe("SIGN");

    expect((await fill(client, signatureTag.id, "applied")).status).toBe(200);
    const done = await finish(client);
    expect([done.status, done.body.stage]).toEqual([200, "FINISHED"]);
  });

  it("applies a conditional rule: a hidden required target does not block, a shown one does", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    const ada = s.signers[0]!;
    const source = await addTag(s, ada.id, { type: "TEXT", y: 300, required: false, label: "Co-owner?" });
    const target = await addTag(s, ada.id, { type: "TEXT", y: 340, required: true, label: "Co-owner name" });
    const rule = await s.admin.request("POST", s.api.conditionalRules, {
      json: { sourceTagId: source, targetTagId: target, condition: "HAS_VALUE", action: "SHOW" },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    await sendPackage(s, db());
    const { client, room } = await openAndConsent(signingUrl(), await tokenOf(s, 0));
    expect(room.rules).toEqual([
      { sourceTagId: source, targetTagId: target, condition: "HAS_VALUE", value: null, action: "SHOW" },
    ]);
    await adoptAndFill(
      client,
      room.tags.filter((tag) => tag.id !== source && tag.id !== target),
    );

    // the source has a value: the target shows, and it is required
    expect((await fill(client, source, "yes")).status).toBe(200);
    const refused = await finish(client);
    expect([refused.status, refused.body.code]).toEqual([409, "REQUIRED_FIELDS_MISSING"]);
    expect(refused.body.details?.map((detail) => detail.path)).toEqual([`tags.${target}`]);
    expect((await db().participant.findUniqueOrThrow({ where: { id: ada.id } })).signingStatus).toBe("OPENED");

    // the source cleared: the target is hidden again, and finishing needs nothing more
    expect((await fill(client, source, null)).status).toBe(200);
    const done = await finish(client);
    expect([done.status, done.body.stage]).toEqual([200, "FINISHED"]);
    expect(await db().tagValue.count({ where: { tagId: { in: [source, target] } } })).toBe(0);
  });

  it("answers a second finish with 409 and records one finish", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    await sendPackage(s, db());
    const ada = s.signers[0]!;
    const { client, room } = await openAndConsent(signingUrl(), await tokenOf(s, 0));
    const first = await signEverything(client, room);
    expect([first.status, first.body.stage]).toEqual([200, "FINISHED"]);
    const finishedAt = (await db().participant.findUniqueOrThrow({ where: { id: ada.id } })).finishedAt;

    const second = await finish(client);
    expect([second.status, second.body.code]).toEqual([409, "SIGNING_CLOSED"]);
    expect(second.body.message).toBe("You have already finished this package.");
    const late = await fill(client, s.signatureTags.get(ada.id)!, null);
    expect(late.status).toBe(409);
    const participant = await db().participant.findUniqueOrThrow({ where: { id: ada.id } });
    expect([participant.signingStatus, participant.finishedAt]).toEqual(["FINISHED", finishedAt]);
    expect((await auditTypes(s.pkg.id)).filter((type) => type === "participant.finished")).toHaveLength(1);
    expect(await db().tagValue.count({ where: { participantId: ada.id } })).toBe(2);
  });

  it("needs a View Only document reviewed before finishing", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    const disclosure = await upload(s.admin, s.api.documents, fixturePdf("minimal-document.pdf"), {
      fileName: "disclosure.pdf",
      properties: { name: "Disclosure", executionType: "VIEW_ONLY" },
    });
    expect(disclosure.status, JSON.stringify(disclosure.body)).toBe(201);
    const viewOnly = disclosure.body as Document;
    await sendPackage(s, db());
    const { client, room } = await openAndConsent(signingUrl(), await tokenOf(s, 0));
    expect(room.documents.map((document) => [document.id, document.executionType, document.reviewed])).toEqual([
      [s.document.id, "E_SIGN", false],
      [viewOnly.id, "VIEW_ONLY", false],
    ]);
    await adoptAndFill(client, room.tags);

    const refused = await finish(client);
    expect([refused.status, refused.body.code]).toEqual([409, "REQUIRED_FIELDS_MISSING"]);
    expect(refused.body.details).toEqual([{ path: `documents.${viewOnly.id}`, message: "Review this document." }]);
    expect(await auditTypes(s.pkg.id)).not.toContain("participant.finished");

    const file = await download(client, `/api/v1/signing/documents/${viewOnly.id}/file`);
    expect(file.status).toBe(200);
    const reviewed = await client.request<SigningRoom>("POST", `/api/v1/signing/documents/${viewOnly.id}/review`);
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.documents.find((document) => document.id === viewOnly.id)?.reviewed).toBe(true);
    const viewed = (await packageAudit(db(), s.pkg.id)).filter((event) => event.type === "document.viewed");
    expect(viewed.map((event) => (event.data as { documentId: string }).documentId)).toEqual([viewOnly.id]);

    const done = await finish(client);
    expect([done.status, done.body.stage]).toEqual([200, "FINISHED"]);
  });

  it("needs the required question answered and the required file uploaded (a renamed .exe is refused)", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    const ada = s.signers[0]!;
    const base = { orgId: s.org.organizationId, packageId: s.pkg.id };
    const path = (route: RouteDef) => fillPath(routeUrl(route), base);
    const group = await s.admin.request<DataCollectionGroup>(
      "POST",
      path(dataCollectionRoutes.createDataCollectionGroup),
      {
        json: { name: "Employment" },
      },
    );
    expect(group.status).toBe(201);
    const field = await s.admin.request<DataCollectionField>(
      "POST",
      path(dataCollectionRoutes.createDataCollectionField),
      { json: { groupId: group.body.id, participantId: ada.id, label: "Employer", required: true } },
    );
    expect(field.status, JSON.stringify(field.body)).toBe(201);
    const stip = await s.admin.request<Stip>("POST", path(dataCollectionRoutes.createStip), {
      json: { participantId: ada.id, name: "Pay stub" },
    });
    expect([stip.status, stip.body.required]).toEqual([201, true]);
    await sendPackage(s, db());

    const { client, room } = await openAndConsent(signingUrl(), await tokenOf(s, 0));
    expect(room.dataCollection).toEqual([
      {
        id: group.body.id,
        name: "Employment",
        description: null,
        fields: [{ id: field.body.id, label: "Employer", type: "TEXT", required: true, options: [], value: null }],
      },
    ]);
    expect(room.stips.map((candidate) => [candidate.id, candidate.required, candidate.uploads])).toEqual([
      [stip.body.id, true, []],
    ]);
    await adoptAndFill(client, room.tags);

    const refused = await finish(client);
    expect([refused.status, refused.body.code]).toEqual([409, "REQUIRED_FIELDS_MISSING"]);
    expect(refused.body.details).toEqual([
      { path: `dataCollection.${field.body.id}`, message: "Employer: an answer is required." },
      { path: `stips.${stip.body.id}`, message: "Pay stub: upload a file." },
    ]);

    const answered = await client.request("PUT", `/api/v1/signing/data-collection/${field.body.id}`, {
      json: { value: "Acme Mills" },
    });
    expect([answered.status, answered.body]).toEqual([200, { fieldId: field.body.id, value: "Acme Mills" }]);
    const stillMissing = await finish(client);
    expect(stillMissing.body.details?.map((detail) => detail.path)).toEqual([`stips.${stip.body.id}`]);

    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1"), Buffer.alloc(2048, 0x41)]);
    const renamed = await postSigningFile(client, `/api/v1/signing/stips/${stip.body.id}/uploads`, {
      bytes: exe,
      fileName: "paystub.pdf",
      contentType: "application/pdf",
    });
    expect([renamed.status, renamed.body.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    expect(await db().stipUpload.count({ where: { stipId: stip.body.id } })).toBe(0);

    const uploaded = await postSigningFile(client, `/api/v1/signing/stips/${stip.body.id}/uploads`, {
      bytes: fixturePdf("minimal-document.pdf"),
      fileName: "paystub.pdf",
      contentType: "application/pdf",
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const uploadedRoom = uploaded.body as unknown as SigningRoom;
    expect(uploadedRoom.stips[0]!.uploads.map((file) => file.fileName)).toEqual(["paystub.pdf"]);
    const rows = await db().stipUpload.findMany({ where: { stipId: stip.body.id } });
    expect(rows.map((row) => [row.contentType, row.participantId])).toEqual([["application/pdf", ada.id]]);

    const done = await finish(client);
    expect([done.status, done.body.stage]).toEqual([200, "FINISHED"]);
    const types = await auditTypes(s.pkg.id);
    expect(types).toEqual(
      expect.arrayContaining(["data-collection.answered", "stip.uploaded", "participant.finished"]),
    );
  });

  it("declines: the participant is DECLINED and the sender gets an email", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    await sendPackage(s, db());
    const ada = s.signers[0]!;
    const { client } = await openAndConsent(signingUrl(), await tokenOf(s, 0));
    const empty = await client.request("POST", "/api/v1/signing/decline", { json: { reason: "  " } });
    expect(empty.status).toBe(400);

    const declined = await client.request<SigningRoom>("POST", "/api/v1/signing/decline", {
      json: { reason: "The loan amount is wrong." },
    });
    expect(declined.status).toBe(200);
    expect([declined.body.stage, declined.body.closedReason, declined.body.participant.status]).toEqual([
      "CLOSED",
      "DECLINED",
      "DECLINED",
    ]);
    expect((await db().participant.findUniqueOrThrow({ where: { id: ada.id } })).signingStatus).toBe("DECLINED");
    expect((await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).status).toBe("AVAILABLE_TO_SIGNERS");
    const event = (await packageAudit(db(), s.pkg.id)).find((candidate) => candidate.type === "participant.declined");
    expect(event?.data).toMatchObject({ participantId: ada.id, reason: "The loan amount is wrong." });

    const mail = await smtp.waitFor(
      (candidate) =>
        candidate.envelopeTo.includes(s.org.admin.email) && /^Declined to sign:/.test(candidate.parsed.subject ?? ""),
    );
    expect(mail.parsed.subject).toBe("Declined to sign: Okafor refinance");
    expect(mail.parsed.text).toContain("The loan amount is wrong.");

    const after = await fill(client, s.signatureTags.get(ada.id)!, "applied");
    expect([after.status, after.body.code]).toEqual([409, "SIGNING_CLOSED"]);
  });
});
