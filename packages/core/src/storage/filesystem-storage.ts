import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, rmdir, unlink } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertBlobKey, BlobNotFoundError, type BlobStorage, hashingCounter } from "./blob-storage.ts";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === "ENOENT";

/**
 * Removes `dir` and its parents up to (not including) `base` while they are empty, so a refused
 * upload or a deleted package leaves no empty folders behind. A folder another put has just filled
 * refuses (ENOTEMPTY) and stops the walk.
 */
async function removeEmptyParents(base: string, dir: string) {
  for (let current = dir; relative(base, current) !== "" && !relative(base, current).startsWith(".."); ) {
    try {
      await rmdir(current);
    } catch {
      return;
    }
    current = dirname(current);
  }
}

/** Opens a new file for writing, creating its folder; once more if a concurrent cleanup removed the folder. */
async function createExclusive(path: string) {
  for (let attempt = 0; ; attempt++) {
    await mkdir(dirname(path), { recursive: true });
    const out = createWriteStream(path, { flags: "wx", mode: 0o600 });
    try {
      await once(out, "open");
      return out;
    } catch (error) {
      if (!isMissing(error) || attempt > 0) throw error;
    }
  }
}

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
      const temp = `${target}.${randomUUID()}.tmp`;
      const counter = hashingCounter();
      const out = await createExclusive(temp);
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
        await removeEmptyParents(base, dirname(target));
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
    async *list() {
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const entry of entries) {
        // a put in progress is a .tmp file beside its key: not a blob yet
        if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
        yield relative(base, join(entry.parentPath, entry.name)).split(sep).join("/");
      }
    },
    async delete(key) {
      try {
        const path = pathOf(key);
        await unlink(path);
        await removeEmptyParents(base, dirname(path));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
