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

/** The file part's bytes, with a parser failure midway turned into a 400; `ended` once read to its end. */
async function* guarded(stream: NodeJS.ReadableStream, ended: () => void): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream) yield typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    ended();
  } catch (error) {
    throw malformed(error);
  }
}

/** Reads a stream to its end, keeping nothing; its failure rejects (never an unhandled 'error' event). */
async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const _ of stream);
}

/**
 * The parts of a multipart request in arrival order, the one way every upload route reads them:
 * malformed bodies answer 400 (never 500), names and text values must be storable, and a JSON part
 * sent with `Content-Type: application/json` (which the parser hands over already parsed) arrives
 * as its JSON text like any other field.
 *
 * A file part the route does not want is passed over with `skip()`; one left unread is drained here
 * before the next part is read. Either way a body that breaks inside it fails the request with a 400:
 * a part read by nobody once emitted its parser error with no listener, which ended the process.
 */
export async function* readMultipart(request: FastifyRequest, options?: PartsOptions): AsyncGenerator<UploadPart> {
  let parts: AsyncIterator<Multipart>;
  try {
    parts = request.parts(options)[Symbol.asyncIterator]();
  } catch (error) {
    throw malformed(error);
  }
  let unread: { stream: NodeJS.ReadableStream; ended: boolean } | null = null;
  while (true) {
    if (unread && !unread.ended) await drain(unread.stream);
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
      const current: { stream: NodeJS.ReadableStream; ended: boolean } = { stream: file, ended: false };
      const stream = Readable.from(
        guarded(file, () => {
          current.ended = true;
        }),
      );
      // whoever reads the stream still sees its error (async iteration and pipeline reject); this
      // listener only keeps an error in a stream nobody reads from ending the process
      stream.on("error", () => {});
      current.stream = stream;
      unread = current;
      yield {
        type: "file",
        fieldName: part.fieldname,
        fileName: part.filename,
        stream,
        truncated: () => file.truncated,
        skip: () => drain(stream),
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
    if (first) await part.skip();
    else first = { fileName: part.fileName, bytes: await readPartBytes(part) };
  }
  return first;
}
