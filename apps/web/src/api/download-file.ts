import { HEADERS } from "@signet/contract";
import { ApiError } from "./api-error.ts";
import { noteRequest } from "./client.ts";

/** The file name of a Content-Disposition header, or the fallback. */
function attachmentName(disposition: string | null, fallback: string): string {
  return disposition?.match(/filename="([^"]+)"/)?.[1] ?? fallback;
}

/**
 * Fetches a file the API answers (an archive, a CSV) with the session's cookie and hands it to the
 * browser to save; answers its name. An error answer becomes an ApiError like any other call's.
 */
export async function downloadFile(url: string, accept: string, fallbackName: string): Promise<string> {
  noteRequest("start");
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", headers: { accept } });
  } catch {
    throw ApiError.network();
  } finally {
    noteRequest("end");
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw ApiError.fromBody(response.status, body, response.headers.get(HEADERS.traceId));
  }
  const fileName = attachmentName(response.headers.get("content-disposition"), fallbackName);
  const href = URL.createObjectURL(await response.blob());
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return fileName;
}
