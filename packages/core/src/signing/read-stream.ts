/** Collects a stored blob's bytes (documents are at most MAX_UPLOAD_BYTES). */
export async function readStream(stream: NodeJS.ReadableStream | AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Uint8Array | string>) {
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
