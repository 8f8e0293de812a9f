import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type CustomConsent,
  DOCUMENT_API_MESSAGES,
  type Document,
  dataCollectionRoutes,
  fillPath,
  routeUrl,
  type SealedArtifact,
  type SigningRoom,
  type SigningRoomSettings,
  type Stip,
} from "@signet/contract";
import { verifyAuditChain } from "@signet/core";
import {
  ACTIVE_CONTENT_SAMPLES,
  activeContentPdf,
  activeContentTraces,
  buildDynamicXfa,
  pageContents,
} from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { fixturePdf, upload } from "./support/document-upload.ts";
import { createPackage, packageAuditTypes, packageOrg } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  pdfsig,
  sendPackage,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { download, openRoom, packageAudit, postAdminFile, postSigningFile } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 10 §3 at every intake of a PDF: documents, the organization's custom consent and signer
// uploads (stips) keep no scripts or actions a viewer would run, record what was removed and the
// hash of what was sent, and the sealed copy carries none either.

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const dataDir = mkdtempSync(join(tmpdir(), "signet-active-content-"));
const blob = (blobKey: string) => new Uint8Array(readFileSync(join(dataDir, "blobs", ...blobKey.split("/"))));

let app: TestApp;
let smtp: SmtpCapture;
const db = () => app.server.db;
const signingUrl = () => app.server.signingRoom!.url;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url, DATA_DIR: dataDir });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sampleNamed = (label: string) => ACTIVE_CONTENT_SAMPLES.find((sample) => sample.label === label)!;
/** Opens with JavaScript, runs JavaScript on page 2, holds document scripts and a link that launches a program. */
const MIXED = [
  "a JavaScript OpenAction",
  "additional actions on the last page",
  "a document-level JavaScript name tree",
  "a link running a Launch action",
].map(sampleNamed);
const MIXED_REMOVED = ["OpenAction", "AA", "JavaScript", "Launch"];
const mixedPdf = () =>
  activeContentPdf((document) => {
    for (const sample of MIXED) sample.build(document);
  });

let serial = 0;
const people = () => {
  serial += 1;
  return [
    { givenName: "Ada", email: `ada-${serial}@active-content.example.com` },
    { givenName: "Ben", email: `ben-${serial}@active-content.example.com` },
  ];
};

describe("document upload", () => {
  let context: Awaited<ReturnType<typeof packageOrg>>;
  beforeAll(async () => {
    context = await packageOrg(db(), app.url);
  });
  const documentsOf = (packageId: string) =>
    `/api/v4/organizations/${context.org.organizationId}/packages/${packageId}/documents`;

  it.each(ACTIVE_CONTENT_SAMPLES.map((sample) => [sample.label, sample] as const))(
    "stores a PDF carrying %s without it, recording what was removed",
    async (_label, sample) => {
      const pkg = await createPackage(context.admin, context.paths);
      const sent = await activeContentPdf((document) => sample.build(document));
      const reply = await upload(context.admin, documentsOf(pkg.id), sent, { fileName: "note.pdf" });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const document = reply.body as Document;
      expect(document).toMatchObject({
        activeContentRemoved: sample.removed,
        originalSha256: sha256(sent),
        numPages: 2,
      });

      const file = await download(context.admin, `${documentsOf(pkg.id)}/${document.id}/file`);
      expect(file.status).toBe(200);
      expect(await activeContentTraces(file.bytes)).toEqual([]);
      expect([sha256(file.bytes), file.bytes.length]).toEqual([document.sha256, document.sizeBytes]);
      expect(document.sha256).not.toBe(sha256(sent));
      expect(await pageContents(file.bytes)).toEqual(await pageContents(sent));

      const row = await db().document.findUniqueOrThrow({ where: { id: document.id } });
      expect(row).toMatchObject({
        sha256: document.sha256,
        originalSha256: sha256(sent),
        activeContentRemoved: sample.removed,
      });
      expect(await packageAuditTypes(db(), pkg.id)).toEqual([
        "package.created",
        "document.uploaded",
        "document.active-content-removed",
      ]);
      const event = (await packageAudit(db(), pkg.id)).at(-1)!;
      expect(event.data).toEqual({
        documentId: document.id,
        removed: sample.removed,
        originalSha256: sha256(sent),
        sha256: document.sha256,
      });
      expect(await verifyAuditChain(db(), "package", pkg.id)).toMatchObject({ valid: true });
      const got = await context.admin.get<Document>(`${documentsOf(pkg.id)}/${document.id}`);
      expect(got.body).toEqual(document);
    },
  );

  it("stores a clean real-world PDF byte for byte, with nothing recorded", async () => {
    const pkg = await createPackage(context.admin, context.paths);
    const sent = fixturePdf("pdflatex-4-pages.pdf");
    const reply = await upload(context.admin, documentsOf(pkg.id), sent, { fileName: "pdflatex-4-pages.pdf" });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ sha256: sha256(sent), originalSha256: null, activeContentRemoved: [] });
    const file = await download(context.admin, `${documentsOf(pkg.id)}/${reply.body.id}/file`);
    expect(Buffer.from(file.bytes).equals(sent)).toBe(true);
    expect(await packageAuditTypes(db(), pkg.id)).toEqual(["package.created", "document.uploaded"]);
  });

  it("refuses a dynamic XFA form with its message, keeping nothing", async () => {
    const pkg = await createPackage(context.admin, context.paths);
    const sent = await activeContentPdf(buildDynamicXfa);
    const reply = await upload(context.admin, documentsOf(pkg.id), sent, { fileName: "form.pdf" });
    expect([reply.status, reply.body.message]).toEqual([415, DOCUMENT_API_MESSAGES.dynamicXfaForm]);
    expect(await db().document.count({ where: { packageId: pkg.id } })).toBe(0);
    expect(await packageAuditTypes(db(), pkg.id)).toEqual(["package.created"]);
  });
});

describe("custom consent upload", () => {
  it("keeps the consent PDF without active content, and participants get it so", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    await sendPackage(s, db());
    const org = s.org.organizationId;
    const sent = await mixedPdf();
    const uploaded = await postAdminFile(s.admin, `/api/v1/organizations/${org}/custom-consents`, {
      bytes: sent,
      fileName: "our-consent.pdf",
      contentType: "application/pdf",
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const consent = uploaded.body as unknown as CustomConsent;
    const row = await db().consentDocument.findUniqueOrThrow({ where: { id: consent.id } });
    expect(row).toMatchObject({ originalSha256: sha256(sent), activeContentRemoved: MIXED_REMOVED });
    const stored = blob(row.blobKey);
    expect([sha256(stored), consent.sha256]).toEqual([row.sha256, row.sha256]);
    expect(await activeContentTraces(stored)).toEqual([]);
    const event = await db().auditEvent.findFirstOrThrow({
      where: { streamType: "organization", streamId: org, type: "organization.custom-consent-active-content-removed" },
    });
    expect(event.data).toEqual({
      consentDocumentId: row.id,
      version: row.version,
      removed: MIXED_REMOVED,
      originalSha256: sha256(sent),
      sha256: row.sha256,
    });

    const chosen = await s.admin.request<SigningRoomSettings>(
      "PATCH",
      `/api/v1/organizations/${org}/settings/signing-room`,
      { json: { esign_consent_type: "CUSTOM" } },
    );
    expect(chosen.status).toBe(200);
    const { client, reply } = await openRoom(signingUrl(), linkToken(await invitationTo(smtp, s.signers[0]!.email!)));
    expect(reply.body.consent).toMatchObject({ kind: "CUSTOM", sha256: row.sha256 });
    const shown = await download(client, "/api/v1/signing/consent-document");
    expect(shown.status).toBe(200);
    expect(await activeContentTraces(shown.bytes)).toEqual([]);
  });
});

describe("signer upload (stip)", () => {
  it("keeps a participant's PDF without active content, recording what was removed", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    const ada = s.signers[0]!;
    const path = fillPath(routeUrl(dataCollectionRoutes.createStip), {
      orgId: s.org.organizationId,
      packageId: s.pkg.id,
    });
    const stip = await s.admin.request<Stip>("POST", path, { json: { participantId: ada.id, name: "Pay stub" } });
    expect(stip.status).toBe(201);
    await sendPackage(s, db());
    const { client } = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, ada.email!)));

    const sent = await mixedPdf();
    const uploaded = await postSigningFile(client, `/api/v1/signing/stips/${stip.body.id}/uploads`, {
      bytes: sent,
      fileName: "paystub.pdf",
      contentType: "application/pdf",
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect((uploaded.body as unknown as SigningRoom).stips[0]!.uploads).toHaveLength(1);
    const row = await db().stipUpload.findFirstOrThrow({ where: { stipId: stip.body.id } });
    expect(row).toMatchObject({ originalSha256: sha256(sent), activeContentRemoved: MIXED_REMOVED });
    const stored = blob(row.blobKey);
    expect([sha256(stored), stored.length]).toEqual([row.sha256, row.sizeBytes]);
    expect(await activeContentTraces(stored)).toEqual([]);
    expect(await pageContents(stored)).toEqual(await pageContents(sent));
    const event = (await packageAudit(db(), s.pkg.id)).find(
      (candidate) => candidate.type === "stip.active-content-removed",
    );
    expect(event?.data).toEqual({
      participantId: ada.id,
      stipId: stip.body.id,
      uploadId: row.id,
      removed: MIXED_REMOVED,
      originalSha256: sha256(sent),
      sha256: row.sha256,
    });

    // a clean one is kept as sent
    const clean = fixturePdf("minimal-document.pdf");
    const again = await postSigningFile(client, `/api/v1/signing/stips/${stip.body.id}/uploads`, {
      bytes: clean,
      fileName: "id.pdf",
      contentType: "application/pdf",
    });
    expect(again.status).toBe(201);
    const cleanRow = await db().stipUpload.findFirstOrThrow({ where: { stipId: stip.body.id, fileName: "id.pdf" } });
    expect(cleanRow).toMatchObject({ sha256: sha256(clean), originalSha256: null, activeContentRemoved: [] });
    expect(Buffer.from(blob(cleanRow.blobKey)).equals(clean)).toBe(true);
  });

  it("refuses a password-protected PDF, which cannot be checked", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    const ada = s.signers[0]!;
    const path = fillPath(routeUrl(dataCollectionRoutes.createStip), {
      orgId: s.org.organizationId,
      packageId: s.pkg.id,
    });
    const stip = await s.admin.request<Stip>("POST", path, { json: { participantId: ada.id, name: "Bank statement" } });
    await sendPackage(s, db());
    const { client } = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, ada.email!)));
    const refused = await postSigningFile(client, `/api/v1/signing/stips/${stip.body.id}/uploads`, {
      bytes: fixturePdf("libreoffice-writer-password.pdf"),
      fileName: "statement.pdf",
      contentType: "application/pdf",
    });
    expect([refused.status, refused.body.message]).toEqual([415, DOCUMENT_API_MESSAGES.passwordProtected]);
    expect(await db().stipUpload.count({ where: { stipId: stip.body.id } })).toBe(0);
  });
});

describe("sealing", () => {
  it("seals a document uploaded with active content into a copy that carries none", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    const sent = await mixedPdf();
    const uploaded = await upload(s.admin, s.api.documents, sent, {
      fileName: "rider.pdf",
      properties: { name: "Rider", executionType: "E_SIGN" },
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const rider = uploaded.body as Document;
    for (const [index, signer] of s.signers.entries()) {
      const tag = await s.admin.request("POST", s.api.documentTags(rider.id), {
        json: {
          participantId: signer.id,
          type: "SIGNATURE",
          page: 1,
          x: 72,
          y: 300 + index * 80,
          width: 160,
          height: 36,
        },
      });
      expect(tag.status, JSON.stringify(tag.body)).toBe(201);
    }
    await sendPackage(s, db());
    for (const signer of s.signers) {
      const { client, room } = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, signer.email!)));
      const finished = await signEverything(client, room);
      expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    }
    await poll(
      "the package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 20_000 },
    );
    const artifacts = await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts);
    const sealedRider = artifacts.body.records.find((artifact) => artifact.documentId === rider.id)!;
    expect(sealedRider.sha256Before).toBe(rider.sha256);
    const file = await download(s.admin, s.api.sealedFile(sealedRider.id));
    expect(file.status).toBe(200);
    expect(await activeContentTraces(file.bytes)).toEqual([]);
    expect(pdfsig(file.bytes)).toContain("Signature is Valid");
  });
});
