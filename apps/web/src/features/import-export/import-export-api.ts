import {
  type ConfigurationImportResult,
  type ConfigurationPlan,
  configurationImportResultSchema,
  configurationPlanSchema,
  fillPath,
  HEADERS,
  routes,
  routeUrl,
} from "@signet/contract";
import { ApiError } from "../../api/api-error.ts";
import { apiMultipart, noteRequest } from "../../api/client.ts";

// Issue 13 §6: the archive download and the two uploads (dry run, import) of organization import/export.

const path = (route: Parameters<typeof routeUrl>[0], orgId: string) => fillPath(routeUrl(route), { orgId });

/** The file name of a Content-Disposition header, or the fallback. */
export function attachmentName(disposition: string | null, fallback: string): string {
  return disposition?.match(/filename="([^"]+)"/)?.[1] ?? fallback;
}

/** Fetches the archive and hands the browser the file to save; answers its name. */
export async function downloadConfiguration(organizationId: string): Promise<string> {
  noteRequest("start");
  let response: Response;
  try {
    response = await fetch(path(routes.exportConfiguration, organizationId), {
      credentials: "same-origin",
      headers: { accept: "application/zip" },
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
  const fileName = attachmentName(response.headers.get("content-disposition"), "configuration.zip");
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

export function dryRunImport(organizationId: string, archive: File): Promise<ConfigurationPlan> {
  const form = new FormData();
  form.append("archive", archive, archive.name);
  return apiMultipart("POST", path(routes.dryRunConfigurationImport, organizationId), form, configurationPlanSchema, {
    passThrough: true,
  });
}

export function applyImport(
  organizationId: string,
  archive: File,
  fingerprint: string,
): Promise<ConfigurationImportResult> {
  const form = new FormData();
  form.append("fingerprint", fingerprint);
  form.append("archive", archive, archive.name);
  return apiMultipart("POST", path(routes.importConfiguration, organizationId), form, configurationImportResultSchema, {
    passThrough: true,
  });
}
