import fastifyMultipart from "@fastify/multipart";
import { errorBodySchema, routes } from "@signet/contract";
import {
  AppError,
  type CoreDeps,
  createSigningUrl,
  deleteSealCertificate,
  getPackageVerification,
  getSealCertificate,
  getSigningRoomSettings,
  listCustomConsents,
  listSealedArtifacts,
  listSigningRoomIdentifiers,
  sealedArtifactFile,
  sealedArtifactsZip,
  updateSigningRoomSettings,
  uploadCustomConsent,
  uploadSealCertificate,
} from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { sendFile } from "../plugins/content-disposition.ts";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { readMultipart, readPartBytes } from "../plugins/read-multipart.ts";

const packageParams = z.object({ orgId: z.uuid(), packageId: z.uuid() });

/** The multipart form of a small upload: its one file (cut at `limit`) and its text fields. */
async function readForm(request: FastifyRequest, limit: number) {
  let file: { fileName: string; bytes: Buffer } | null = null;
  const fields: Record<string, string> = {};
  for await (const part of readMultipart(request, { limits: { fileSize: limit, files: 1, fields: 5 } })) {
    if (part.type === "file") {
      const bytes = await readPartBytes(part);
      if (!bytes) throw new AppError("PAYLOAD_TOO_LARGE");
      file = { fileName: part.fileName, bytes };
    } else fields[part.fieldName] = part.value;
  }
  if (!file) throw new AppError("BAD_REQUEST", "Attach a file in the part named 'file'.");
  return { file, fields };
}

/** Members' side of signing: identifiers and signing URLs, verification, sealed files, signing-room settings. */
export async function registerSigningAdminRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listSigningRoomIdentifiers, async ({ params, session }) =>
    listSigningRoomIdentifiers(session.actor, { organizationId: params.orgId, packageId: params.packageId }, deps),
  );
  defineRoute(app, authenticate, routes.createSigningUrl, async ({ params, body, session }) =>
    createSigningUrl(
      session.actor,
      { ...body, organizationId: params.orgId, packageId: params.packageId, participantId: params.participantId },
      deps,
    ),
  );
  defineRoute(app, authenticate, routes.getPackageVerification, async ({ params, session }) =>
    getPackageVerification(session.actor, { organizationId: params.orgId, packageId: params.packageId }, deps),
  );
  defineRoute(app, authenticate, routes.listSealedArtifacts, async ({ params, session }) =>
    listSealedArtifacts(session.actor, { organizationId: params.orgId, packageId: params.packageId }, deps),
  );
  defineRoute(app, authenticate, routes.getSigningRoomSettings, async ({ params, session }) =>
    getSigningRoomSettings(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.updateSigningRoomSettings, async ({ params, body, session }) =>
    updateSigningRoomSettings(session.actor, { organizationId: params.orgId, changes: body }, deps),
  );
  defineRoute(app, authenticate, routes.listCustomConsents, async ({ params, session }) =>
    listCustomConsents(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.getSealCertificate, async ({ params, session }) =>
    getSealCertificate(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.deleteSealCertificate, async ({ params, session }) =>
    deleteSealCertificate(session.actor, { organizationId: params.orgId }, deps),
  );

  app.get(
    "/api/v9/organizations/:orgId/packages/:packageId/sealed-artifacts/:artifactId/file",
    {
      schema: {
        summary: "Download a sealed document or the certificate of completion",
        tags: ["signing room"],
        params: packageParams.extend({ artifactId: z.uuid() }),
        security: [{ bearer: [] }, { cookie: [] }],
        produces: ["application/pdf"],
        response: { "4xx": errorBodySchema, "5xx": errorBodySchema },
      },
      preValidation: authenticate("user", true),
    },
    async (request, reply) => {
      const params = packageParams.extend({ artifactId: z.uuid() }).parse(request.params);
      const file = await sealedArtifactFile(
        request.session!.actor,
        { organizationId: params.orgId, packageId: params.packageId, artifactId: params.artifactId },
        deps,
      );
      return sendFile(reply, file);
    },
  );

  app.get(
    "/api/v9/organizations/:orgId/packages/:packageId/sealed-artifacts-zip",
    {
      schema: {
        summary: routes.downloadSealedArtifactsZip.summary,
        tags: ["signing room"],
        params: packageParams,
        security: [{ bearer: [] }, { cookie: [] }],
        produces: ["application/zip"],
        response: { "4xx": errorBodySchema, "5xx": errorBodySchema },
      },
      preValidation: authenticate("user", true),
    },
    async (request, reply) => {
      const params = packageParams.parse(request.params);
      const file = await sealedArtifactsZip(
        request.session!.actor,
        { organizationId: params.orgId, packageId: params.packageId },
        deps,
      );
      return sendFile(reply, file);
    },
  );

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    const orgParams = z.object({ orgId: z.uuid() });
    scope.post(
      "/api/v1/organizations/:orgId/custom-consents",
      {
        schema: {
          summary: "Upload a custom e-sign consent PDF (multipart 'file'): a new consent version",
          tags: ["settings"],
          params: orgParams,
          consumes: ["multipart/form-data"],
          security: [{ bearer: [] }, { cookie: [] }],
          response: { "4xx": errorBodySchema, "5xx": errorBodySchema },
        },
        preValidation: authenticate("user", true),
      },
      async (request, reply) => {
        const { orgId } = orgParams.parse(request.params);
        const { file } = await readForm(request, deps.config.MAX_UPLOAD_BYTES);
        const consent = await uploadCustomConsent(request.session!.actor, { organizationId: orgId, ...file }, deps);
        reply.header("location", `/api/v1/organizations/${orgId}/custom-consents/${consent.id}`);
        return reply.code(201).send(consent);
      },
    );
    scope.put(
      "/api/v1/organizations/:orgId/seal-certificate",
      {
        schema: {
          summary: "Use the organization's own PKCS#12 to seal (multipart 'file' and 'password')",
          tags: ["settings"],
          params: orgParams,
          consumes: ["multipart/form-data"],
          security: [{ bearer: [] }, { cookie: [] }],
          response: { "4xx": errorBodySchema, "5xx": errorBodySchema },
        },
        preValidation: authenticate("user", true),
      },
      async (request, reply) => {
        const { orgId } = orgParams.parse(request.params);
        const { file, fields } = await readForm(request, 1024 * 1024);
        const info = await uploadSealCertificate(
          request.session!.actor,
          { organizationId: orgId, p12: file.bytes, password: fields.password ?? "" },
          deps,
        );
        return reply.code(200).send(info);
      },
    );
  });
}
