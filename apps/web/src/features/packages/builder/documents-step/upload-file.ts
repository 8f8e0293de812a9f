import { DOCUMENT_MESSAGES, documentRoutes, fillPath, routeUrl } from "@signet/contract";
import { csrfHeader, noteRequest } from "../../../../api/client.ts";

const CONNECTION_LOST = "The connection to Signet was lost before the file arrived.";

export interface UploadResult {
  ok: boolean;
  /** a network failure (worth retrying) rather than the server's answer */
  retryable: boolean;
  message: string | null;
}

/**
 * Uploads one file as multipart (part 'contents', JSON part 'documentProperties') with
 * XMLHttpRequest, the only browser API that reports upload progress.
 */
export function uploadFile(
  target: { orgId: string; packageId: string },
  file: File,
  properties: { name: string },
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", fillPath(routeUrl(documentRoutes.uploadDocument), target));
    for (const [name, value] of Object.entries(csrfHeader())) request.setRequestHeader(name, value);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    const done = (result: UploadResult) => {
      noteRequest("end");
      resolve(result);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return done({ ok: true, retryable: false, message: null });
      let message: string = DOCUMENT_MESSAGES.uploadFailed;
      try {
        const body = JSON.parse(request.responseText) as { message?: unknown };
        if (typeof body.message === "string") message = body.message;
      } catch {
        // not JSON (a proxy's page): keep the generic message
      }
      done({ ok: false, retryable: request.status >= 500, message });
    };
    request.onerror = () => done({ ok: false, retryable: true, message: CONNECTION_LOST });
    request.onabort = () => done({ ok: false, retryable: false, message: DOCUMENT_MESSAGES.uploadCancelled });
    signal.addEventListener("abort", () => request.abort(), { once: true });
    const form = new FormData();
    form.append("documentProperties", JSON.stringify(properties));
    form.append("contents", file, file.name);
    noteRequest("start");
    request.send(form);
  });
}
