import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { LIMITS } from "@signet/contract";
import { BlobNotFoundError, BlobStorageUnavailableError, createS3Storage } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { fixturePdf, upload } from "./support/document-upload.ts";
import { type HttpFaultProxy, startHttpFaultProxy } from "./support/http-fault-proxy.ts";
import { createPackage, packageOrg } from "./support/package-fixtures.ts";
import { type S3Server, startS3Server } from "./support/s3-server.ts";
import { packageApi } from "./support/signing-fixtures.ts";
import { cookieHeader } from "./support/signing-room-helpers.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// The S3 driver against a real S3 server process (s3rver) over HTTP on loopback, with a relay in
// front of it that can answer 500 or hold the answer, as a failing or hanging store does.

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function readAll(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** `total` bytes in 64 KiB chunks, as a request body arrives. */
function chunked(bytes: Buffer) {
  return Readable.from(
    Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536)),
  );
}

/** A stream that yields `bytes` bytes, then fails (a client that disconnects mid-upload). */
function failingAfter(bytes: number) {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < bytes; sent += 65536) yield Buffer.alloc(Math.min(65536, bytes - sent), 7);
      throw new Error("client went away");
    })(),
  );
}

let server: S3Server;
let proxy: HttpFaultProxy;
let app: TestApp | undefined;
const TIMEOUT_MS = 500;

beforeAll(async () => {
  server = await startS3Server();
  proxy = await startHttpFaultProxy(server.endpoint);
});
afterAll(async () => {
  await app?.close();
  await proxy?.close();
  await server?.stop();
});

const storage = (timeoutMs = 30_000) =>
  createS3Storage({
    bucket: server.bucket,
    region: "us-east-1",
    endpoint: proxy.url,
    accessKeyId: server.env.S3_ACCESS_KEY_ID,
    secretAccessKey: server.env.S3_SECRET_ACCESS_KEY,
    timeoutMs,
  });

describe("S3 storage on a real S3 server", () => {
  it("puts a stream (size and SHA-256), gets the same bytes back, deletes once", async () => {
    const blobs = storage();
    const bytes = Buffer.from("%PDF-1.7 some bytes of a document");
    const key = "documents/org/pkg/a.pdf";
    expect(await blobs.put(key, Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]))).toEqual({
      size: bytes.length,
      sha256: sha(bytes),
    });
    expect(await readAll(await blobs.get(key))).toEqual(bytes);
    expect(await blobs.delete(key)).toBe(true);
    expect(await blobs.delete(key)).toBe(false);
    await expect(blobs.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it("stores a 50 MB document as a multipart upload of 8 MiB parts and reads every byte back", async () => {
    const blobs = storage();
    const bytes = Buffer.alloc(LIMITS.maxUploadBytes);
    for (let i = 0; i < bytes.length; i += 4093) bytes[i] = i % 251;
    const key = "documents/org/pkg/fifty.pdf";
    const before = proxy.seen.length;
    expect(await blobs.put(key, chunked(bytes))).toEqual({ size: bytes.length, sha256: sha(bytes) });
    // create, 7 parts (6 of 8 MiB and the rest), complete: never one 50 MB request
    expect(proxy.seen.length - before).toBe(1 + Math.ceil(bytes.length / (8 * 1024 * 1024)) + 1);
    expect(sha(await readAll(await blobs.get(key)))).toBe(sha(bytes));
    expect(await blobs.delete(key)).toBe(true);
  });

  it("answers a missing key with the driver's not-found error", async () => {
    const blobs = storage();
    await expect(blobs.get("documents/org/pkg/never-stored.pdf")).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await blobs.delete("documents/org/pkg/never-stored.pdf")).toBe(false);
  });

  it("aborts the multipart upload when the stream fails midway, leaving no object", async () => {
    const blobs = storage();
    const key = "documents/org/pkg/broken.pdf";
    const before = proxy.seen.length;
    // past one part, so that a multipart upload was started and must be aborted
    await expect(blobs.put(key, failingAfter(9 * 1024 * 1024))).rejects.toThrow("client went away");
    await expect(blobs.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    for await (const listed of blobs.list()) expect(listed).not.toBe(key);
    // s3rver keeps an aborted upload's parts on its disk (it has no AbortMultipartUpload): what is
    // checked is that the driver asked for the abort
    expect(proxy.seen.slice(before).filter((request) => request.startsWith("DELETE "))).toEqual([
      expect.stringMatching(/^DELETE \/signet-documents\/documents\/org\/pkg\/broken\.pdf\?uploadId=/),
    ]);
  });

  it("lists every stored key", async () => {
    const blobs = storage();
    const keys = ["list/a.pdf", "list/b/c.pdf", "list/b/d.pdf", "list/e.pdf", "list/f/g/h.pdf"];
    for (const key of keys) await blobs.put(key, Readable.from([Buffer.from(key)]));
    const listed: string[] = [];
    for await (const key of blobs.list()) if (key.startsWith("list/")) listed.push(key);
    expect(listed.sort()).toEqual(keys);
    for (const key of keys) await blobs.delete(key);
  });

  it("retries a 500 from the store, and succeeds when the next attempt does", async () => {
    const blobs = storage();
    const bytes = Buffer.from("%PDF-1.7 stored on the second attempt");
    proxy.set({ kind: "fail", count: 1 });
    const before = proxy.seen.length;
    expect(await blobs.put("retry/a.pdf", Readable.from([bytes]))).toEqual({ size: bytes.length, sha256: sha(bytes) });
    expect(proxy.seen.length - before).toBe(2);
    expect(await readAll(await blobs.get("retry/a.pdf"))).toEqual(bytes);
  });

  it("fails with a clear error when the store keeps answering 500", async () => {
    const blobs = storage();
    proxy.set({ kind: "fail", count: 3 });
    const failure = await blobs.get("retry/a.pdf").catch((error: unknown) => error);
    proxy.set({ kind: "pass" });
    expect(failure).toBeInstanceOf(BlobStorageUnavailableError);
    expect((failure as Error).message).toBe(
      "Document storage failed to read retry/a.pdf: the store answered 500 InternalError (3 attempts)",
    );
  });

  it("gives up on a store that does not answer after the configured time, each of 3 attempts", async () => {
    const blobs = storage(TIMEOUT_MS);
    proxy.set({ kind: "hold" });
    const before = proxy.seen.length;
    const failure = await blobs
      .put("held/a.pdf", Readable.from([Buffer.from("%PDF-1.7")]))
      .catch((error: unknown) => error);
    const attempts = proxy.seen.length - before;
    proxy.set({ kind: "pass" });
    expect(failure).toBeInstanceOf(BlobStorageUnavailableError);
    expect((failure as Error).message).toBe(
      "Document storage failed to store held/a.pdf: no answer within 0.5 s (3 attempts)",
    );
    expect(attempts).toBe(3);
  });
});

describe("the API on S3", () => {
  it("stores and serves documents through S3, and answers 503 while the store fails or hangs", async () => {
    app = await startTestApp({
      ...ACCESS_TEST_ENV,
      ...server.env,
      S3_ENDPOINT: proxy.url,
      S3_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000),
    });
    const context = await packageOrg(app.server.db, app.url);
    const pkg = await createPackage(context.admin, context.paths, { name: "Stored in S3" });
    const documents = packageApi(context.org.organizationId, pkg.id).documents;
    const pdf = fixturePdf("google-doc-document.pdf");
    const properties = { name: "Note", executionType: "E_SIGN" };
    const stored = await upload(context.admin, documents, pdf, { properties });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const file = (id: string) =>
      fetch(`${app!.url}${documents}/${id}/file`, { headers: { cookie: cookieHeader(context.admin) } });
    const served = await file(stored.body.id);
    expect(served.status).toBe(200);
    expect(sha(new Uint8Array(await served.arrayBuffer()))).toBe(sha(pdf));

    proxy.set({ kind: "fail", count: 3 });
    const refused = await upload(context.admin, documents, pdf, { properties });
    proxy.set({ kind: "pass" });
    expect([refused.status, (refused.body as unknown as { code: string }).code]).toEqual([503, "SERVICE_UNAVAILABLE"]);

    proxy.set({ kind: "hold" });
    const held = await file(stored.body.id);
    proxy.set({ kind: "pass" });
    expect(held.status).toBe(503);
    // the store back, the same file is served again
    expect((await file(stored.body.id)).status).toBe(200);
  });
});
