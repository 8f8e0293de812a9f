import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DOCUMENT_MESSAGES, type Document, ERROR_CODES } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StartedServer } from "../src/start-server.ts";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { fixturePdf, upload } from "./support/document-upload.ts";
import { HttpClient } from "./support/http-client.ts";
import { createPackage, memberOfNewGroup, OFFICER, packageOrg } from "./support/package-fixtures.ts";
import { call, publishedDocumentTemplate, templatePaths } from "./support/template-fixtures.ts";
import { startReplica, startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 37 §6: a document entering a package passes the same rules whichever way it comes
// (packages/core/src/documents/admit-document.ts). The operator lowers MAX_UPLOAD_BYTES below the
// size of a document template's file: an API process with the lower limit refuses that template's
// copy exactly as it refuses uploading the same file, while one with the old limit still adds it.

const PDF = "pdflatex-4-pages.pdf";
/** below the fixture's size (24,607 bytes), above what the rest of the request needs */
const LOWER_LIMIT = 20_000;
const dataDir = mkdtempSync(join(tmpdir(), "signet-admission-"));

let app: TestApp;
/** a second API process on the same database and storage, started with the lower limit */
let lowered: StartedServer;
beforeAll(async () => {
  app = await startTestApp({ ...ACCESS_TEST_ENV, DATA_DIR: dataDir });
  lowered = await startReplica(app, { ...ACCESS_TEST_ENV, DATA_DIR: dataDir, MAX_UPLOAD_BYTES: String(LOWER_LIMIT) });
});
afterAll(async () => {
  await lowered?.close();
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const db = () => app.server.db;

/** The same signed-in session, talking to the process with the lower limit. */
function onLowered(client: HttpClient): HttpClient {
  const other = new HttpClient(lowered.url);
  for (const [name, value] of client.jar) other.jar.set(name, value);
  other.bearer = client.bearer;
  return other;
}

async function setup() {
  const { org, admin, paths } = await packageOrg(db(), app.url);
  const officer = await memberOfNewGroup(org, app.url, OFFICER);
  const t = templatePaths(org.organizationId);
  const { template } = await publishedDocumentTemplate(admin, t, {
    name: "Closing Disclosure",
    groupIds: [officer.group.id],
    pdf: PDF,
  });
  const pkg = await createPackage(officer.client, paths, { name: "Okafor purchase" });
  return { officer: officer.client, paths, t, template, pkg };
}

describe("documents entering a package", () => {
  it("refuses a template's copy over MAX_UPLOAD_BYTES with the answer an upload of the same file gets", async () => {
    const s = await setup();
    expect(fixturePdf(PDF).length).toBeGreaterThan(LOWER_LIMIT);
    const officer = onLowered(s.officer);

    const uploaded = await upload(officer, s.t.documents(s.pkg.id), fixturePdf(PDF), {
      fileName: "Closing Disclosure.pdf",
    });
    expect([uploaded.status, uploaded.body.message]).toEqual([413, ERROR_CODES.PAYLOAD_TOO_LARGE.message]);

    const copied = await call(officer, "POST", s.t.fromTemplate(s.pkg.id), { documentTemplateId: s.template.id });
    expect([copied.status, copied.body.message]).toEqual([uploaded.status, uploaded.body.message]);
    expect(await db().document.count({ where: { packageId: s.pkg.id } })).toBe(0);

    // the process with the old limit adds it: the limit, not the template, refused it
    const added = await call<Document>(s.officer, "POST", s.t.fromTemplate(s.pkg.id), {
      documentTemplateId: s.template.id,
    });
    expect([added.status, added.body.name]).toEqual([201, "Closing Disclosure"]);
  });

  it("numbers a template's copy whose name the package has, where an upload of that name is refused", async () => {
    const s = await setup();
    const first = await call<Document>(s.officer, "POST", s.t.fromTemplate(s.pkg.id), {
      documentTemplateId: s.template.id,
    });
    const second = await call<Document>(s.officer, "POST", s.t.fromTemplate(s.pkg.id), {
      documentTemplateId: s.template.id,
    });
    expect([first.body.name, second.body.name]).toEqual(["Closing Disclosure", "Closing Disclosure (2)"]);
    expect(second.body.orderSequence).toBe(first.body.orderSequence + 1);

    const clash = await upload(s.officer, s.t.documents(s.pkg.id), fixturePdf("minimal-document.pdf"), {
      fileName: "closing disclosure (2).pdf",
    });
    expect([clash.status, clash.body.message]).toEqual([409, DOCUMENT_MESSAGES.nameMustBeUnique]);
  });

  it("refuses a template's copy into a package that is no longer being prepared", async () => {
    const s = await setup();
    await db().package.update({ where: { id: s.pkg.id }, data: { status: "COMPLETED" } });
    const copied = await call(s.officer, "POST", s.t.fromTemplate(s.pkg.id), { documentTemplateId: s.template.id });
    const uploaded = await upload(s.officer, s.t.documents(s.pkg.id), fixturePdf(PDF), {
      fileName: "Other.pdf",
    });
    expect(copied.status).toBe(409);
    expect([copied.status, copied.body.message]).toEqual([uploaded.status, uploaded.body.message]);
  });
});
