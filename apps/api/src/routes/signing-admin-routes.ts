import fastifyMultipart from "@fastify/multipart";
import { routes } from "@signet/contract";
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
  startInPersonSigning,
  updateSigningRoomSettings,
  uploadCustomConsent,
  uploadSealCertificate,
} from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { readMultipart, readPartBytes } from "../plugins/read-multipart.ts";

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
  // issue 34 §2a: host in-person signing on the member's own device
  defineRoute(app, authenticate, routes.startInPersonSigning, async ({ params, body, session }) =>
    startInPersonSigning(
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

  defineRoute(app, authenticate, routes.downloadSealedArtifact, async ({ params, session }) =>
    sealedArtifactFile(
      session.actor,
      { organizationId: params.orgId, packageId: params.packageId, artifactId: params.artifactId },
      deps,
    ),
  );
  defineRoute(app, authenticate, routes.downloadSealedArtifactsZip, async ({ params, session }) =>
    sealedArtifactsZip(session.actor, { organizationId: params.orgId, packageId: params.packageId }, deps),
  );

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    defineRoute(scope, authenticate, routes.uploadCustomConsent, async ({ params, request, session, setLocation }) => {
      const { file } = await readForm(request, deps.config.MAX_UPLOAD_BYTES);
      const consent = await uploadCustomConsent(session.actor, { organizationId: params.orgId, ...file }, deps);
      setLocation(consent.id);
      return consent;
    });
    defineRoute(scope, authenticate, routes.uploadSealCertificate, async ({ params, request, session }) => {
      const { file, fields } = await readForm(request, 1024 * 1024);
      return uploadSealCertificate(
        session.actor,
        { organizationId: params.orgId, p12: file.bytes, password: fields.password ?? "" },
        deps,
      );
    });
  });
}
