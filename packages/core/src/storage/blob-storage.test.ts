import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  S3ServiceException,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { afterAll, describe, expect, it } from "vitest";
import { BlobNotFoundError, type BlobStorage } from "./blob-storage.ts";
import { createFilesystemStorage } from "./filesystem-storage.ts";
import { createS3Storage } from "./s3-storage.ts";

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

/** An in-memory S3 that answers the commands the driver sends. */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const notFound = () =>
    new S3ServiceException({ name: "NotFound", $fault: "client", $metadata: { httpStatusCode: 404 } });
  const send = async (command: unknown) => {
    if (command instanceof PutObjectCommand) {
      objects.set(command.input.Key!, Buffer.from(command.input.Body as Buffer));
      return {};
    }
    if (command instanceof CreateMultipartUploadCommand) {
      const id = `u${uploads.size + 1}`;
      uploads.set(id, new Map());
      return { UploadId: id };
    }
    if (command instanceof UploadPartCommand) {
      uploads.get(command.input.UploadId!)!.set(command.input.PartNumber!, Buffer.from(command.input.Body as Buffer));
      return { ETag: `e${command.input.PartNumber}` };
    }
    if (command instanceof CompleteMultipartUploadCommand) {
      const parts = uploads.get(command.input.UploadId!)!;
      const ordered = [...parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part);
      objects.set(command.input.Key!, Buffer.concat(ordered));
      uploads.delete(command.input.UploadId!);
      return {};
    }
    if (command instanceof AbortMultipartUploadCommand) {
      uploads.delete(command.input.UploadId!);
      return {};
    }
    if (command instanceof GetObjectCommand) {
      const object = objects.get(command.input.Key!);
      if (!object) throw notFound();
      return { Body: Readable.from([object]) };
    }
    if (command instanceof HeadObjectCommand) {
      if (!objects.has(command.input.Key!)) throw notFound();
      return {};
    }
    if (command instanceof DeleteObjectCommand) {
      objects.delete(command.input.Key!);
      return {};
    }
    if (command instanceof ListObjectsV2Command) {
      // two keys a page, so that the driver has to follow continuation tokens
      const keys = [...objects.keys()].sort();
      const start = Number(command.input.ContinuationToken ?? 0);
      const next = start + 2 < keys.length ? String(start + 2) : undefined;
      return {
        Contents: keys.slice(start, start + 2).map((Key) => ({ Key })),
        IsTruncated: Boolean(next),
        NextContinuationToken: next,
      };
    }
    throw new Error("unexpected command");
  };
  return { client: { send } as unknown as S3Client, objects, uploads };
}

const root = mkdtempSync(join(tmpdir(), "signet-blobs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const s3 = fakeS3();
const drivers: [string, BlobStorage, () => number][] = [
  ["filesystem", createFilesystemStorage(root), () => readdirSync(root, { recursive: true }).length],
  ["s3", createS3Storage({ bucket: "b", region: "us-east-1" }, s3.client), () => s3.objects.size + s3.uploads.size],
];

describe.each(drivers)("%s storage", (_name, storage, stored) => {
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

  it("keeps several parts in order for a large blob (S3 multipart above 8 MiB)", async () => {
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
