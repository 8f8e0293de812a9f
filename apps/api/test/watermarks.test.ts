import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  HEADERS,
  PACKAGE_MESSAGES,
  type SealedArtifact,
  type SigningUrl,
  WATERMARK_MESSAGES,
  type WatermarkRuleList,
  type WatermarkTemplate,
  type WatermarkTemplateList,
} from "@signet/contract";
import { applyWatermark, SYSTEM_DEFAULT_WATERMARK_ID } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, signedIn } from "./support/access-fixtures.ts";
import { organizationWithUser } from "./support/factories.ts";
import type { HttpClient } from "./support/http-client.ts";
import { memberOfNewGroup, OFFICER } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  openAndConsent,
  type SignablePackage,
  type SigningClient,
  sendPackage,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { download, type ErrorBody, packageAudit } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 15 §4, DOMAIN.md §7: watermark templates and rules, and the watermarked copies every
// download path serves once a package is deposited. The watermark is read back with poppler's
// pdftotext and the copies checked with qpdf; the package is put into EDEPOSITED in the database
// (the deposit itself is another suite's).

let app: TestApp;
let smtp: SmtpCapture;
const db = () => app.server.db;
const FIXTURES = join(import.meta.dirname, "../../../fixtures/pdfs");

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
/**
 * The PDF's text with every space and line break removed: pdftotext reads turned text glyph by
 * glyph (-raw keeps the drawing order), so only the characters can be compared.
 */
function words(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), "signet-words-")), "copy.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-raw", file, "-"], { encoding: "utf8" }).replace(/\s+/g, "");
}
const squeezed = (text: string) => text.replace(/\s+/g, "");

function qpdfCheck(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), "signet-qpdf-")), "copy.pdf");
  writeFileSync(file, bytes);
  return execFileSync("qpdf", ["--check", file], { encoding: "utf8" });
}

const paths = (orgId: string) => {
  const org = `/api/v1/organizations/${orgId}`;
  return {
    templates: `${org}/watermark-templates`,
    template: (id: string) => `${org}/watermark-templates/${id}`,
    preview: (id: string) => `${org}/watermark-templates/${id}/preview`,
    rules: `${org}/watermark-rules`,
    defaultTemplate: "/api/v1/watermark-templates/default",
  };
};

async function createTemplate(client: HttpClient, orgId: string, body: Record<string, unknown>) {
  const reply = await client.request<WatermarkTemplate>("POST", paths(orgId).templates, { json: body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

async function replaceRules(client: HttpClient, orgId: string, rules: Record<string, unknown>[]) {
  const current = await client.get<WatermarkRuleList>(paths(orgId).rules);
  const reply = await client.request<WatermarkRuleList>("PUT", paths(orgId).rules, {
    json: { version: current.body.version, rules },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

async function postBinary(client: HttpClient, path: string, json: unknown) {
  const response = await fetch(`${app.url}${path}`, {
    method: "POST",
    headers: {
      cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      [HEADERS.csrf]: client.jar.get(client.csrfCookie) ?? "",
      "content-type": "application/json",
    },
    body: JSON.stringify(json),
  });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** A sealed package whose one API signer finished, with that signer's signing-room client. */
async function sealedPackage(): Promise<SignablePackage & { participant: SigningClient }> {
  const s = await signablePackage(app, db(), {
    signers: [{ givenName: "Ada", accessMethod: "API", email: `ada-${Date.now()}@example.com` }],
  });
  await sendPackage(s, db());
  const url = await s.admin.request<SigningUrl>("POST", s.api.signingUrl(s.signers[0]!.id), { json: {} });
  expect(url.status).toBe(201);
  const token = decodeURIComponent(new URL(url.body.signingURL).pathname.split("/").pop()!);
  const { client, room } = await openAndConsent(app.server.signingRoom!.url, token);
  expect((await signEverything(client, room)).body.stage).toBe("FINISHED");
  await poll(
    "the package to be sealed",
    async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
    { timeoutMs: 20_000 },
  );
  return { ...s, participant: client };
}

const setStatus = (packageId: string, status: "COMPLETED" | "EDEPOSITED") =>
  db().package.update({ where: { id: packageId }, data: { status } });

const documentFile = (s: SignablePackage) =>
  `/api/v4/organizations/${s.org.organizationId}/packages/${s.pkg.id}/documents/${s.document.id}/file`;

describe("watermark templates, rules and the default", () => {
  let s: SignablePackage;
  let p: ReturnType<typeof paths>;
  beforeAll(async () => {
    s = await signablePackage(app, db(), {
      signers: [{ givenName: "Ada", accessMethod: "API", email: "a@example.com" }],
    });
    p = paths(s.org.organizationId);
  });

  it("creates, reads, changes at its version and refuses stale versions, unknown variables and a taken name", async () => {
    const created = await s.admin.request<WatermarkTemplate>("POST", p.templates, {
      json: { name: "Vault copy", text: "COPY {documentName} for {requester}", angle: 30, color: "#AA0000" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get("location")).toBe(`${p.templates}/${created.body.id}`);
    expect(created.body).toMatchObject({
      organizationId: s.org.organizationId,
      systemDefault: false,
      name: "Vault copy",
      text: "COPY {documentName} for {requester}",
      position: "CENTER",
      angle: 30,
      opacity: 0.25,
      fontSize: 36,
      color: "#aa0000",
      version: 1,
      createdBy: s.org.admin.id,
    });

    const listed = await s.admin.get<WatermarkTemplateList>(p.templates);
    expect(listed.body.records.map((template) => template.name)).toEqual(["Vault copy"]);

    const unknown = await s.admin.request<ErrorBody>("POST", p.templates, {
      json: { name: "Bad", text: "COPY {docName} {user}" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("Unknown variables {docName}, {user}.");

    const taken = await s.admin.request<ErrorBody>("POST", p.templates, { json: { name: "VAULT COPY", text: "COPY" } });
    expect([taken.status, taken.body.message]).toEqual([409, WATERMARK_MESSAGES.nameTaken]);

    const changed = await s.admin.request<WatermarkTemplate>("PUT", p.template(created.body.id), {
      json: { version: 1, position: "BOTTOM_RIGHT", opacity: 0.5 },
    });
    expect([changed.status, changed.body.version, changed.body.position, changed.body.opacity]).toEqual([
      200,
      2,
      "BOTTOM_RIGHT",
      0.5,
    ]);
    const stale = await s.admin.request<ErrorBody>("PUT", p.template(created.body.id), {
      json: { version: 1, angle: 0 },
    });
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);
    const row = await db().watermarkTemplate.findUniqueOrThrow({ where: { id: created.body.id } });
    expect([row.version, row.angle]).toEqual([2, 30]);

    const types = await db().auditEvent.findMany({
      where: { streamId: s.org.organizationId, type: { startsWith: "watermark-template." } },
      orderBy: { sequence: "asc" },
    });
    expect(types.map((event) => event.type)).toEqual(["watermark-template.created", "watermark-template.updated"]);
  });

  it("replaces the whole rule list at its version, and refuses deleting a template a rule uses, naming the rule", async () => {
    const template = await createTemplate(s.admin, s.org.organizationId, { name: "In use", text: "COPY" });
    const empty = await s.admin.get<WatermarkRuleList>(p.rules);
    expect(empty.body).toEqual({ version: 1, rules: [] });

    const saved = await s.admin.request<WatermarkRuleList>("PUT", p.rules, {
      json: {
        version: 1,
        rules: [
          { templateId: SYSTEM_DEFAULT_WATERMARK_ID, packageStatus: "COMPLETED" },
          { templateId: template.id, packageStatus: "EDEPOSITED", requesterType: "MEMBER" },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.version).toBe(2);
    expect(
      saved.body.rules.map((rule) => [rule.priority, rule.templateId, rule.packageStatus, rule.requesterType]),
    ).toEqual([
      [0, SYSTEM_DEFAULT_WATERMARK_ID, "COMPLETED", null],
      [1, template.id, "EDEPOSITED", "MEMBER"],
    ]);

    const stale = await s.admin.request<ErrorBody>("PUT", p.rules, { json: { version: 1, rules: [] } });
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);

    // another organization's template reads as unknown
    const other = await signablePackage(app, db(), {
      signers: [{ givenName: "Bo", accessMethod: "API", email: "b@example.com" }],
    });
    const theirs = await createTemplate(other.admin, other.org.organizationId, { name: "Theirs", text: "COPY" });
    const foreign = await s.admin.request<ErrorBody>("PUT", p.rules, {
      json: { version: 2, rules: [{ templateId: theirs.id }] },
    });
    expect([foreign.status, foreign.body.message]).toEqual([400, WATERMARK_MESSAGES.templateNotFound]);
    expect((await s.admin.get(`${paths(other.org.organizationId).templates}/${theirs.id}`)).status).toBe(404);
    expect((await s.admin.get(p.template(theirs.id))).status).toBe(404);

    const inUse = await s.admin.request<ErrorBody>("DELETE", `${p.template(template.id)}?version=1`);
    expect([inUse.status, inUse.body.message]).toEqual([
      409,
      "This watermark template is used by rule 2 (eDeposited · any document · Member or API client). Change or remove the rule first.",
    ]);
    await replaceRules(s.admin, s.org.organizationId, []);
    const staleDelete = await s.admin.request<ErrorBody>("DELETE", `${p.template(template.id)}?version=7`);
    expect(staleDelete.status).toBe(409);
    const deleted = await s.admin.request("DELETE", `${p.template(template.id)}?version=1`);
    expect(deleted.status).toBe(204);
    expect(await db().watermarkTemplate.count({ where: { id: template.id } })).toBe(0);
  });

  it("answers a preview PDF with the watermark drawn from sample values (and unsaved changes)", async () => {
    const template = await createTemplate(s.admin, s.org.organizationId, {
      name: "Preview",
      text: "PREVIEW {documentName}",
      angle: 0,
    });
    const preview = await postBinary(s.admin, p.preview(template.id), { text: "UNSAVED {organization}" });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("application/pdf");
    expect(words(preview.bytes)).toContain(squeezed("UNSAVED First Street Bank"));
    const stored = await postBinary(s.admin, p.preview(template.id), {});
    expect(words(stored.bytes)).toContain(squeezed("PREVIEW Promissory note"));
    const ofDefault = await postBinary(s.admin, p.preview(SYSTEM_DEFAULT_WATERMARK_ID), { angle: 0 });
    expect(ofDefault.status).toBe(200);
    expect(words(ofDefault.bytes)).toContain(squeezed("COPY"));
  });

  it("refuses a member with package permissions only, and lets a settings viewer read but not change", async () => {
    const officer = await memberOfNewGroup(s.org, app.url, OFFICER);
    for (const [method, path, json] of [
      ["GET", p.templates, undefined],
      ["POST", p.templates, { name: "Officer", text: "COPY" }],
      ["GET", p.rules, undefined],
      ["PUT", p.rules, { version: 1, rules: [] }],
      ["GET", p.defaultTemplate, undefined],
    ] as const) {
      const reply = await officer.client.request(method, path, json === undefined ? {} : { json });
      expect(reply.status, `${method} ${path}`).toBe(403);
    }
    const viewer = await memberOfNewGroup(s.org, app.url, ["VIEW_ADMIN_SETTINGS"]);
    expect((await viewer.client.get(p.templates)).status).toBe(200);
    expect((await viewer.client.get(p.rules)).status).toBe(200);
    expect((await viewer.client.get(p.defaultTemplate)).status).toBe(200);
    const refused = await viewer.client.request("POST", p.templates, { json: { name: "Viewer", text: "COPY" } });
    expect(refused.status).toBe(403);
  });

  it("lets only a support user change the system default, audited in the installation's stream", async () => {
    const asAdmin = await s.admin.get<WatermarkTemplate>(p.defaultTemplate);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toMatchObject({ id: SYSTEM_DEFAULT_WATERMARK_ID, organizationId: null, systemDefault: true });
    expect(asAdmin.body.text).toContain("COPY");

    const refused = await s.admin.request<ErrorBody>("PUT", p.defaultTemplate, {
      json: { version: asAdmin.body.version, text: "HIJACKED" },
    });
    expect([refused.status, refused.body.message]).toEqual([403, WATERMARK_MESSAGES.supportOnly]);
    // the default is not an organization's template: not reachable through the organization's routes
    expect((await s.admin.get(p.template(SYSTEM_DEFAULT_WATERMARK_ID))).status).toBe(404);
    const viaOrg = await s.admin.request("PUT", p.template(SYSTEM_DEFAULT_WATERMARK_ID), {
      json: { version: asAdmin.body.version, text: "HIJACKED" },
    });
    expect(viaOrg.status).toBe(404);

    const supportOrg = await organizationWithUser(db(), { eoSupport: true });
    const support = await signedIn(app.url, supportOrg.user.email);
    const changed = await support.request<WatermarkTemplate>("PUT", p.defaultTemplate, {
      json: { version: asAdmin.body.version, text: "COPY — {documentName} — {requester} — {time}", fontSize: 30 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect([changed.body.version, changed.body.fontSize]).toEqual([asAdmin.body.version + 1, 30]);
    const stale = await support.request("PUT", p.defaultTemplate, {
      json: { version: asAdmin.body.version, angle: 0 },
    });
    expect(stale.status).toBe(409);
    const event = await db().auditEvent.findFirstOrThrow({
      where: { type: "watermark-template.default-updated" },
      orderBy: { occurredAt: "desc" },
    });
    expect([event.streamType, event.actorId]).toEqual(["installation", supportOrg.user.id]);
    // a support user also reads and changes another organization's templates
    expect((await support.get(p.templates)).status).toBe(200);
  });
});

describe("watermarked copies", () => {
  let s: SignablePackage & { participant: SigningClient };
  beforeAll(async () => {
    s = await sealedPackage();
  });

  it("serves a COMPLETED package without rules unchanged, and a deposited one only as a watermarked copy, audited", async () => {
    const stored = await db().document.findUniqueOrThrow({ where: { id: s.document.id } });
    const completed = await download(s.admin, documentFile(s));
    expect(completed.status).toBe(200);
    expect(sha256(completed.bytes)).toBe(stored.sha256);
    expect(completed.headers.get("content-length")).toBe(String(stored.sizeBytes));

    await setStatus(s.pkg.id, "EDEPOSITED");
    const copy = await download(s.admin, documentFile(s));
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("application/pdf");
    expect(copy.headers.get("content-length")).toBe(String(copy.bytes.length));
    expect(sha256(copy.bytes)).not.toBe(stored.sha256);
    const text = words(copy.bytes);
    // the system default: COPY — {documentName} — requested by {requester} at {time}
    expect(text).toContain(squeezed("COPY"));
    expect(text).toContain(squeezed("Promissory note"));
    expect(text).toContain(squeezed(s.org.admin.email));
    expect(qpdfCheck(copy.bytes)).toContain("No syntax or stream encoding errors");

    const events = (await packageAudit(db(), s.pkg.id)).filter((event) => event.type === "copy.watermarked");
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      documentId: s.document.id,
      documentType: "DOCUMENT",
      requesterType: "MEMBER",
      templateId: SYSTEM_DEFAULT_WATERMARK_ID,
      sha256Original: stored.sha256,
      sha256Copy: sha256(copy.bytes),
    });
    expect(events[0]!.actorId).toBe(s.org.admin.id);
    // the stored original is untouched
    expect(sha256(await readStored(stored.blobKey))).toBe(stored.sha256);
  });

  it("watermarks the sealed files, the zip and the participant's copies of a deposited package; a cancelled deposit serves them unchanged again", async () => {
    await setStatus(s.pkg.id, "EDEPOSITED");
    const artifacts = (await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts)).body.records;
    const certificate = artifacts.find((artifact) => artifact.kind === "CERTIFICATE")!;
    const sealed = artifacts.find((artifact) => artifact.kind === "DOCUMENT")!;

    const sealedCopy = await download(s.admin, s.api.sealedFile(sealed.id));
    expect(sealedCopy.status).toBe(200);
    expect(sha256(sealedCopy.bytes)).not.toBe(sealed.sha256);
    expect(words(sealedCopy.bytes)).toContain(squeezed("COPY"));
    expect(qpdfCheck(sealedCopy.bytes)).toContain("No syntax or stream encoding errors");
    const certificateCopy = await download(s.admin, s.api.sealedFile(certificate.id));
    expect(sha256(certificateCopy.bytes)).not.toBe(certificate.sha256);

    const zip = await download(s.admin, s.api.sealedZip);
    expect(zip.status).toBe(200);
    const zipEvents = (await packageAudit(db(), s.pkg.id)).filter(
      (event) => event.type === "copy.watermarked" && (event.data as { zip?: boolean }).zip === true,
    );
    expect(zipEvents.map((event) => (event.data as { artifactId: string }).artifactId).sort()).toEqual(
      [certificate.id, sealed.id].sort(),
    );

    const roomCopy = await download(s.participant, `/api/v1/signing/downloads/${sealed.id}`);
    expect(roomCopy.status).toBe(200);
    expect(sha256(roomCopy.bytes)).not.toBe(sealed.sha256);
    expect(words(roomCopy.bytes)).toContain(squeezed("Ada"));
    const participantEvent = (await packageAudit(db(), s.pkg.id)).findLast(
      (event) => event.type === "copy.watermarked",
    );
    expect(participantEvent?.data).toMatchObject({ requesterType: "PARTICIPANT", sha256Original: sealed.sha256 });

    // cancel eDeposit puts the package back to COMPLETED: copies are as stored again
    await setStatus(s.pkg.id, "COMPLETED");
    const again = await download(s.admin, s.api.sealedFile(sealed.id));
    expect(sha256(again.bytes)).toBe(sealed.sha256);
    const roomAgain = await download(s.participant, `/api/v1/signing/downloads/${sealed.id}`);
    expect(sha256(roomAgain.bytes)).toBe(sealed.sha256);
  });

  it("chooses the template per requester: a member's copy and a participant's copy of the same document differ", async () => {
    const orgId = s.org.organizationId;
    const member = await createTemplate(s.admin, orgId, { name: "Members", text: "MEMBER COPY {requester}", angle: 0 });
    const participant = await createTemplate(s.admin, orgId, {
      name: "Participants",
      text: "PARTICIPANT COPY {requester}",
      angle: 0,
    });
    const fallback = await createTemplate(s.admin, orgId, { name: "Any", text: "ANY COPY", angle: 0 });
    await replaceRules(s.admin, orgId, [
      { templateId: fallback.id, packageStatus: "COMPLETED" },
      { templateId: member.id, packageStatus: "COMPLETED", requesterType: "MEMBER" },
      { templateId: participant.id, packageStatus: "COMPLETED", requesterType: "PARTICIPANT" },
    ]);
    await setStatus(s.pkg.id, "COMPLETED");

    const asMember = await download(s.admin, documentFile(s));
    expect(words(asMember.bytes)).toContain(squeezed(`MEMBER COPY Test`));
    expect(words(asMember.bytes)).not.toContain(squeezed("PARTICIPANT COPY"));
    const asParticipant = await download(s.participant, `/api/v1/signing/documents/${s.document.id}/file`);
    expect(asParticipant.status).toBe(200);
    expect(words(asParticipant.bytes)).toContain(squeezed("PARTICIPANT COPY Ada"));
    // the certificate matches the COMPLETED rule for a member (more specific) too
    const events = (await packageAudit(db(), s.pkg.id)).filter((event) => event.type === "copy.watermarked").slice(-2);
    expect(events.map((event) => (event.data as { templateId: string }).templateId)).toEqual([
      member.id,
      participant.id,
    ]);
    await replaceRules(s.admin, orgId, []);
  });
});

async function readStored(blobKey: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await app.server.deps.storage.get(blobKey)) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe("applyWatermark on real-world PDFs", () => {
  const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith(".pdf") && !name.includes("password"));
  const style = { position: "CENTER", angle: 0, opacity: 0.3, fontSize: 40, color: "#cc0000" } as const;

  it.each(fixtures)("%s: every page carries the watermark and the copy passes qpdf --check", async (name) => {
    const original = new Uint8Array(readFileSync(join(FIXTURES, name)));
    const copy = await applyWatermark(original, style, "WATERMARK COPY Łódź");
    expect(sha256(copy)).not.toBe(sha256(original));
    expect(qpdfCheck(copy)).toContain("No syntax or stream encoding errors");
    const pages = Number(
      /Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [join(FIXTURES, name)], { encoding: "utf8" }))?.[1],
    );
    const text = words(copy);
    expect(text.split(squeezed("WATERMARK COPY Łódź")).length - 1, text).toBe(pages);
  });

  it.each([90, 180, 270])(
    "a page rotated %i° gets the watermark inside the page, in every position",
    async (rotation) => {
      const dir = mkdtempSync(join(tmpdir(), "signet-rotate-"));
      execFileSync("qpdf", [`--rotate=+${rotation}`, join(FIXTURES, "minimal-document.pdf"), join(dir, "rotated.pdf")]);
      const rotated = new Uint8Array(readFileSync(join(dir, "rotated.pdf")));
      for (const position of ["CENTER", "TOP_LEFT", "BOTTOM_RIGHT"] as const) {
        const copy = await applyWatermark(rotated, { ...style, position, angle: 30 }, "ROTATED PAGE COPY");
        expect(qpdfCheck(copy)).toContain("No syntax or stream encoding errors");
        // pdftotext reads only text inside the page's crop box: the mark is there
        expect(words(copy), `${rotation} ${position}`).toContain(squeezed("ROTATED PAGE COPY"));
      }
    },
  );
});
