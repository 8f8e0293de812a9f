import { createHash } from "node:crypto";
import { Transform } from "node:stream";

/** What a put stored: its size in bytes and the hex SHA-256 of its bytes. */
export interface StoredBlob {
  size: number;
  sha256: string;
}

/**
 * Where document files live (ARCHITECTURE §5: a filesystem driver, and an S3 driver for
 * S3-compatible stores, behind this one interface). Keys are relative paths of safe segments.
 */
export interface BlobStorage {
  /** Streams the bytes in; the blob is visible under the key only once all of them are stored. */
  put(key: string, stream: AsyncIterable<Uint8Array> | NodeJS.ReadableStream): Promise<StoredBlob>;
  /** The stored bytes; throws BlobNotFoundError when nothing is stored under the key. */
  get(key: string): Promise<NodeJS.ReadableStream>;
  /** Removes the blob; false when nothing was stored under the key. */
  delete(key: string): Promise<boolean>;
  /** Every stored key (backups and the storage check walk them; never a hot path). */
  list(): AsyncIterable<string>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Blob not found: ${key}`);
    this.name = "BlobNotFoundError";
  }
}

/**
 * The store did not answer, or failed, after the driver's attempts: the request can be tried again
 * later (the API answers 503), unlike a missing blob.
 */
export class BlobStorageUnavailableError extends Error {
  constructor(
    readonly operation: string,
    readonly key: string | null,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Document storage failed to ${operation}${key === null ? "" : ` ${key}`}: ${reason}`, options);
    this.name = "BlobStorageUnavailableError";
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Keys are '/'-separated segments of letters, digits, '.', '_' and '-' (no '..', no absolute paths). */
export function assertBlobKey(key: string): void {
  const segments = key.split("/");
  if (segments.length === 0 || !segments.every((segment) => SEGMENT.test(segment) && !segment.includes(".."))) {
    throw new Error(`Invalid blob key: ${key}`);
  }
}

/** A pass-through that counts and hashes what flows through it. */
export function hashingCounter(): { transform: Transform; result(): StoredBlob } {
  const hash = createHash("sha256");
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { transform, result: () => ({ size, sha256: hash.digest("hex") }) };
}
