import type { FastifyReply } from "fastify";

/** RFC 6266: the name as it is when it is plain ASCII, else an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(
  fileName: string,
  kind: "attachment" | "inline" = "attachment",
  ascii = asciiFileName(fileName),
): string {
  if (ascii === fileName) return `${kind}; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A file name safe for the header's ASCII part. */
export function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_") || "document.pdf";
}

/** A file answer: what a route that produces a file hands to defineRoute, or to sendFile itself. */
export interface FileAnswer {
  /** streamed as it is read (no length known up front) unless it is bytes or text */
  stream: NodeJS.ReadableStream | Buffer | string;
  fileName: string;
  /** the header's ASCII name, when the use case chose one (else asciiFileName of the name) */
  asciiFileName?: string;
  contentType: string;
  /** inline: shown in the browser (a preview); attachment (the default): saved */
  disposition?: "attachment" | "inline";
  sizeBytes?: number;
  /** more answer headers (a report's row count) */
  headers?: Record<string, string>;
}

/** Sends a file with its type, a download name, no sniffing and no caching. */
export function sendFile(reply: FastifyReply, file: FileAnswer, kind: "attachment" | "inline" = "attachment") {
  reply
    .header("content-type", file.contentType)
    .header("content-disposition", contentDisposition(file.fileName, file.disposition ?? kind, file.asciiFileName))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store");
  if (file.sizeBytes !== undefined) reply.header("content-length", String(file.sizeBytes));
  for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
  return reply.send(file.stream);
}
