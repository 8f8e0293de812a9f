import {
  type BulkSend,
  type BulkSendCheck,
  bulkSendCheckSchema,
  bulkSendRoutes,
  bulkSendSchema,
  fillPath,
  isBulkSendActive,
  routeUrl,
} from "@signet/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, apiMultipart } from "../../api/client.ts";
import { downloadFile } from "../../api/download-file.ts";

// Bulk send (issue 13 §5): the CSV header download, the CSV upload (check, start) and the progress.

const templatePath = (route: Parameters<typeof routeUrl>[0], orgId: string, templateId: string) =>
  fillPath(routeUrl(route), { orgId, templateId });

/** While a bulk send works, its progress is asked again every second. */
export const PROGRESS_POLL_MS = 1000;

export const bulkSendQueries = {
  one: (orgId: string, bulkSendId: string) =>
    queryOptions({
      queryKey: ["bulk-send", orgId, bulkSendId],
      queryFn: ({ signal }) =>
        api(bulkSendRoutes.getBulkSend, { params: { orgId, bulkSendId }, signal, passThrough: true }),
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
        api(bulkSendRoutes.listBulkSendRows, {
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
        api(bulkSendRoutes.listBulkSends, {
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
  return apiMultipart(
    "POST",
    templatePath(bulkSendRoutes.checkBulkSend, orgId, templateId),
    form,
    bulkSendCheckSchema,
    {
      passThrough: true,
    },
  );
}

export function startBulkSendFile(orgId: string, templateId: string, file: File): Promise<BulkSend> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiMultipart("POST", templatePath(bulkSendRoutes.startBulkSend, orgId, templateId), form, bulkSendSchema, {
    passThrough: true,
  });
}

/** Fetches the template's CSV header and hands the browser the file to save; answers its name. */
export const downloadCsvTemplate = (orgId: string, templateId: string) =>
  downloadFile(templatePath(bulkSendRoutes.bulkSendCsvTemplate, orgId, templateId), "text/csv", "bulk-send.csv");
