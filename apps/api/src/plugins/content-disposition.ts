import type { FastifyReply } from "fastify";

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(
  asciiName: string,
  utf8Name: string,
  kind: "attachment" | "inline" = "attachment",
): string {
  const encoded = encodeURIComponent(utf8Name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${asciiName}"; filename*=UTF-8''${encoded}`;
}

/** A file name safe for the header's ASCII part. */
export function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_") || "document.pdf";
}

/** Streams a stored file with its type, a download name and no sniffing. */
export function sendFile(
  reply: FastifyReply,
  file: { stream: NodeJS.ReadableStream; fileName: string; contentType: string },
  kind: "attachment" | "inline" = "attachment",
) {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", contentDisposition(asciiFileName(file.fileName), file.fileName, kind))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(file.stream);
}
