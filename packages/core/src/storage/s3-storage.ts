import { Readable } from "node:stream";
import type * as S3 from "@aws-sdk/client-s3";
import {
  assertBlobKey,
  BlobNotFoundError,
  type BlobStorage,
  BlobStorageUnavailableError,
  hashingCounter,
} from "./blob-storage.ts";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** how long one attempt may wait for the store's next bytes before it is abandoned (and retried) */
  timeoutMs: number;
}

/** S3 parts are at least 5 MiB (but the last); 8 MiB bounds the memory one upload holds. */
const PART_BYTES = 8 * 1024 * 1024;

type Sdk = typeof S3;
let sdkModule: Promise<Sdk> | undefined;
/** The AWS SDK (half a second and 11 MB to load) loads with the first call to the store, not at every start. */
function loadSdk(): Promise<Sdk> {
  sdkModule ??= import("@aws-sdk/client-s3").catch((error: unknown) => {
    sdkModule = undefined;
    throw error;
  });
  return sdkModule;
}

const isNotFound = ({ S3ServiceException }: Sdk, error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

/** Names what went wrong in words an operator can act on; the SDK's own error stays the cause. */
function unavailable(sdk: Sdk, operation: string, key: string | null, error: unknown, timeoutMs: number) {
  const attempts = (error as { $metadata?: { attempts?: number } }).$metadata?.attempts ?? 1;
  const tries = attempts === 1 ? "1 attempt" : `${attempts} attempts`;
  let reason: string;
  if (error instanceof sdk.S3ServiceException) {
    reason = `the store answered ${error.$metadata.httpStatusCode ?? "?"} ${error.name} (${tries})`;
  } else if (error instanceof Error && error.name === "TimeoutError") {
    reason = `no answer within ${timeoutMs / 1000} s (${tries})`;
  } else {
    reason = `${error instanceof Error ? error.message : String(error)} (${tries})`;
  }
  return new BlobStorageUnavailableError(operation, key, reason, { cause: error });
}

/**
 * Blobs as objects of one S3 (or S3-compatible) bucket. A put sends the stream in 8 MiB parts of a
 * multipart upload (one PutObject when smaller), which becomes visible only when completed; a
 * failed put aborts it, leaving no object.
 */
export function createS3Storage(options: S3StorageOptions): BlobStorage {
  const newClient = (sdk: Sdk) =>
    new sdk.S3Client({
      region: options.region,
      // the SDK's standard retries (3 attempts) cover a 5xx or a stalled answer; each attempt waits this long
      requestHandler: { connectionTimeout: options.timeoutMs, socketTimeout: options.timeoutMs },
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  let opened: Promise<{ sdk: Sdk; client: S3.S3Client }> | undefined;
  const open = () => {
    opened ??= loadSdk().then(
      (sdk) => ({ sdk, client: newClient(sdk) }),
      (error: unknown) => {
        opened = undefined;
        throw error;
      },
    );
    return opened;
  };
  /** The store's failures as the driver's errors: a missing key, or the store unavailable. */
  const call = async <T>(operation: string, key: string | null, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      const sdk = await loadSdk();
      if (key !== null && isNotFound(sdk, error)) throw new BlobNotFoundError(key);
      throw unavailable(sdk, operation, key, error, options.timeoutMs);
    }
  };
  const Bucket = options.bucket;
  return {
    async put(key, stream) {
      assertBlobKey(key);
      const { sdk, client } = await open();
      const counter = hashingCounter();
      const source = stream instanceof Readable ? stream : Readable.from(stream as AsyncIterable<Uint8Array>);
      source.on("error", (error) => counter.transform.destroy(error));
      const hashed = source.pipe(counter.transform);
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let uploadId: string | undefined;
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      const flushPart = async () => {
        if (uploadId === undefined) {
          const created = await call("store", key, () =>
            client.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key: key })),
          );
          uploadId = created.UploadId;
        }
        const PartNumber = parts.length + 1;
        const body = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        const sent = await call("store", key, () =>
          client.send(new sdk.UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body: body })),
        );
        parts.push({ ETag: sent.ETag, PartNumber });
      };
      try {
        for await (const chunk of hashed) {
          const buffer = chunk as Buffer;
          pending.push(buffer);
          pendingBytes += buffer.length;
          if (pendingBytes >= PART_BYTES) await flushPart();
        }
        if (uploadId === undefined) {
          const Body = Buffer.concat(pending);
          await call("store", key, () => client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body })));
        } else {
          if (pendingBytes > 0) await flushPart();
          const MultipartUpload = { Parts: parts };
          await call("store", key, () =>
            client.send(
              new sdk.CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload }),
            ),
          );
        }
      } catch (error) {
        if (uploadId !== undefined) {
          await client
            .send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }))
            .catch(() => undefined);
        }
        throw error;
      }
      return counter.result();
    },
    async get(key) {
      assertBlobKey(key);
      const { sdk, client } = await open();
      const object = await call("read", key, () => client.send(new sdk.GetObjectCommand({ Bucket, Key: key })));
      if (!(object.Body instanceof Readable)) throw new Error(`S3 object ${key} has no readable body`);
      return object.Body;
    },
    async delete(key) {
      assertBlobKey(key);
      const { sdk, client } = await open();
      try {
        await call("delete", key, () => client.send(new sdk.HeadObjectCommand({ Bucket, Key: key })));
      } catch (error) {
        if (error instanceof BlobNotFoundError) return false;
        throw error;
      }
      await call("delete", key, () => client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key })));
      return true;
    },
    async *list() {
      const { sdk, client } = await open();
      let ContinuationToken: string | undefined;
      do {
        const token = ContinuationToken;
        const page = await call("list", null, () =>
          client.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken: token })),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
