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
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { assertBlobKey, BlobNotFoundError, type BlobStorage, hashingCounter } from "./blob-storage.ts";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

/** S3 parts are at least 5 MiB (but the last); 8 MiB bounds the memory one upload holds. */
const PART_BYTES = 8 * 1024 * 1024;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

/**
 * Blobs as objects of one S3 (or S3-compatible) bucket. A put sends the stream in 8 MiB parts of a
 * multipart upload (one PutObject when smaller), which becomes visible only when completed; a
 * failed put aborts it, leaving no object.
 */
export function createS3Storage(options: S3StorageOptions, client?: S3Client): BlobStorage {
  const s3 =
    client ??
    new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  const Bucket = options.bucket;
  return {
    async put(key, stream) {
      assertBlobKey(key);
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
          const created = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key: key }));
          uploadId = created.UploadId;
        }
        const PartNumber = parts.length + 1;
        const body = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        const sent = await s3.send(
          new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }),
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
          await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: Buffer.concat(pending) }));
        } else {
          if (pendingBytes > 0) await flushPart();
          await s3.send(
            new CompleteMultipartUploadCommand({
              Bucket,
              Key: key,
              UploadId: uploadId,
              MultipartUpload: { Parts: parts },
            }),
          );
        }
      } catch (error) {
        if (uploadId !== undefined) {
          await s3
            .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }))
            .catch(() => undefined);
        }
        throw error;
      }
      return counter.result();
    },
    async get(key) {
      assertBlobKey(key);
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error(`S3 object ${key} has no readable body`);
        return object.Body;
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      assertBlobKey(key);
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
      return true;
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
