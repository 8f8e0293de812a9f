import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  AV_CHUNK_PATH,
  NOTARIZATION_MESSAGES,
  type NotarialAct,
  type NotaryJournal,
  type NotaryProfile,
  type Package,
  type Participant,
  type SealedArtifact,
  type SigningRoom,
  type SigningUrl,
} from "@signet/contract";
import { markIdentityProofed } from "@signet/core/testing";
import { type RunningTrustServices, startTrustServices } from "@signet/trust-services";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { memberOfNewGroup, packageOrg } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import { verifyPublicly } from "./support/seal-verification.ts";
import {
  openAndConsent,
  pdfsig,
  pdfText,
  type SignablePackage,
  type SigningClient,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { cookieHeader, type ErrorBody, packageAudit } from "./support/signing-room-helpers.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 34 §4 through the real API: a member records their notary commission (seal image, own
// PKCS#12); the sender marks the document for an acknowledgment; in the live A/V session the notary
// host is refused while the signer's proofing failed or the commission expired, performs the act
// (journal entry), and only then completes the session; the sealed document carries the notarial
// certificate page and two valid signatures (the notary's, then Signet's), and the certificate of
// completion has the Notarization section.

let app: TestApp;
let trust: RunningTrustServices;
let work: string;
let s: SignablePackage;
let ada: Participant;
let nora: Participant;
let profile: NotaryProfile;
let act: NotarialAct;
let host: { client: SigningClient; room: SigningRoom };
let adaRoom: { client: SigningClient; room: SigningRoom };
const db = () => app.server.db;
const signingUrl = () => app.server.signingRoom!.url;
const avPath = "/api/v1/signing/av-session";
const PASSWORD = "notary-p12-password";
// a signer's name outside Latin-1: the notarial certificate page must print it as written, not "?"
const SIGNER = "Zoë Łukasiewicz 王小明";
const SEAL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
/** the notary's own PKCS#12, from a CA that cannot be reached once it is issued (see beforeAll) */
let p12: string;
const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const profiles = () => `/api/v1/organizations/${s.org.organizationId}/notary-profiles`;
const acts = () => `/api/v1/organizations/${s.org.organizationId}/packages/${s.pkg.id}/notarial-acts`;
const journal = () => `/api/v1/organizations/${s.org.organizationId}/notary-journal`;

const profileBody = (overrides: Record<string, unknown> = {}) => ({
  notaryName: "Nora Notary",
  commissionNumber: "RON-778812",
  commissionState: "VA",
  commissionExpiresOn: nextYear,
  sealImage: SEAL_PNG,
  certificateP12: p12,
  certificatePassword: PASSWORD,
  ...overrides,
});

async function fetchFile(client: { jar: Map<string, string> }, url: string) {
  const response = await fetch(url, { headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function openFor(participant: Participant) {
  const url = await s.admin.request<SigningUrl>("POST", s.api.signingUrl(participant.id), { json: {} });
  expect(url.status, JSON.stringify(url.body)).toBe(201);
  const token = decodeURIComponent(new URL(url.body.signingURL).pathname.split("/").pop()!);
  return openAndConsent(signingUrl(), token);
}

const completeAct = (feeCents = 2500) =>
  host.client.request<Omit<NotarialAct, "status"> & Omit<ErrorBody, "status"> & { status: string }>(
    "POST",
    `${avPath}/notarial-acts/${act.id}/complete`,
    {
      json: { feeCents },
    },
  );

beforeAll(async () => {
  // Signet's seal from a CA with OCSP and CRLs and a TSA (the reference trust services), as in
  // long-term-seal.test.ts: the notarized document is sealed at B-LTA while the notary's own
  // certificate is self-signed and has no revocation data at all
  work = await mkdtemp(join(tmpdir(), "signet-ron-"));
  trust = await startTrustServices({ port: 0, dataDir: join(work, "trust"), testControls: true });
  await writeFile(
    join(work, "seal.p12"),
    await trust.ca.issueSealP12({ commonName: "Signet notarization test seal", password: "test" }),
  );
  // the notary's certificate comes from another CA, which is gone (and not an allowed host) by the
  // time the seal runs: its revocation data cannot be fetched, and that must not fail the seal
  const notaryCa = await startTrustServices({ port: 0, dataDir: join(work, "notary-ca") });
  p12 = Buffer.from(
    await notaryCa.ca.issueSealP12({ commonName: "Nora Notary (RON test)", password: PASSWORD }),
  ).toString("base64");
  await notaryCa.close();
  app = await startTestApp({
    ...ACCESS_TEST_ENV,
    TSA_URL: trust.urls.tsa,
    SEAL_P12_PATH: join(work, "seal.p12"),
    SEAL_P12_PASSWORD: "test",
    OUTBOUND_ALLOWED_HOSTS: new URL(trust.url).host,
  });
  s = await signablePackage(app, db(), {
    signers: [{ givenName: "Ada", accessMethod: "API", email: "ada@ron.example.com" }],
  });
  ada = s.signers[0]!;
  await db().participant.update({
    where: { id: ada.id },
    data: {
      givenName: "Zoë",
      familyName: "Łukasiewicz 王小明",
      mailingAddress: {
        name: SIGNER,
        company: null,
        line1: "12 Elm Street",
        line2: null,
        city: "Richmond",
        state: "VA",
        postalCode: "23219",
        country: "US",
      },
    },
  });
  // the notary hosts: a participant with the notary member's email (here the organization's admin)
  const added = await s.admin.request<Participant>("POST", s.paths.participants(s.pkg.id), {
    json: {
      type: "Notary",
      givenName: "Nora",
      familyName: "Notary",
      role: "VIEWER",
      accessMethod: "API",
      email: s.org.admin.email,
    },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const hosted = await s.admin.request<Participant>("PATCH", s.paths.participant(s.pkg.id, added.body.id), {
    json: { version: added.body.version, avHost: true },
  });
  expect(hosted.status, JSON.stringify(hosted.body)).toBe(200);
  nora = hosted.body;
  const { version } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
  const flagged = await s.admin.request<Package>("PATCH", s.api.package, { json: { version, avEsign: true } });
  expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await trust?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("remote online notarization", () => {
  it("keeps a notary profile per member: checked seal and certificate, self-service, admins list all", async () => {
    const notPng = await s.admin.request<ErrorBody>("POST", profiles(), {
      json: profileBody({ sealImage: Buffer.from("%PDF-1.7 not an image").toString("base64") }),
    });
    expect([notPng.status, notPng.body.message]).toEqual([400, NOTARIZATION_MESSAGES.sealNotPng]);
    const wrongPassword = await s.admin.request<ErrorBody>("POST", profiles(), {
      json: profileBody({ certificatePassword: "wrong" }),
    });
    expect([wrongPassword.status, wrongPassword.body.message]).toEqual([400, NOTARIZATION_MESSAGES.certificateInvalid]);
    const badState = await s.admin.request<ErrorBody>("POST", profiles(), {
      json: profileBody({ commissionState: "XX" }),
    });
    expect(badState.status).toBe(400);

    const created = await s.admin.request<NotaryProfile>("POST", profiles(), { json: profileBody() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    profile = created.body;
    expect(profile).toMatchObject({
      notaryName: "Nora Notary",
      commissionNumber: "RON-778812",
      commissionState: "VA",
      commissionExpiresOn: nextYear,
      commissionValid: true,
      certificateSubject: expect.stringContaining("Nora Notary"),
    });
    // kept encrypted, never as given
    const row = await db().notaryProfile.findUniqueOrThrow({ where: { id: profile.id } });
    expect(row.p12Ciphertext).not.toContain(p12.slice(0, 40));
    expect(row.passwordCiphertext).not.toBe(PASSWORD);
    const again = await s.admin.request<ErrorBody>("POST", profiles(), { json: profileBody() });
    expect([again.status, again.body.message]).toEqual([409, NOTARIZATION_MESSAGES.profileExists]);

    // another member: their own profile only; the admin sees both
    const member = await memberOfNewGroup(s.org, app.url, []);
    const own = await member.client.request<NotaryProfile>("POST", profiles(), {
      json: profileBody({ notaryName: "Otto Other", commissionNumber: "TX-1" }),
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const memberList = await member.client.get<{ records: NotaryProfile[] }>(profiles());
    expect(memberList.body.records.map((record) => record.notaryName)).toEqual(["Otto Other"]);
    const adminList = await s.admin.get<{ records: NotaryProfile[] }>(profiles());
    expect(adminList.body.records.map((record) => record.notaryName).sort()).toEqual(["Nora Notary", "Otto Other"]);
    const notTheirs = await member.client.get<ErrorBody>(`${profiles()}/${profile.id}`);
    expect([notTheirs.status, notTheirs.body.message]).toEqual([403, NOTARIZATION_MESSAGES.notYourProfile]);
    const adminEdits = await s.admin.request<ErrorBody>("PATCH", `${profiles()}/${own.body.id}`, {
      json: { version: own.body.version, commissionNumber: "X" },
    });
    expect(adminEdits.status).toBe(403);

    // tenancy: another organization's admin never sees the profile
    const other = await packageOrg(db(), app.url);
    const foreign = await other.admin.get(
      `/api/v1/organizations/${other.org.organizationId}/notary-profiles/${profile.id}`,
    );
    expect(foreign.status).toBe(404);
    const foreignOrg = await other.admin.get(profiles());
    expect(foreignOrg.status).toBe(404);
  });

  it("marks a document of the draft A/V package for an acknowledgment by its signer", async () => {
    const viewer = await s.admin.request<ErrorBody>("POST", acts(), {
      json: { documentId: s.document.id, actType: "ACKNOWLEDGMENT", participantIds: [nora.id] },
    });
    expect([viewer.status, viewer.body.message]).toEqual([400, NOTARIZATION_MESSAGES.signerNotInPackage]);
    const marked = await s.admin.request<NotarialAct>("POST", acts(), {
      json: { documentId: s.document.id, actType: "ACKNOWLEDGMENT", participantIds: [ada.id] },
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(201);
    act = marked.body;
    expect(act).toMatchObject({ status: "PENDING", signerNames: [SIGNER], documentName: "Promissory note" });
    const twice = await s.admin.request<ErrorBody>("POST", acts(), {
      json: { documentId: s.document.id, actType: "JURAT", participantIds: [ada.id] },
    });
    expect([twice.status, twice.body.message]).toEqual([409, NOTARIZATION_MESSAGES.actExists]);

    const { version } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    const sent = await s.admin.request<Package>("POST", s.api.send, { json: { version } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const late = await s.admin.request<ErrorBody>("POST", acts(), {
      json: { documentId: s.document.id, actType: "JURAT", participantIds: [ada.id] },
    });
    expect([late.status, late.body.message]).toEqual([409, NOTARIZATION_MESSAGES.notDraft]);
    host = await openFor(nora);
    adaRoom = await openFor(ada);
  });

  it("refuses the act while the signer's proofing failed or the commission expired, and the session until the act is done", async () => {
    const started = await host.client.request("POST", avPath);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const notHost = await adaRoom.client.request<ErrorBody>("POST", `${avPath}/notarial-acts/${act.id}/complete`, {
      json: { feeCents: 0 },
    });
    expect(notHost.status).toBe(403);

    // another package's act (or none) is not found from this room
    const unknown = await host.client.request<ErrorBody>(
      "POST",
      `${avPath}/notarial-acts/00000000-0000-4000-8000-000000000000/complete`,
      { json: { feeCents: 0 } },
    );
    expect(unknown.status).toBe(404);
    const badFee = await completeAct(-1);
    expect(badFee.status).toBe(400);

    // a host whose email is no member's with a notary profile is no notary
    await db().participant.update({ where: { id: nora.id }, data: { email: "someone.else@ron.example.com" } });
    const noProfile = await completeAct();
    expect([noProfile.status, noProfile.body.message]).toEqual([403, NOTARIZATION_MESSAGES.noProfile]);
    await db().participant.update({ where: { id: nora.id }, data: { email: s.org.admin.email } });

    // a failed proofing attempt is no proof
    await db().identityProofingAttempt.create({
      data: {
        organizationId: s.org.organizationId,
        packageId: s.pkg.id,
        participantId: ada.id,
        provider: "fixture",
        personReferenceEncrypted: "fixture",
        quizId: "failed",
        questions: [],
        expiresAt: new Date(),
        answeredAt: new Date(),
        correctCount: 1,
        outcome: "FAILED",
      },
    });
    const unproofed = await completeAct();
    expect([unproofed.status, unproofed.body.message]).toEqual([403, NOTARIZATION_MESSAGES.notProofed(SIGNER)]);

    await markIdentityProofed(db(), {
      organizationId: s.org.organizationId,
      packageId: s.pkg.id,
      participantId: ada.id,
    });
    const unsigned = await completeAct();
    expect([unsigned.status, unsigned.body.message]).toEqual([409, NOTARIZATION_MESSAGES.notSigned(SIGNER)]);
    adaRoom.room = (await adaRoom.client.room()).body;
    const signed = await signEverything(adaRoom.client, adaRoom.room);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    // the notary views the document and finishes too (a viewer finishes by reading)
    const hostFinished = await host.client.request("POST", "/api/v1/signing/finish");
    expect(hostFinished.status, JSON.stringify(hostFinished.body)).toBe(200);
    expect((await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).status).toBe("PENDING_ENOTARY");

    // the recording is whole, but the act is not done: the session cannot complete
    const chunk = await fetch(`${host.client.baseUrl}${AV_CHUNK_PATH.replace(":index", "0")}?elapsedMs=3000`, {
      method: "PUT",
      headers: {
        cookie: cookieHeader(host.client),
        "content-type": "application/octet-stream",
        "x-signet-signing-room": "1",
      },
      body: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])]),
    });
    expect(chunk.status).toBe(200);
    const early = await host.client.request<ErrorBody>("POST", `${avPath}/complete`);
    expect([early.status, early.body.message]).toEqual([409, NOTARIZATION_MESSAGES.actsPending(["Promissory note"])]);

    // an expired commission: no act at all
    const expired = await s.admin.request<NotaryProfile>("PATCH", `${profiles()}/${profile.id}`, {
      json: { version: profile.version, commissionExpiresOn: yesterday },
    });
    expect(expired.status, JSON.stringify(expired.body)).toBe(200);
    expect(expired.body.commissionValid).toBe(false);
    const refused = await completeAct();
    expect([refused.status, refused.body.message]).toEqual([403, NOTARIZATION_MESSAGES.commissionExpired(yesterday)]);
    const renewed = await s.admin.request<NotaryProfile>("PATCH", `${profiles()}/${profile.id}`, {
      json: { version: expired.body.version, commissionExpiresOn: nextYear },
    });
    expect(renewed.status).toBe(200);
    profile = renewed.body;

    const done = await completeAct(2500);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: "COMPLETED", feeCents: 2500 });
    const twice = await completeAct();
    expect([twice.status, twice.body.message]).toEqual([409, NOTARIZATION_MESSAGES.actDone]);

    const audit = (await packageAudit(db(), s.pkg.id)).map((event) => event.type);
    expect(audit.filter((type) => type === "package.notarial-act-refused")).toHaveLength(3);
    expect(audit).toContain("package.notarial-act-completed");

    const completed = await host.client.request("POST", `${avPath}/complete`);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect((await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).status).toBe("COMPLETED");
  });

  it("journals the act with the proofing result and the recording, for the notary and admins, as JSON and CSV", async () => {
    const recording = await db().avRecording.findFirstOrThrow({ where: { packageId: s.pkg.id } });
    const list = await s.admin.get<NotaryJournal>(journal());
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.records).toHaveLength(1);
    const entry = list.body.records[0]!;
    expect(entry).toMatchObject({
      notaryName: "Nora Notary",
      commissionNumber: "RON-778812",
      commissionState: "VA",
      actType: "ACKNOWLEDGMENT",
      documentName: "Promissory note",
      signerName: SIGNER,
      signerAddress: "12 Elm Street, Richmond VA 23219",
      feeCents: 2500,
      recording: { sha256: recording.sha256 },
      identityProof: { outcome: "PASSED", credentialCheck: "matched", correctAnswers: 5 },
    });
    const document = await db().document.findUniqueOrThrow({ where: { id: s.document.id } });
    expect(entry.documentSha256).toBe(document.sha256);
    const retainUntil = new Date(entry.retainUntil);
    expect(retainUntil.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 10);
    expect(recording.retainUntil.getTime()).toBeGreaterThanOrEqual(retainUntil.getTime());

    const csv = await fetchFile(s.admin, `${app.url}${journal()}/export`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = Buffer.from(csv.bytes).toString("utf8").trim().split("\r\n");
    expect(lines[0]).toContain("performedAt,notaryName,commissionNumber");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(SIGNER);
    expect(lines[1]).toContain(recording.sha256);

    // another member who is no admin sees no one else's journal
    const member = await memberOfNewGroup(s.org, app.url, ["VIEW_DOCUMENTS_PACKAGES"]);
    const theirs = await member.client.get<NotaryJournal>(journal());
    expect(theirs.status).toBe(200);
    expect(theirs.body.records).toEqual([]);
    const other = await packageOrg(db(), app.url);
    expect((await other.admin.get(journal())).status).toBe(404);
  });

  it("seals the document with the notarial certificate page, signed by the notary and then by Signet", async () => {
    await poll(
      "the package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 60_000 },
    );
    const artifacts = await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts);
    const sealedDocument = artifacts.body.records.find((artifact) => artifact.kind === "DOCUMENT")!;
    const file = await fetchFile(s.admin, `${app.url}${s.api.sealedFile(sealedDocument.id)}`);
    expect(file.status).toBe(200);
    // the notary's signature, Signet's seal, then the document timestamp over the DSS (B-LTA): the
    // notary's certificate (its CA unreachable) limits neither the seal nor its level
    expect(sealedDocument).toMatchObject({ padesLevel: "B-LTA" });
    const report = pdfsig(file.bytes);
    expect(report).not.toContain("Digest Mismatch");
    const signatures = report.split(/Signature #\d+:/).slice(1, 3);
    expect(report.split(/Signature #\d+:/).length, report).toBeGreaterThanOrEqual(3);
    for (const signature of signatures) expect(signature, report).toContain("Signature is Valid");
    expect(signatures[0], report).toContain("Nora Notary");
    expect(signatures[1], report).not.toContain("Nora Notary");
    const text = pdfText(file.bytes).replace(/\s+/g, " ");
    expect(text).toContain("Notarial certificate: Acknowledgment");
    expect(text).toContain("acknowledged before me on");
    expect(text).toContain(`by ${SIGNER}`);
    expect(text).toContain("commission RON-778812");
    expect(createHash("sha256").update(file.bytes).digest("hex")).toBe(sealedDocument.sha256);
    expect(await verifyPublicly(app.server.signingRoom!.url, file.bytes)).toMatchObject({
      verified: true,
      signatureValid: true,
      padesLevel: "B-LTA",
    });

    const certificate = artifacts.body.records.find((artifact) => artifact.kind === "CERTIFICATE")!;
    const certificateFile = await fetchFile(s.admin, `${app.url}${s.api.sealedFile(certificate.id)}`);
    const certificateText = pdfText(certificateFile.bytes).replace(/\s+/g, "");
    const recording = await db().avRecording.findFirstOrThrow({ where: { packageId: s.pkg.id } });
    expect(certificateText).toContain("Notarization");
    expect(certificateText).toContain("NoraNotary");
    expect(certificateText).toContain(`RON-778812,VA,expires${nextYear}`);
    expect(certificateText).toContain(`Acknowledgment:Promissorynote,for${SIGNER.replace(/\s+/g, "")}`);
    expect(certificateText).toContain(recording.sha256);
  });
});
