import fastifyMultipart from "@fastify/multipart";
import { CONFIGURATION_LIMITS, errorBodySchema, IMPORT_EXPORT_MESSAGES, routes } from "@signet/contract";
import {
  AppError,
  type ConfigurationUpload,
  type CoreDeps,
  dryRunConfigurationImport,
  exportConfiguration,
  getConfigurationExportSummary,
  importConfiguration,
} from "@signet/core";
import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import { z } from "zod";
import { sendFile } from "../plugins/content-disposition.ts";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { readMultipart, readPartBytes } from "../plugins/read-multipart.ts";

// Issue 13 §6 organization import/export: the export summary and archive, the dry run and the import.

const orgParams = z.object({ orgId: z.uuid() });

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

  app.get(
    "/api/v1/organizations/:orgId/configuration/export",
    {
      schema: {
        summary: routes.exportConfiguration.summary,
        tags: ["import-export"],
        params: orgParams,
        security: [{ bearer: [] }, { cookie: [] }],
        produces: ["application/zip"],
        response: { "4xx": errorBodySchema, "5xx": errorBodySchema },
      },
      preValidation: authenticate("user", true),
    },
    async (request, reply) => {
      const { orgId } = orgParams.parse(request.params);
      return sendFile(reply, await exportConfiguration(request.session!.actor, { organizationId: orgId }, deps));
    },
  );

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    const multipartSchema = (summary: string, ok: z.ZodType): FastifySchema => ({
      summary,
      tags: ["import-export"],
      params: orgParams,
      consumes: ["multipart/form-data"],
      security: [{ bearer: [] }, { cookie: [] }],
      response: { 200: ok, "4xx": errorBodySchema, "5xx": errorBodySchema },
    });
    scope.post(
      "/api/v1/organizations/:orgId/configuration/import/dry-run",
      {
        schema: multipartSchema(routes.dryRunConfigurationImport.summary, routes.dryRunConfigurationImport.response),
        preValidation: authenticate("user", true),
      },
      async (request) => {
        const { orgId } = orgParams.parse(request.params);
        return dryRunConfigurationImport(
          request.session!.actor,
          { organizationId: orgId, readUpload: () => readUpload(request) },
          deps,
        );
      },
    );
    scope.post(
      "/api/v1/organizations/:orgId/configuration/import",
      {
        schema: multipartSchema(routes.importConfiguration.summary, routes.importConfiguration.response),
        preValidation: authenticate("user", true),
      },
      async (request) => {
        const { orgId } = orgParams.parse(request.params);
        return importConfiguration(
          request.session!.actor,
          { organizationId: orgId, readUpload: () => readUpload(request) },
          deps,
        );
      },
    );
  });
}
