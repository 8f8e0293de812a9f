import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, unlink } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertBlobKey, BlobNotFoundError, type BlobStorage, hashingCounter } from "./blob-storage.ts";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === "ENOENT";

/**
 * Blobs as files under `root` (DATA_DIR/blobs). A put writes a temporary file in the same directory
 * and renames it over the key when complete (atomic on one filesystem): a reader never sees half a
 * blob, and a failed put leaves nothing behind.
 */
export function createFilesystemStorage(root: string): BlobStorage & { root: string; pathOf(key: string): string } {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertBlobKey(key);
    return join(base, ...key.split("/"));
  };
  return {
    root: base,
    pathOf,
    async put(key, stream) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      const counter = hashingCounter();
      const out = createWriteStream(temp, { flags: "wx", mode: 0o600 });
      try {
        const source = stream instanceof Readable ? stream : Readable.from(stream as AsyncIterable<Uint8Array>);
        await pipeline(source, counter.transform, out);
        const handle = await open(temp, "r");
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, target);
      } catch (error) {
        // the file may still be opening: remove it only once the stream has closed
        if (!out.closed) await once(out, "close").catch(() => undefined);
        await rm(temp, { force: true });
        throw error;
      }
      return counter.result();
    },
    async get(key) {
      const path = pathOf(key);
      const handle = await open(path, "r").catch((error: unknown) => {
        throw isMissing(error) ? new BlobNotFoundError(key) : error;
      });
      // the stream owns the handle (closes it at end or error)
      return handle.createReadStream({ autoClose: true });
    },
    async delete(key) {
      try {
        await unlink(pathOf(key));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
