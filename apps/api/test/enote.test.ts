import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DOCUMENT_API_MESSAGES, type Document, type Package, type SigningRoom } from "@signet/contract";
import { parseXmlSafely, verifyXmlSignatures } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { upload } from "./support/document-upload.ts";
import { addParticipant, createPackage, type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import { openAndConsent, packageApi, pdfText, signEverything } from "./support/signing-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 15 §5: a SMART Doc eNote is uploaded (validated against the package's signers), signed in the
// signing room, sealed with an XML digital signature over its VIEW, and kept byte for byte. The seal is
// checked independently with xmlsec1 (apt-get install xmlsec1).

const FIXTURES = fileURLToPath(new URL("../../../fixtures/enote/", import.meta.url));
const eNoteFixture = (name: string) => readFileSync(join(FIXTURES, name));
const MIN = "100316212345678906";

let app: TestApp;
const db = () => app.server.db;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

async function eNotePackage(options: { smartDoc: boolean }) {
  const context: PackageOrg = await packageOrg(db(), app.url);
  await db().organization.update({
    where: { id: context.org.organizationId },
    data: { enabledSmartDoc: options.smartDoc },
  });
  const pkg = await createPackage(context.admin, context.paths, { name: "Rivera purchase" });
  const api = packageApi(context.org.organizationId, pkg.id);
  const ana = await addParticipant(context.admin, context.paths, pkg.id, {
    type: "Borrower",
    givenName: "Ana",
    familyName: "Rivera",
    email: "ana.rivera@example.com",
    accessMethod: "EMAIL",
  });
  const uploadENote = (bytes: Uint8Array, fileName = "note.xml") =>
    upload(context.admin, api.documents, bytes, {
      fileName,
      contentType: "application/xml",
      properties: { name: fileName.replace(/\.xml$/, "") },
    });
  return { ...context, pkg, api, ana, uploadENote };
}

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const blobCount = async (organizationId: string, packageId: string) =>
  (await db().document.count({ where: { organizationId, packageId } })) as number;

function xmlsecVerify(xml: Uint8Array, certificateDer: Uint8Array) {
  const dir = mkdtempSync(join(tmpdir(), "enote-xmlsec-"));
  writeFileSync(join(dir, "enote.xml"), xml);
  writeFileSync(join(dir, "org.der"), certificateDer);
  return spawnSync(
    "xmlsec1",
    ["--verify", "--trusted-der", join(dir, "org.der"), "--id-attr:ID", "VIEW", join(dir, "enote.xml")],
    { encoding: "utf8" },
  );
}

describe("uploading a SMART Doc eNote", () => {
  it("answers 415 with a clear message when the organization does not have Smart Doc, and keeps nothing", async () => {
    const s = await eNotePackage({ smartDoc: false });
    const reply = await s.uploadENote(eNoteFixture("valid.xml"));
    expect([reply.status, reply.body.message]).toEqual([415, DOCUMENT_API_MESSAGES.smartDocNotEnabled]);
    expect(await blobCount(s.org.organizationId, s.pkg.id)).toBe(0);
  });

  it("answers 400 'SMARTDoc eNote error(s)' listing every failure, and keeps nothing", async () => {
    const s = await eNotePackage({ smartDoc: true });
    const xml = eNoteFixture("valid.xml")
      .toString("utf8")
      .replace("<MERS_MINIdentifier>100316212345678906<", "<MERS_MINIdentifier>100316212345678907<")
      .replace("<h1>NOTE</h1>", '<h1>NOTE</h1><script>steal()</script><img src="https://t.example/p.png" alt=""/>')
      .replace(">Ana</span>", ">Anna</span>");
    const reply = await s.uploadENote(Buffer.from(xml));
    const body = reply.body as unknown as { message: string; details: { path: string; message: string }[] };
    expect([reply.status, body.message]).toEqual([400, "SMARTDoc eNote error(s)"]);
    expect(body.details.map((detail) => detail.message)).toEqual([
      "The eNote's MIN has a wrong check digit.",
      'The VIEW shows "1003162-1234567890-6" for MERS/MERS_MINIdentifier but the DATA holds "100316212345678907".',
      'The VIEW shows "Anna" for BORROWERS/BORROWER[1]/FirstName but the DATA holds "Ana".',
      "The VIEW holds a <script> element.",
      '<img> in the VIEW refers to an external resource (src="https://t.example/p.png").',
    ]);
    expect(await blobCount(s.org.organizationId, s.pkg.id)).toBe(0);
  });

  it.each(["entity-expansion.xml", "external-entity.xml"])("refuses %s quickly with one clear error", async (name) => {
    const s = await eNotePackage({ smartDoc: true });
    const started = performance.now();
    const reply = await s.uploadENote(eNoteFixture(name));
    expect(performance.now() - started).toBeLessThan(2_000);
    const body = reply.body as unknown as { message: string; details: { message: string }[] };
    expect([reply.status, body.message]).toEqual([400, "SMARTDoc eNote error(s)"]);
    expect(body.details).toEqual([
      {
        path: "xml",
        message:
          "The XML declares a DOCTYPE or ENTITY: SMART Docs may not (entity expansion and external entities are refused).",
      },
    ]);
    expect(JSON.stringify(body)).not.toContain("root:");
  });
});

describe("an eNote from upload to seal", () => {
  it("is stored as uploaded with its MIN and signature tag, signed in the room, sealed, and the seal verifies with xmlsec1", async () => {
    const s = await eNotePackage({ smartDoc: true });
    const original = eNoteFixture("valid.xml");
    const uploaded = await s.uploadENote(original, "Promissory note.xml");
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const document = uploaded.body as Document;
    expect(document).toMatchObject({
      format: "SMART_DOC",
      eNoteMin: MIN,
      contentType: "application/xml",
      numPages: 1,
      sha256: createHash("sha256").update(original).digest("hex"),
      name: "Promissory note",
    });
    const row = await db().document.findUniqueOrThrow({ where: { id: document.id } });
    expect(Buffer.compare(await readStream(await app.server.deps.storage.get(row.blobKey)), original)).toBe(0);
    const tags = await db().tag.findMany({ where: { documentId: document.id } });
    expect(tags.map((tag) => [tag.type, tag.participantId, tag.page, tag.required])).toEqual([
      ["SIGNATURE", s.ana.id, 1, true],
    ]);

    // the builder cannot change the eNote's areas, and a package holds one eNote
    const moved = await s.admin.request("POST", s.api.documentTags(document.id), {
      json: { participantId: s.ana.id, type: "SIGNATURE", page: 1, x: 10, y: 10, width: 100, height: 30 },
    });
    expect([moved.status, moved.body.message]).toEqual([409, DOCUMENT_API_MESSAGES.eNoteTagsFixed]);
    const second = await s.uploadENote(original, "Second note.xml");
    expect([second.status, second.body.message]).toEqual([409, DOCUMENT_API_MESSAGES.oneENotePerPackage]);

    const { version } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id }, select: { version: true } });
    const sent = await s.admin.request<Package>("POST", s.api.send, { json: { version } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const link = await s.admin.request<{ signingURL: string }>("POST", s.api.signingUrl(s.ana.id), { json: {} });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const token = decodeURIComponent(new URL(link.body.signingURL).pathname.split("/").pop()!);
    const { client, room } = await openAndConsent(app.server.signingRoom!.url, token);

    const shown = room.documents.find((candidate) => candidate.id === document.id)!;
    expect(shown.format).toBe("SMART_DOC");
    expect(shown.eNote?.min).toBe(MIN);
    expect(shown.eNote?.areas).toEqual([{ label: "BORROWER 1", tagId: tags[0]!.id }]);
    expect(shown.eNote?.html).toContain("BORROWER'S PROMISE TO PAY");
    expect(shown.eNote?.html).toContain(`<div data-signature-area="BORROWER 1" data-tag-id="${tags[0]!.id}"></div>`);
    expect(shown.eNote?.html).not.toMatch(/<a |href=|<script|<html|<head/);
    expect(room.tags.map((tag) => tag.id)).toEqual([tags[0]!.id]);
    const file = await fetch(`${client.baseUrl}${shown.fileUrl}`, {
      headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect([file.status, file.headers.get("content-type")]).toEqual([200, "application/xml"]);
    // never rendered on the signing origin: the XML downloads
    expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), original)).toBe(0);

    const finished = await signEverything(client, room);
    expect([finished.status, finished.body.stage], JSON.stringify(finished.body)).toEqual([200, "FINISHED"]);

    await poll(
      "the package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 30_000 },
    );
    const artifact = await db().sealedArtifact.findFirstOrThrow({ where: { documentId: document.id } });
    expect(artifact).toMatchObject({ kind: "DOCUMENT", contentType: "application/xml", sha256Before: document.sha256 });
    const sealed = await readStream(await app.server.deps.storage.get(artifact.blobKey));
    expect(createHash("sha256").update(sealed).digest("hex")).toBe(artifact.sha256);
    expect(sealed.length).toBe(artifact.sizeBytes);

    // the participant's download is the stored bytes, exactly
    const roomAfter = (await client.room()).body as SigningRoom;
    const download = roomAfter.downloads.find((candidate) => candidate.id === artifact.id)!;
    const downloaded = await fetch(`${client.baseUrl}${download.url}`, {
      headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect([downloaded.status, downloaded.headers.get("content-type")]).toEqual([200, "application/xml"]);
    expect(Buffer.compare(Buffer.from(await downloaded.arrayBuffer()), sealed)).toBe(0);

    // the sender's sealed file and document download are the stored XML too
    const cookie = [...s.admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const senderCopy = await fetch(`${app.url}${s.api.sealedFile(artifact.id)}`, { headers: { cookie } });
    expect([senderCopy.status, senderCopy.headers.get("content-type")]).toEqual([200, "application/xml"]);
    expect(Buffer.compare(Buffer.from(await senderCopy.arrayBuffer()), sealed)).toBe(0);
    const uploadedCopy = await fetch(`${app.url}${s.api.documents}/${document.id}/file`, { headers: { cookie } });
    expect([uploadedCopy.status, uploadedCopy.headers.get("content-type")]).toEqual([200, "application/xml"]);
    expect(Buffer.compare(Buffer.from(await uploadedCopy.arrayBuffer()), original)).toBe(0);

    // what the seal wrote: the signature in the area and in SIGNATURES, with the adopted image's hash
    const text = sealed.toString("utf8");
    const signature = await db().participantSignature.findFirstOrThrow({
      where: { participantId: s.ana.id, kind: "SIGNATURE" },
    });
    expect(text).toContain("/s/ Ana Rivera");
    expect(text).toContain(`Signature image SHA-256: ${signature.sha256}`);
    expect(text).toMatch(
      new RegExp(
        `<SIGNATORY RoleType="BORROWER" SequenceNumber="1" SignerName="Ana Rivera" SignedAt="[^"]+" SignatureImageSHA256="${signature.sha256}"/>`,
      ),
    );
    expect(text).toContain('Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"');
    expect(text).toContain('<ds:Reference URI="#VIEW-1">');
    expect(text).toContain('Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"');

    // independent check: xmlsec1 with the organization's certificate as the trusted one
    const { credentials } = await app.server.deps.sealKeys.forOrganization(s.org.organizationId);
    const verified = xmlsecVerify(sealed, credentials.certificate);
    expect(verified.status, `${verified.stdout}\n${verified.stderr}`).toBe(0);
    expect(verified.stderr).toMatch(/^OK/m);
    const parsedSealed = parseXmlSafely(sealed);
    if (!parsedSealed.ok) throw new Error(parsedSealed.error);
    expect(verifyXmlSignatures(parsedSealed.document, parsedSealed.text).map((check) => check.failures)).toEqual([[]]);

    // one character of the VIEW changed: xmlsec1 refuses it
    const tampered = Buffer.from(text.replace("the order of the Lender", "the order of the Lendor"), "utf8");
    expect(Buffer.compare(tampered, sealed)).not.toBe(0);
    const refused = xmlsecVerify(tampered, credentials.certificate);
    expect(refused.status, `${refused.stdout}\n${refused.stderr}`).not.toBe(0);
    expect(refused.stderr).toMatch(/FAIL/);

    // the certificate of completion lists the eNote with its MIN and its sealed hash
    const { buildCertificateData } = await import("../../../packages/core/src/signing/certificate-data.ts");
    const data = await buildCertificateData(db(), s.pkg.id);
    expect(data.documents).toContainEqual(
      expect.objectContaining({
        name: `Promissory note (eNote (SMART Doc), MIN ${MIN}, E SIGN)`,
        sha256Final: artifact.sha256,
      }),
    );
    const certificate = await db().sealedArtifact.findFirstOrThrow({
      where: { packageId: s.pkg.id, kind: "CERTIFICATE" },
    });
    const certificateText = pdfText(await readStream(await app.server.deps.storage.get(certificate.blobKey)));
    expect(certificateText.replace(/\s+/g, " ")).toContain(MIN);
  });

  it("is checked again at send: a borrower renamed after the upload stops the send with the eNote's error", async () => {
    const s = await eNotePackage({ smartDoc: true });
    const uploaded = await s.uploadENote(eNoteFixture("valid.xml"), "Promissory note.xml");
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const renamed = await s.admin.request<{ version: number }>("PATCH", s.paths.participant(s.pkg.id, s.ana.id), {
      json: { version: s.ana.version, givenName: "Anna" },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const { version } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id }, select: { version: true } });
    const sent = await s.admin.request<{ details: { path: string; message: string }[] }>("POST", s.api.send, {
      json: { version },
    });
    expect(sent.status).toBe(400);
    const document = uploaded.body as unknown as Document;
    expect(sent.body.details.filter((detail) => detail.path === `documents.${document.id}`)).not.toEqual([]);
    expect((await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).status).toBe("STARTED");
  });

  it("cannot be put into a template's builder package", async () => {
    const s = await eNotePackage({ smartDoc: true });
    await db().package.update({ where: { id: s.pkg.id }, data: { templateKind: "DOCUMENT_TEMPLATE" } });
    const reply = await s.uploadENote(eNoteFixture("valid.xml"));
    expect([reply.status, reply.body.message]).toEqual([409, DOCUMENT_API_MESSAGES.eNoteNotInTemplates]);
    expect(await db().document.count({ where: { packageId: s.pkg.id } })).toBe(0);
  });
});
