import {
  type ConfigurationImportResult,
  type ConfigurationPlan,
  configurationImportResultSchema,
  configurationPlanSchema,
  fillPath,
  importExportRoutes,
  routeUrl,
} from "@signet/contract";
import { apiMultipart } from "../../api/client.ts";
import { downloadFile } from "../../api/download-file.ts";

// Issue 13 §6: the archive download and the two uploads (dry run, import) of organization import/export.

const path = (route: Parameters<typeof routeUrl>[0], orgId: string) => fillPath(routeUrl(route), { orgId });

/** Fetches the archive and hands the browser the file to save; answers its name. */
export const downloadConfiguration = (organizationId: string) =>
  downloadFile(path(importExportRoutes.exportConfiguration, organizationId), "application/zip", "configuration.zip");

export function dryRunImport(organizationId: string, archive: File): Promise<ConfigurationPlan> {
  const form = new FormData();
  form.append("archive", archive, archive.name);
  return apiMultipart(
    "POST",
    path(importExportRoutes.dryRunConfigurationImport, organizationId),
    form,
    configurationPlanSchema,
    {
      passThrough: true,
    },
  );
}

export function applyImport(
  organizationId: string,
  archive: File,
  fingerprint: string,
): Promise<ConfigurationImportResult> {
  const form = new FormData();
  form.append("fingerprint", fingerprint);
  form.append("archive", archive, archive.name);
  return apiMultipart(
    "POST",
    path(importExportRoutes.importConfiguration, organizationId),
    form,
    configurationImportResultSchema,
    {
      passThrough: true,
    },
  );
}
