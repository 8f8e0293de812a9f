import { join } from "node:path";
import type { Config } from "../config/config.ts";
import type { BlobStorage } from "./blob-storage.ts";
import { createFilesystemStorage } from "./filesystem-storage.ts";
import { createS3Storage } from "./s3-storage.ts";

/** S3 when S3_BUCKET is set, otherwise files under DATA_DIR/blobs (`dataDir` is DATA_DIR resolved). */
export function createBlobStorage(config: Config, dataDir: string): BlobStorage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      timeoutMs: config.S3_TIMEOUT_SECONDS * 1000,
    });
  }
  return createFilesystemStorage(join(dataDir, "blobs"));
}
