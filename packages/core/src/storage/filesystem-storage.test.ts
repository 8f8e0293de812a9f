import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { BlobNotFoundError } from "./blob-storage.ts";
import { createFilesystemStorage } from "./filesystem-storage.ts";

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function readAll(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A stream that yields some bytes, then fails (a client that disconnects mid-upload). */
function failingStream() {
  return Readable.from(
    (async function* () {
      yield Buffer.alloc(1000, 1);
      throw new Error("client went away");
    })(),
  );
}

const root = mkdtempSync(join(tmpdir(), "signet-blobs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// the S3 driver is tested against a real S3 server process: apps/api/test/s3-storage.test.ts
const storage = createFilesystemStorage(root);
const stored = () => readdirSync(root, { recursive: true }).length;

describe("filesystem storage", () => {
  it("puts a stream (size and SHA-256), gets the same bytes back, deletes once", async () => {
    const bytes = Buffer.from("%PDF-1.7 some bytes of a document");
    const key = "documents/org/pkg/a.pdf";
    expect(await storage.put(key, Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]))).toEqual({
      size: bytes.length,
      sha256: sha(bytes),
    });
    expect(await readAll(await storage.get(key))).toEqual(bytes);
    expect(await storage.delete(key)).toBe(true);
    expect(await storage.delete(key)).toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it("keeps the bytes of a large blob in order", async () => {
    const bytes = Buffer.alloc(9 * 1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    const key = "documents/org/pkg/big.pdf";
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
      bytes.subarray(i * 65536, (i + 1) * 65536),
    );
    expect(await storage.put(key, Readable.from(chunks))).toEqual({ size: bytes.length, sha256: sha(bytes) });
    expect(sha(await readAll(await storage.get(key)))).toBe(sha(bytes));
    await storage.delete(key);
  });

  it("leaves nothing when the stream fails midway", async () => {
    const before = stored();
    await expect(storage.put("documents/org/pkg/broken.pdf", failingStream())).rejects.toThrow("client went away");
    expect(stored()).toBe(before);
    await expect(storage.get("documents/org/pkg/broken.pdf")).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it("leaves no empty folder after a refused upload or a delete", async () => {
    const before = stored();
    await expect(storage.put("documents/org-new/pkg-new/broken.pdf", failingStream())).rejects.toThrow();
    expect(stored()).toBe(before);
    await storage.put("documents/org-new/pkg-other/kept.pdf", Readable.from([Buffer.from("%PDF-1.7")]));
    expect(await storage.delete("documents/org-new/pkg-other/kept.pdf")).toBe(true);
    expect(stored()).toBe(before);
  });

  it("lists every stored key, and no upload still in progress", async () => {
    const keys = ["list/a.pdf", "list/b/c.pdf", "list/b/d.pdf", "list/e.pdf", "list/f/g/h.pdf"];
    for (const key of keys) await storage.put(key, Readable.from([Buffer.from(key)]));
    const listed: string[] = [];
    for await (const key of storage.list()) if (key.startsWith("list/")) listed.push(key);
    expect(listed.sort()).toEqual(keys);
    for (const key of keys) await storage.delete(key);
  });

  it("refuses keys that could leave the store", async () => {
    for (const key of ["../etc/passwd", "/abs", "a//b", "a/../b", ""]) {
      await expect(storage.put(key, Readable.from([Buffer.from("x")]))).rejects.toThrow("Invalid blob key");
    }
  });
});
