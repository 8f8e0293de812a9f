import type { Db } from "../db/prisma-client.ts";
import type { BlobStorage } from "../storage/blob-storage.ts";
import { type BlobReference, blobReferences } from "./blob-references.ts";

/** Keys the product writes for a moment and removes again (the services-info storage probe). */
const TRANSIENT_PREFIXES = ["health/"];

export interface StorageCheck {
  rows: number;
  files: number;
  /** rows whose file is not stored: a document that cannot be opened */
  missingFiles: BlobReference[];
  /** stored files no row points at: space taken for nothing */
  orphanFiles: string[];
}

/**
 * Do the database and the file store agree (issue 18 §3)? Lists every row whose file is missing and
 * every file no row points at. After a restore both lists should be empty; a file deleted between
 * the database snapshot and the file copy of a backup shows up here.
 */
export async function checkStorage(deps: { db: Db; storage: BlobStorage }): Promise<StorageCheck> {
  const references = await blobReferences(deps.db);
  const stored = new Set<string>();
  for await (const key of deps.storage.list()) {
    if (!TRANSIENT_PREFIXES.some((prefix) => key.startsWith(prefix))) stored.add(key);
  }
  const referenced = new Set(references.map((reference) => reference.key));
  return {
    rows: references.length,
    files: stored.size,
    missingFiles: references.filter((reference) => !stored.has(reference.key)),
    orphanFiles: [...stored].filter((key) => !referenced.has(key)).sort(),
  };
}
