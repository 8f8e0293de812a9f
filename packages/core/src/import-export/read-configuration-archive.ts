import { createHash } from "node:crypto";
import {
  CONFIGURATION_FORMAT_VERSION,
  CONFIGURATION_LIMITS,
  type ConfigurationManifest,
  configurationManifestSchema,
  IMPORT_EXPORT_MESSAGES as M,
} from "@signet/contract";
import yauzl from "yauzl";
import { z } from "zod";
import { AppError } from "../errors/app-error.ts";
import { normalizeItems, type SectionHandler } from "./section-handler.ts";
import { CONFIGURATION_SECTIONS } from "./sections/index.ts";

// Reads an uploaded archive strictly: a zip of known entries only (no folders that climb out, no
// absolute or Windows paths), each within its size and compression limits (no zip bombs), a
// manifest of this format and version, each section's items by its zod schema, and no item twice.
// Every refusal is a 400 naming the file and the field.

export interface ConfigurationArchive {
  manifest: ConfigurationManifest;
  /** items by section name, only the sections the manifest lists */
  sections: Record<string, unknown[]>;
  files: Map<string, Buffer>;
  sha256: string;
}

const MANIFEST = "manifest.json";
const SAFE_NAME = /^(?:[a-z0-9-]{1,64}\.json|files\/[A-Za-z0-9-]{1,64}\/[A-Za-z0-9][A-Za-z0-9._-]{0,150})$/;
const FOLDER = /^files\/(?:[A-Za-z0-9-]{1,64}\/)?$/;
const ONE_MB = 1024 * 1024;

const bad = (message: string, path = "archive") => new AppError("BAD_REQUEST", message, [{ path, message }]);

function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    "",
  );
}

function invalid(file: string, path: string, message: string) {
  const text = M.invalid(file, path, message);
  return new AppError("BAD_REQUEST", text, [{ path: path ? `${file}/${path}` : file, message }]);
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (error, zip) =>
      error || !zip ? reject(bad(M.notZip)) : resolve(zip),
    );
  });
}

/** A yauzl complaint about an entry's name or size, in the user's words. */
function entryProblem(error: Error): AppError {
  const message = error.message ?? "";
  const named = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(message);
  if (named) return bad(M.unsafeEntry(named[1] ?? ""));
  if (/too many bytes|too few bytes|exceeds/i.test(message)) return bad(M.bomb("An entry"));
  return bad(M.notZip);
}

function readEntries(zip: yauzl.ZipFile): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    let total = 0;
    const fail = (error: AppError) => {
      zip.close();
      reject(error);
    };
    if (zip.entryCount > CONFIGURATION_LIMITS.entries) return fail(bad(M.tooManyEntries));
    zip.on("error", (error: Error) => fail(entryProblem(error)));
    zip.on("end", () => resolve(entries));
    zip.on("entry", (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (FOLDER.test(name)) return zip.readEntry();
      if (name.includes("..") || name.startsWith("/") || !SAFE_NAME.test(name)) {
        return fail(
          name.includes("..") || name.startsWith("/") || name.includes("\\")
            ? bad(M.unsafeEntry(name))
            : bad(M.unknownEntry(name)),
        );
      }
      if (entries.has(name)) return fail(bad(M.duplicateEntry(name)));
      if (entry.uncompressedSize > CONFIGURATION_LIMITS.entryBytes) return fail(bad(M.entryTooLarge(name)));
      if (
        entry.uncompressedSize > ONE_MB &&
        entry.uncompressedSize / Math.max(entry.compressedSize, 1) > CONFIGURATION_LIMITS.compressionRatio
      )
        return fail(bad(M.bomb(name)));
      total += entry.uncompressedSize;
      if (total > CONFIGURATION_LIMITS.totalBytes) return fail(bad(M.totalTooLarge));
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return fail(error ? entryProblem(error) : bad(M.notZip));
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length;
          // validateEntrySizes stops a lying header too; this bounds memory before it does
          if (size > entry.uncompressedSize) {
            stream.destroy();
            fail(bad(M.bomb(name)));
          } else chunks.push(chunk);
        });
        stream.on("error", (streamError: Error) => fail(entryProblem(streamError)));
        stream.on("end", () => {
          entries.set(name, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

function parseJson(file: string, bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw invalid(file, "", M.notJson);
  }
}

function parseWith<T>(schema: z.ZodType<T>, file: string, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalid(file, issuePath(issue?.path ?? []), issue?.message ?? "Invalid value");
}

function assertItemCount(handler: SectionHandler, count: number, file: string, path: string) {
  if (count > handler.maxItems)
    throw invalid(file, path, M.tooManyItems(handler.label.toLowerCase(), handler.maxItems, count));
}

export async function readConfigurationArchive(
  bytes: Buffer,
  handlers: readonly SectionHandler[] = CONFIGURATION_SECTIONS,
): Promise<ConfigurationArchive> {
  if (bytes.length > CONFIGURATION_LIMITS.archiveBytes) throw new AppError("PAYLOAD_TOO_LARGE", M.tooLarge);
  const entries = await readEntries(await openZip(bytes));
  const manifestBytes = entries.get(MANIFEST);
  if (!manifestBytes) throw bad(M.manifestMissing);
  const raw = parseJson(MANIFEST, manifestBytes);
  // the version first: a newer archive's other fields may differ
  const version = (raw as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === "number" && version !== CONFIGURATION_FORMAT_VERSION)
    throw invalid(MANIFEST, "formatVersion", M.unsupportedVersion(version));
  const manifest = parseWith(configurationManifestSchema, MANIFEST, raw);

  const byName = new Map(handlers.map((handler) => [handler.name, handler]));
  // the counts the manifest declares are refused before any section is read; the items, before any is checked
  for (const [index, listed] of manifest.sections.entries()) {
    const handler = byName.get(listed.name);
    if (handler) assertItemCount(handler, listed.count, MANIFEST, `sections[${index}].count`);
  }
  const known = new Set<string>([MANIFEST]);
  const sections: Record<string, unknown[]> = {};
  const files = new Map([...entries].filter(([name]) => name.startsWith("files/")));
  for (const [index, listed] of manifest.sections.entries()) {
    const handler = byName.get(listed.name);
    if (!handler) throw invalid(MANIFEST, `sections[${index}].name`, M.unknownSection(listed.name));
    if (listed.file !== handler.file)
      throw invalid(MANIFEST, `sections[${index}].file`, `The ${listed.name} section is in ${handler.file}.`);
    if (listed.name in sections) throw invalid(MANIFEST, `sections[${index}].name`, `${listed.name} is listed twice.`);
    const sectionBytes = entries.get(handler.file);
    if (!sectionBytes) throw bad(M.sectionFileMissing(handler.file));
    known.add(handler.file);
    const json = parseJson(handler.file, sectionBytes);
    const count = (json as { items?: unknown } | null)?.items;
    if (Array.isArray(count)) {
      assertItemCount(handler, count.length, handler.file, "items");
      const nested = handler.nestedItems;
      const total = nested ? count.reduce((sum: number, item) => sum + nested.count(item), 0) : 0;
      if (nested && total > nested.max)
        throw invalid(handler.file, "items", M.tooManyItems(nested.what, nested.max, total));
    }
    const schema = z.object({ items: z.array(handler.itemSchema).max(handler.maxItems) }).strict();
    const { items } = parseWith(schema, handler.file, json);
    const normalized = normalizeItems(handler, items);
    const keys = new Set<string>();
    for (const [itemIndex, item] of normalized.entries()) {
      const key = handler.key(item);
      if (keys.has(key)) throw invalid(handler.file, `items[${itemIndex}]`, M.duplicateItem(handler.itemLabel(item)));
      keys.add(key);
    }
    const sectionFiles = new Map([...files].filter(([name]) => name.startsWith(`files/${handler.name}/`)));
    const problems = (await handler.validate?.(normalized, sectionFiles)) ?? [];
    const first = problems[0];
    if (first) throw invalid(handler.file, first.path, first.message);
    sections[handler.name] = normalized;
  }
  for (const name of entries.keys()) {
    if (known.has(name)) continue;
    const section = /^files\/([^/]+)\//.exec(name)?.[1];
    if (!section || !(section in sections)) throw bad(M.unknownEntry(name));
  }
  return { manifest, sections, files, sha256: createHash("sha256").update(bytes).digest("hex") };
}
