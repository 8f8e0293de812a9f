import {
  type BulkSend,
  type BulkSendCheck,
  bulkSendCheckSchema,
  bulkSendSchema,
  fillPath,
  HEADERS,
  isBulkSendActive,
  routes,
  routeUrl,
} from "@signet/contract";
import { queryOptions } from "@tanstack/react-query";
import { ApiError } from "../../api/api-error.ts";
import { api, apiMultipart, noteRequest } from "../../api/client.ts";

// Bulk send (issue 13 §5): the CSV header download, the CSV upload (check, start) and the progress.

const templatePath = (route: Parameters<typeof routeUrl>[0], orgId: string, templateId: string) =>
  fillPath(routeUrl(route), { orgId, templateId });

/** While a bulk send works, its progress is asked again every second. */
export const PROGRESS_POLL_MS = 1000;

export const bulkSendQueries = {
  one: (orgId: string, bulkSendId: string) =>
    queryOptions({
      queryKey: ["bulk-send", orgId, bulkSendId],
      queryFn: ({ signal }) => api(routes.getBulkSend, { params: { orgId, bulkSendId }, signal, passThrough: true }),
      retry: false,
      refetchInterval: (query) => {
        const data = query.state.data as BulkSend | undefined;
        return data && isBulkSendActive(data.status) ? PROGRESS_POLL_MS : false;
      },
    }),
  failedRows: (orgId: string, bulkSendId: string, pageNumber: number) =>
    queryOptions({
      queryKey: ["bulk-send", orgId, bulkSendId, "failed", pageNumber],
      queryFn: ({ signal }) =>
        api(routes.listBulkSendRows, {
          params: { orgId, bulkSendId },
          query: { status: "FAILED", pageNumber, pageSize: 10 },
          signal,
          passThrough: true,
        }),
      retry: false,
    }),
  ofTemplate: (orgId: string, templateId: string) =>
    queryOptions({
      queryKey: ["bulk-send", orgId, "template", templateId],
      queryFn: ({ signal }) =>
        api(routes.listBulkSends, {
          params: { orgId, templateId },
          query: { pageSize: 5 },
          signal,
          passThrough: true,
        }),
      retry: false,
    }),
};

export function checkBulkSendFile(orgId: string, templateId: string, file: File): Promise<BulkSendCheck> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiMultipart("POST", templatePath(routes.checkBulkSend, orgId, templateId), form, bulkSendCheckSchema, {
    passThrough: true,
  });
}

export function startBulkSendFile(orgId: string, templateId: string, file: File): Promise<BulkSend> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiMultipart("POST", templatePath(routes.startBulkSend, orgId, templateId), form, bulkSendSchema, {
    passThrough: true,
  });
}

/** Fetches the template's CSV header and hands the browser the file to save; answers its name. */
export async function downloadCsvTemplate(orgId: string, templateId: string): Promise<string> {
  noteRequest("start");
  let response: Response;
  try {
    response = await fetch(templatePath(routes.bulkSendCsvTemplate, orgId, templateId), {
      credentials: "same-origin",
      headers: { accept: "text/csv" },
    });
  } catch {
    throw ApiError.network();
  } finally {
    noteRequest("end");
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw ApiError.fromBody(response.status, body, response.headers.get(HEADERS.traceId));
  }
  const fileName = response.headers.get("content-disposition")?.match(/filename="([^"]+)"/)?.[1] ?? "bulk-send.csv";
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
