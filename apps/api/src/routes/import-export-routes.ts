import fastifyMultipart from "@fastify/multipart";
import { CONFIGURATION_LIMITS, IMPORT_EXPORT_MESSAGES, routes } from "@signet/contract";
import {
  AppError,
  type ConfigurationUpload,
  type CoreDeps,
  dryRunConfigurationImport,
  exportConfiguration,
  getConfigurationExportSummary,
  importConfiguration,
} from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { readMultipart, readPartBytes } from "../plugins/read-multipart.ts";

// Issue 13 §6 organization import/export: the export summary and archive, the dry run and the import.

/** The parts 'archive' (file) and 'fingerprint' (text); other parts are skipped. */
async function readUpload(request: FastifyRequest): Promise<ConfigurationUpload> {
  let archive: Buffer | null | undefined;
  let fingerprint: string | undefined;
  for await (const part of readMultipart(request, {
    limits: { fileSize: CONFIGURATION_LIMITS.archiveBytes, files: 1, fields: 4, fieldSize: 1024 },
  })) {
    if (part.type === "file") {
      if (part.fieldName === "archive") archive = await readPartBytes(part);
      else await part.skip();
    } else if (part.fieldName === "fingerprint") fingerprint = part.value.trim();
  }
  if (archive === undefined)
    throw new AppError("BAD_REQUEST", IMPORT_EXPORT_MESSAGES.attach, [
      { path: "archive", message: IMPORT_EXPORT_MESSAGES.attach },
    ]);
  return { archive, fingerprint };
}

export async function registerImportExportRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.getConfigurationExportSummary, async ({ params, session }) =>
    getConfigurationExportSummary(session.actor, { organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.exportConfiguration, async ({ params, session }) =>
    exportConfiguration(session.actor, { organizationId: params.orgId }, deps),
  );

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    defineRoute(scope, authenticate, routes.dryRunConfigurationImport, async ({ params, request, session }) =>
      dryRunConfigurationImport(
        session.actor,
        { organizationId: params.orgId, readUpload: () => readUpload(request) },
        deps,
      ),
    );
    defineRoute(scope, authenticate, routes.importConfiguration, async ({ params, request, session }) =>
      importConfiguration(session.actor, { organizationId: params.orgId, readUpload: () => readUpload(request) }, deps),
    );
  });
}
