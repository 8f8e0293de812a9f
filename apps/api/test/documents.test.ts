import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import {
  DOCUMENT_API_MESSAGES,
  DOCUMENT_MESSAGES,
  type Document,
  type DocumentList,
  HEADERS,
  PACKAGE_MESSAGES,
  type Package,
} from "@signet/contract";
import { pdfPageSizes, verifyAuditChain } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, organizationWithAdmin, signedIn } from "./support/access-fixtures.ts";
import { fixturePdf, upload } from "./support/document-upload.ts";
import type { HttpClient } from "./support/http-client.ts";
import {
  createPackage,
  memberOfNewGroup,
  OFFICER,
  packageAuditTypes,
  packageOrg,
  VIEWER,
} from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Real-world PDFs from fixtures/pdfs in this repository.
const fixture = fixturePdf;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Small enough to test the limit, large enough for every fixture (the largest is 80 KB). */
const MAX_UPLOAD_BYTES = 200_000;
const dataDir = mkdtempSync(join(tmpdir(), "signet-documents-"));
const blobsDir = join(dataDir, "blobs");

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ...ACCESS_TEST_ENV, DATA_DIR: dataDir, MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => app.server.db;

function documentPaths(organizationId: string, packageId: string) {
  const base = `/api/v4/organizations/${organizationId}/packages/${packageId}`;
  return {
    documents: `${base}/documents`,
    document: (id: string) => `${base}/documents/${id}`,
    file: (id: string) => `${base}/documents/${id}/file`,
    numPages: (id: string) => `${base}/documents/${id}/num-pages`,
    order: `${base}/documents-order`,
  };
}

/** Every file under DATA_DIR/blobs (temporary files included). */
function blobFiles(): string[] {
  try {
    return readdirSync(blobsDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

async function download(client: HttpClient, path: string) {
  const response = await fetch(`${client.baseUrl}${path}`, {
    headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function newPackage() {
  const context = await packageOrg(db(), app.url);
  const pkg = await createPackage(context.admin, context.paths);
  return { ...context, pkg, docs: documentPaths(context.org.organizationId, pkg.id) };
}

async function packageVersion(id: string) {
  return (await db().package.findUniqueOrThrow({ where: { id } })).version;
}

/** A tiny valid PNG (solid colour) of the given size, built by hand. */
function png(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7f)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("upload", () => {
  const cases = [
    ["minimal-document.pdf", 1],
    ["pdflatex-4-pages.pdf", 4],
    ["google-doc-document.pdf", 1],
    ["libreoffice-form.pdf", 1],
    ["pdfkit.pdf", 1],
  ] as const;

  it.each(cases)("accepts %s with its page count and SHA-256", async (name, pages) => {
    const { admin, org, pkg, docs } = await newPackage();
    const bytes = fixture(name);
    const reply = await upload(admin, docs.documents, bytes, { fileName: name });
    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(`${docs.documents}/${reply.body.id}`);
    expect(reply.body).toMatchObject({
      packageId: pkg.id,
      name: name.replace(/\.pdf$/, ""),
      executionType: "E_SIGN",
      orderSequence: 1,
      contentType: "application/pdf",
      sizeBytes: bytes.length,
      sha256: sha256(bytes),
      numPages: pages,
      originalFileName: name,
      uploadedBy: org.admin.id,
      version: 1,
    });
    const row = await db().document.findUniqueOrThrow({ where: { id: reply.body.id } });
    expect(row).toMatchObject({ organizationId: org.organizationId, sha256: sha256(bytes), numPages: pages });
    expect(readFileSync(join(blobsDir, ...row.blobKey.split("/")))).toEqual(bytes);
    expect(await packageVersion(pkg.id)).toBe(pkg.version + 1);
    expect(await packageAuditTypes(db(), pkg.id)).toEqual(["package.created", "document.uploaded"]);
    const event = await db().auditEvent.findFirstOrThrow({
      where: { streamType: "package", streamId: pkg.id, type: "document.uploaded" },
    });
    expect(event.data).toMatchObject({ documentId: reply.body.id, sha256: sha256(bytes), numPages: pages });
    expect(await verifyAuditChain(db(), "package", pkg.id)).toMatchObject({ valid: true });

    const pagesReply = await admin.get(docs.numPages(reply.body.id));
    expect([pagesReply.status, pagesReply.body]).toEqual([200, { numPages: pages }]);
    const got = await admin.get<Document>(docs.document(reply.body.id));
    expect(got.body).toEqual(reply.body);
  });

  it("accepts a PDF whose large image stream its checks skip, storing and hashing the file as sent", async () => {
    // an image stream over the sparse copy's threshold (64 KiB): the upload checks the PDF without it
    const image = Buffer.alloc(100_000, 0x80);
    const bytes = Buffer.concat([
      Buffer.from(
        "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" +
          "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n" +
          "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 500 700] /Rotate 90 /Resources << /XObject << /Im0 4 0 R >> >> >>\nendobj\n" +
          `4 0 obj\n<< /Type /XObject /Subtype /Image /Width 100 /Height 1000 /BitsPerComponent 8 /ColorSpace /DeviceGray /Length ${image.length} >>\nstream\n`,
        "latin1",
      ),
      image,
      Buffer.from("\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 5 >>\n%%EOF\n", "latin1"),
    ]);
    const { admin, docs } = await newPackage();
    const reply = await upload(admin, docs.documents, bytes, { fileName: "scan.pdf" });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ sizeBytes: bytes.length, sha256: sha256(bytes), numPages: 1 });
    const row = await db().document.findUniqueOrThrow({ where: { id: reply.body.id } });
    expect(row).toMatchObject({
      pageSizes: [{ width: 700, height: 500 }],
      activeContentRemoved: [],
      originalSha256: null,
    });
    expect(readFileSync(join(blobsDir, ...row.blobKey.split("/")))).toEqual(bytes);
  });

  it("takes documentProperties (before or after the file) and the execution type labels", async () => {
    const { admin, docs } = await newPackage();
    const first = await upload(admin, docs.documents, fixture("minimal-document.pdf"), {
      properties: { name: "  Closing disclosure ", executionType: "View Only" },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: "Closing disclosure", executionType: "VIEW_ONLY" });
    const second = await upload(admin, docs.documents, fixture("minimal-document.pdf"), {
      properties: { name: "Note", executionType: "PAPER" },
      propertiesLast: true,
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ name: "Note", executionType: "PAPER", orderSequence: 2 });
    const bad = await upload(admin, docs.documents, fixture("minimal-document.pdf"), {
      properties: { name: "X", executionType: "sealed" },
    });
    expect([bad.status, bad.body.message]).toEqual([400, DOCUMENT_MESSAGES.invalidExecutionType]);
    const notJson = await upload(admin, docs.documents, fixture("minimal-document.pdf"), { properties: "{oops" });
    expect([notJson.status, notJson.body.message]).toEqual([400, DOCUMENT_API_MESSAGES.invalidProperties]);
    expect(await db().document.count({ where: { packageId: first.body.packageId } })).toBe(2);
  });

  it("refuses a password-protected PDF with its message and keeps nothing", async () => {
    const { admin, pkg, docs } = await newPackage();
    const before = blobFiles().length;
    const reply = await upload(admin, docs.documents, fixture("libreoffice-writer-password.pdf"), {
      fileName: "libreoffice-writer-password.pdf",
    });
    expect([reply.status, reply.body.message]).toEqual([415, DOCUMENT_API_MESSAGES.passwordProtected]);
    expect(await db().document.count({ where: { packageId: pkg.id } })).toBe(0);
    expect(blobFiles().length).toBe(before);
    expect(await packageVersion(pkg.id)).toBe(pkg.version);
  });

  it("turns a PNG into a one-page PDF sized to the image", async () => {
    const { admin, docs } = await newPackage();
    const image = png(120, 80);
    const reply = await upload(admin, docs.documents, image, { fileName: "scan.png", contentType: "image/png" });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ name: "scan", numPages: 1, contentType: "application/pdf" });
    const file = await download(admin, docs.file(reply.body.id));
    expect(file.status).toBe(200);
    expect(Buffer.from(file.bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(reply.body.sha256).toBe(sha256(file.bytes));
    expect(reply.body.sizeBytes).toBe(file.bytes.length);
    expect(await pdfPageSizes(file.bytes)).toEqual([{ width: 120, height: 80 }]);
    // only the converted PDF is kept
    const row = await db().document.findUniqueOrThrow({ where: { id: reply.body.id } });
    expect(blobFiles().filter((path) => path.includes(reply.body.packageId))).toEqual([
      join(blobsDir, ...row.blobKey.split("/")),
    ]);
  });

  it("refuses executables and text renamed .pdf, and corrupt PDFs, keeping nothing", async () => {
    const { admin, pkg, docs } = await newPackage();
    const before = blobFiles().length;
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000, 1)]);
    const mz = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(4000)]);
    const text = Buffer.from("This is only text pretending to be a PDF.\n".repeat(20));
    for (const bytes of [elf, mz, text]) {
      const reply = await upload(admin, docs.documents, bytes, { fileName: "contract.pdf" });
      expect([reply.status, reply.body.message]).toEqual([415, DOCUMENT_MESSAGES.uploadUnsupported]);
    }
    // a PDF by its first bytes that cannot be read through is called damaged, not of the wrong type
    const corrupt = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2000, 0x41)]);
    const real = fixture("pdflatex-4-pages.pdf");
    const truncated = real.subarray(0, Math.floor(real.length * 0.6));
    for (const bytes of [corrupt, truncated]) {
      const reply = await upload(admin, docs.documents, bytes, { fileName: "contract.pdf" });
      expect([reply.status, reply.body.message]).toEqual([415, DOCUMENT_API_MESSAGES.damagedPdf]);
    }
    // sniffed as it streams: an executable over the size limit is refused for its type, not its size
    const bigElf = Buffer.concat([elf, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const early = await upload(admin, docs.documents, bigElf, { fileName: "setup.pdf" });
    expect([early.status, early.body.message]).toEqual([415, DOCUMENT_MESSAGES.uploadUnsupported]);
    expect(await db().document.count({ where: { packageId: pkg.id } })).toBe(0);
    expect(blobFiles().length).toBe(before);
    expect(await packageVersion(pkg.id)).toBe(pkg.version);
  });

  it("refuses a file over MAX_UPLOAD_BYTES with 413 and nothing on disk", async () => {
    const { admin, pkg, docs } = await newPackage();
    const before = blobFiles().length;
    const big = Buffer.concat([fixture("minimal-document.pdf"), Buffer.alloc(MAX_UPLOAD_BYTES, 0x20)]);
    const reply = await upload(admin, docs.documents, big, { fileName: "big.pdf" });
    expect([reply.status, reply.body.message]).toEqual([413, DOCUMENT_MESSAGES.uploadTooLarge]);
    expect(await db().document.count({ where: { packageId: pkg.id } })).toBe(0);
    expect(blobFiles().length).toBe(before);
  });

  it("refuses a duplicate name (case-insensitive), keeping the blob count unchanged", async () => {
    const { admin, pkg, docs } = await newPackage();
    expect((await upload(admin, docs.documents, fixture("pdfkit.pdf"), { fileName: "Deed.pdf" })).status).toBe(201);
    const before = blobFiles().length;
    const again = await upload(admin, docs.documents, fixture("pdfkit.pdf"), { properties: { name: " deed " } });
    expect([again.status, again.body.message]).toEqual([409, DOCUMENT_MESSAGES.nameMustBeUnique]);
    expect(blobFiles().length).toBe(before);
    expect(await db().document.count({ where: { packageId: pkg.id } })).toBe(1);
  });

  it("refuses a request without the 'contents' part", async () => {
    const { admin, docs } = await newPackage();
    const form = new FormData();
    form.append("documentProperties", JSON.stringify({ name: "x" }));
    const response = await fetch(`${app.url}${docs.documents}`, {
      method: "POST",
      headers: {
        cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; "),
        [HEADERS.csrf]: admin.jar.get(admin.csrfCookie) ?? "",
      },
      body: form,
    });
    const body = (await response.json()) as { message: string };
    expect([response.status, body.message]).toEqual([400, DOCUMENT_API_MESSAGES.fileRequired]);
  });

  it("refuses uploads unless the package is STARTED", async () => {
    const { admin, pkg, docs } = await newPackage();
    await db().package.update({ where: { id: pkg.id }, data: { status: "AVAILABLE_TO_SIGNERS" } });
    const reply = await upload(admin, docs.documents, fixture("minimal-document.pdf"));
    expect([reply.status, reply.body.message]).toEqual([409, PACKAGE_MESSAGES.notEditable]);
    expect(await db().document.count({ where: { packageId: pkg.id } })).toBe(0);
  });
});

describe("download, update, delete, order", () => {
  it("downloads the uploaded bytes as an attachment with a safe name", async () => {
    const { admin, docs } = await newPackage();
    const bytes = fixture("pdflatex-4-pages.pdf");
    const created = await upload(admin, docs.documents, bytes, { properties: { name: 'Loan "final"/ürk' } });
    expect(created.status).toBe(201);
    const file = await download(admin, docs.file(created.body.id));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="Loan _final_urk.pdf"; filename*=UTF-8''${encodeURIComponent('Loan "final"/ürk.pdf')}`,
    );
    expect(Buffer.from(file.bytes)).toEqual(bytes);
  });

  it("renames and changes the execution type at the document's version", async () => {
    const { admin, pkg, docs } = await newPackage();
    const a = await upload(admin, docs.documents, fixture("pdfkit.pdf"), { fileName: "a.pdf" });
    await upload(admin, docs.documents, fixture("pdfkit.pdf"), { fileName: "b.pdf" });
    const changed = await admin.request<Document>("PATCH", docs.document(a.body.id), {
      json: { version: 1, name: "Alpha", executionType: "paper" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: "Alpha", executionType: "PAPER", version: 2 });
    const stale = await admin.request("PATCH", docs.document(a.body.id), { json: { version: 1, name: "Beta" } });
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);
    const taken = await admin.request("PATCH", docs.document(a.body.id), { json: { version: 2, name: "B" } });
    expect([taken.status, taken.body.message]).toEqual([409, DOCUMENT_MESSAGES.nameMustBeUnique]);
    expect((await db().document.findUniqueOrThrow({ where: { id: a.body.id } })).name).toBe("Alpha");
    expect(await packageAuditTypes(db(), pkg.id)).toEqual([
      "package.created",
      "document.uploaded",
      "document.uploaded",
      "document.updated",
    ]);
  });

  it("deletes a document with its file; then download and delete answer 404", async () => {
    const { admin, pkg, docs } = await newPackage();
    const created = await upload(admin, docs.documents, fixture("minimal-document.pdf"));
    const row = await db().document.findUniqueOrThrow({ where: { id: created.body.id } });
    const stale = await admin.request("DELETE", `${docs.document(created.body.id)}?version=7`);
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);
    const deleted = await admin.request("DELETE", `${docs.document(created.body.id)}?version=1`);
    expect(deleted.status).toBe(204);
    expect(await db().document.count({ where: { id: created.body.id } })).toBe(0);
    expect(blobFiles()).not.toContain(join(blobsDir, ...row.blobKey.split("/")));
    expect((await download(admin, docs.file(created.body.id))).status).toBe(404);
    const again = await admin.request("DELETE", `${docs.document(created.body.id)}?version=1`);
    expect([again.status, again.body.message]).toEqual([404, DOCUMENT_MESSAGES.deleteNotFound]);
    const events = await packageAuditTypes(db(), pkg.id);
    expect(events.at(-1)).toBe("document.deleted");
  });

  it("deleting the package removes its documents' files too", async () => {
    const { admin, pkg, paths, docs } = await newPackage();
    const created = await upload(admin, docs.documents, fixture("minimal-document.pdf"));
    const row = await db().document.findUniqueOrThrow({ where: { id: created.body.id } });
    const file = join(blobsDir, ...row.blobKey.split("/"));
    expect(blobFiles()).toContain(file);
    const version = await packageVersion(pkg.id);
    const deleted = await admin.request("DELETE", `${paths.package(pkg.id)}?version=${version}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect(await db().document.count({ where: { id: created.body.id } })).toBe(0);
    expect(blobFiles()).not.toContain(file);
  });

  it("answers 'Delete unsuccessful as file not found.' when the blob is gone, keeping the row", async () => {
    const { admin, docs } = await newPackage();
    const created = await upload(admin, docs.documents, fixture("minimal-document.pdf"));
    const row = await db().document.findUniqueOrThrow({ where: { id: created.body.id } });
    rmSync(join(blobsDir, ...row.blobKey.split("/")));
    const reply = await admin.request("DELETE", `${docs.document(created.body.id)}?version=1`);
    expect([reply.status, reply.body.message]).toEqual([404, DOCUMENT_MESSAGES.deleteNotFound]);
    expect(await db().document.count({ where: { id: created.body.id } })).toBe(1);
  });

  it("reorders at the package's version and lists in order", async () => {
    const { admin, pkg, docs } = await newPackage();
    const ids: string[] = [];
    for (const name of ["one", "two", "three"]) {
      ids.push((await upload(admin, docs.documents, fixture("pdfkit.pdf"), { fileName: `${name}.pdf` })).body.id);
    }
    const version = await packageVersion(pkg.id);
    const reordered = await admin.request<DocumentList>("PUT", docs.order, {
      json: { documentIds: [ids[2], ids[0], ids[1]], version },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.records.map((d) => [d.name, d.orderSequence])).toEqual([
      ["three", 1],
      ["one", 2],
      ["two", 3],
    ]);
    const list = await admin.get<DocumentList>(docs.documents);
    expect(list.body.records.map((d) => d.id)).toEqual([ids[2], ids[0], ids[1]]);
    const stale = await admin.request("PUT", docs.order, { json: { documentIds: ids, version } });
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);
    const partial = await admin.request("PUT", docs.order, {
      json: { documentIds: [ids[0]], version: version + 1 },
    });
    expect([partial.status, partial.body.message]).toEqual([400, DOCUMENT_API_MESSAGES.orderMustListEveryDocument]);
  });

  it("answers spec §8's 'No document found for current package.' to an order for a package without documents", async () => {
    const { admin, pkg, docs } = await newPackage();
    const reply = await admin.request("PUT", docs.order, {
      json: { documentIds: [crypto.randomUUID()], version: await packageVersion(pkg.id) },
    });
    expect([reply.status, reply.body.message]).toEqual([404, DOCUMENT_API_MESSAGES.noDocumentInPackage]);
  });
});

describe("tenancy and access", () => {
  it("answers 404 for another organization's ids and packages the caller cannot see; viewers cannot change", async () => {
    const { org, admin, pkg, docs } = await newPackage();
    const created = await upload(admin, docs.documents, fixture("minimal-document.pdf"));
    const id = created.body.id;

    const other = await organizationWithAdmin(db());
    const outsider = await signedIn(app.url, other.admin.email);
    // their own organization in the path, our package and document ids
    const mixed = documentPaths(other.organizationId, pkg.id);
    for (const reply of [
      await outsider.get(docs.documents),
      await outsider.get(mixed.documents),
      await outsider.get(mixed.document(id)),
      await outsider.get(mixed.numPages(id)),
      await outsider.request("PATCH", mixed.document(id), { json: { version: 1, name: "x" } }),
      await outsider.request("DELETE", `${mixed.document(id)}?version=1`),
      await outsider.request("PUT", mixed.order, { json: { documentIds: [id], version: 1 } }),
    ]) {
      expect(reply.status).toBe(404);
    }
    expect((await download(outsider, mixed.file(id))).status).toBe(404);
    expect((await upload(outsider, mixed.documents, fixture("minimal-document.pdf"))).status).toBe(404);

    // a member of another group of the same organization does not see the package
    const stranger = await memberOfNewGroup(org, app.url, OFFICER);
    expect((await stranger.client.get(docs.documents)).status).toBe(404);
    expect((await stranger.client.get(docs.document(id))).status).toBe(404);
    expect((await download(stranger.client, docs.file(id))).status).toBe(404);
    expect((await upload(stranger.client, docs.documents, fixture("pdfkit.pdf"))).status).toBe(404);

    // a viewer of the package's group reads but cannot change
    const viewer = await memberOfNewGroup(org, app.url, VIEWER);
    await admin.request<Package>(
      "PUT",
      `/api/v9/organizations/${org.organizationId}/packages/${pkg.id}/package-groups`,
      {
        json: { groupIds: [org.adminGroup.id, viewer.group.id], version: await packageVersion(pkg.id) },
      },
    );
    expect((await viewer.client.get(docs.document(id))).status).toBe(200);
    expect((await download(viewer.client, docs.file(id))).status).toBe(200);
    expect((await upload(viewer.client, docs.documents, fixture("pdfkit.pdf"))).status).toBe(403);
    const del = await viewer.client.request("DELETE", `${docs.document(id)}?version=1`);
    expect(del.status).toBe(403);
    expect(await db().document.count({ where: { packageId: pkg.id } })).toBe(1);
  });
});
