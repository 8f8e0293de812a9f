import { DEFAULT_API_VERSION, HEADERS } from "@signet/contract";
import { ApiError } from "../../api/api-error.ts";
import { noteRequest } from "../../api/client.ts";

// The CSV export is read from the response stream as it arrives, so a large file shows progress
// (rows received against the report's count) instead of a button that seems to hang.

export interface CsvProgress {
  bytes: number;
  rows: number;
  /** rows the file will hold, from the server's header; null when it did not say */
  total: number | null;
}

const RECORD_END = 0x0a;

/** Record ends (LF of each CRLF) in a chunk; the header line is counted by the caller. */
export function countRecordEnds(chunk: Uint8Array): number {
  let count = 0;
  for (const byte of chunk) if (byte === RECORD_END) count += 1;
  return count;
}

/** The file name of a Content-Disposition header, or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallback;
}

/** Fetches the CSV, reporting progress per chunk, then hands the browser the file to save. */
export async function downloadCsv(
  url: string,
  options: { onProgress: (progress: CsvProgress) => void; signal?: AbortSignal; fallbackName: string },
): Promise<{ fileName: string; rows: number }> {
  noteRequest("start");
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: "same-origin",
      headers: { accept: "text/csv", [HEADERS.apiVersion]: `v${DEFAULT_API_VERSION}` },
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw ApiError.network();
  } finally {
    noteRequest("end");
  }
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => null);
    throw ApiError.fromBody(response.status, body, response.headers.get(HEADERS.traceId));
  }
  const totalHeader = response.headers.get("x-report-row-count");
  const total = totalHeader === null ? null : Number(totalHeader);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    lines += countRecordEnds(value);
    options.onProgress({ bytes, rows: Math.max(0, lines - 1), total });
  }
  const fileName = fileNameOf(response.headers.get("content-disposition"), options.fallbackName);
  const blob = new Blob(chunks as BlobPart[], { type: "text/csv;charset=utf-8" });
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // the browser has taken the file once the click is handled
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return { fileName, rows: Math.max(0, lines - 1) };
}
