import { Readable } from "node:stream";
import type { Multipart } from "@fastify/multipart";
import { findUnstorableText, unstorableTextReason } from "@signet/contract";
import { AppError, type UploadPart } from "@signet/core";
import type { FastifyRequest } from "fastify";

type PartsOptions = Parameters<FastifyRequest["parts"]>[0];

const MALFORMED = "The request body is not valid multipart/form-data";

/** A parser failure (no boundary, another boundary, a truncated body) as the client's error, not ours. */
function malformed(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number } | null)?.statusCode;
  if (status === 413) return new AppError("PAYLOAD_TOO_LARGE");
  const reason = error instanceof Error && error.message ? `: ${error.message}` : "";
  return new AppError("BAD_REQUEST", `${MALFORMED}${reason}.`, [{ path: "body", message: MALFORMED }]);
}

function refuseUnstorable(path: string, text: string) {
  const reason = unstorableTextReason(text);
  if (reason) throw new AppError("BAD_REQUEST", `${path} ${reason}.`, [{ path, message: reason }]);
}

/** The file part's bytes, with a parser failure midway turned into a 400. */
async function* guarded(stream: NodeJS.ReadableStream): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream) yield typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
  } catch (error) {
    throw malformed(error);
  }
}

/**
 * The parts of a multipart request in arrival order, the one way every upload route reads them:
 * malformed bodies answer 400 (never 500), names and text values must be storable, and a JSON part
 * sent with `Content-Type: application/json` (which the parser hands over already parsed) arrives
 * as its JSON text like any other field.
 */
export async function* readMultipart(request: FastifyRequest, options?: PartsOptions): AsyncGenerator<UploadPart> {
  let parts: AsyncIterator<Multipart>;
  try {
    parts = request.parts(options)[Symbol.asyncIterator]();
  } catch (error) {
    throw malformed(error);
  }
  while (true) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw malformed(error);
    }
    if (next.done) return;
    const part = next.value;
    refuseUnstorable(`${part.fieldname} (part name)`, part.fieldname);
    if (part.type === "file") {
      refuseUnstorable(`${part.fieldname}.filename`, part.filename);
      const file = part.file;
      yield {
        type: "file",
        fieldName: part.fieldname,
        fileName: part.filename,
        stream: Readable.from(guarded(file)),
        truncated: () => file.truncated,
      };
    } else {
      // a JSON part arrives parsed: its strings are checked before it is turned back into text,
      // where a lone surrogate would hide as a \uD800 escape
      const found = findUnstorableText(part.value, part.fieldname)[0];
      if (found) throw new AppError("BAD_REQUEST", `${found.path} ${found.message}.`, [found]);
      const value = typeof part.value === "string" ? part.value : JSON.stringify(part.value);
      yield { type: "field", fieldName: part.fieldname, value };
    }
  }
}

/** The whole of a part's stream in memory (small uploads), or null when the size limit cut it. */
export async function readPartBytes(part: Extract<UploadPart, { type: "file" }>): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.stream) chunks.push(chunk as Buffer);
  return part.truncated() ? null : Buffer.concat(chunks);
}

/** The first file part of a small upload (its name, and its bytes or null when cut at the limit); other parts are skipped. */
export async function readFirstFile(
  request: FastifyRequest,
  limits: NonNullable<PartsOptions>["limits"],
): Promise<{ fileName: string; bytes: Buffer | null } | null> {
  let first: { fileName: string; bytes: Buffer | null } | null = null;
  for await (const part of readMultipart(request, { limits })) {
    if (part.type !== "file") continue;
    if (first) part.stream.resume();
    else first = { fileName: part.fileName, bytes: await readPartBytes(part) };
  }
  return first;
}
