import yauzl from "yauzl";
import type { HttpClient } from "./http-client.ts";

/** A file download with the client's session: status, headers and the bytes. */
export async function downloadFile(baseUrl: string, client: HttpClient, path: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Every entry of a zip, name → bytes, read with yauzl (another library than the yazl that writes them). */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("error", reject);
      zip.on("end", () => resolve(entries));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
