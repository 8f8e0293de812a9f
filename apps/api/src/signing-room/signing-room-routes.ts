import { Readable } from "node:stream";
import fastifyMultipart from "@fastify/multipart";
import {
  collaborationViewSchema,
  errorBodySchema,
  MESSAGES,
  signingRoomRoutes as routes,
  routeUrl,
  SIGNING_FILE_PATHS,
  sealVerificationSchema,
} from "@signet/contract";
import {
  AppError,
  adoptSignature,
  answerQuestion,
  type CoreDeps,
  collaborationDocumentFile,
  collaborationView,
  consentDocument,
  declineSigning,
  deleteStipUpload,
  endSigningSession,
  fillTag,
  finishSigning,
  giveConsent,
  loadSigningRoom,
  openSigningSession,
  participantDocumentFile,
  participantDownload,
  requestNewSigningLink,
  reviewDocument,
  type SigningContext,
  sendVerificationCode,
  setSigningLanguage,
  uploadStip,
  verifyParticipant,
  verifySealedPdf,
  withdrawConsent,
} from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { requestOrigin } from "../plugins/authenticate.ts";
import { sendFile } from "../plugins/content-disposition.ts";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { readFirstFile } from "../plugins/read-multipart.ts";
import type { signingCookie } from "./signing-session-cookie.ts";

declare module "fastify" {
  interface FastifyRequest {
    signing: SigningContext | null;
  }
}

const ctx = (request: FastifyRequest) => {
  if (!request.signing) throw new AppError("SIGNING_SESSION_ENDED");
  return request.signing;
};

const sessionLimit = { max: 30, timeWindow: 60_000 };

/** The signing room's API (contract signing-room.ts), on the signing origin only. */
export async function registerSigningRoomRoutes(
  app: FastifyInstance,
  deps: CoreDeps,
  authenticate: Authenticate,
  cookie: ReturnType<typeof signingCookie>,
) {
  defineRoute(
    app,
    authenticate,
    routes.openSigningSession,
    async ({ body, request, reply }) => {
      const opened = await openSigningSession({ token: body.token, origin: requestOrigin(request) }, deps);
      cookie.set(reply, opened.secret);
      return opened.room;
    },
    { config: { rateLimit: sessionLimit, rateLimitMessage: MESSAGES.tooManySigningLinkOpens } },
  );
  defineRoute(app, authenticate, routes.requestNewSigningLink, async ({ body }) => requestNewSigningLink(body, deps), {
    config: { rateLimit: { max: 10, timeWindow: 60_000 }, rateLimitMessage: MESSAGES.tooManyNewLinkRequests },
  });
  defineRoute(app, authenticate, routes.getSigningRoom, async ({ request }) => loadSigningRoom(ctx(request), deps));
  defineRoute(app, authenticate, routes.setSigningLanguage, async ({ request, body }) =>
    setSigningLanguage(ctx(request), body, deps),
  );
  defineRoute(app, authenticate, routes.sendVerificationCode, async ({ request }) =>
    sendVerificationCode(ctx(request), deps),
  );
  defineRoute(app, authenticate, routes.verifyParticipant, async ({ request, body }) =>
    verifyParticipant(ctx(request), body, deps),
  );
  defineRoute(app, authenticate, routes.giveConsent, async ({ request, body }) =>
    giveConsent(ctx(request), body, deps),
  );
  defineRoute(app, authenticate, routes.withdrawConsent, async ({ request, body }) =>
    withdrawConsent(ctx(request), body, deps),
  );
  defineRoute(app, authenticate, routes.reviewDocument, async ({ request, params }) =>
    reviewDocument(ctx(request), params.documentId, deps),
  );
  defineRoute(app, authenticate, routes.adoptSignature, async ({ request, body }) =>
    adoptSignature(ctx(request), body, deps),
  );
  defineRoute(app, authenticate, routes.fillTag, async ({ request, params, body }) =>
    fillTag(ctx(request), { tagId: params.tagId, value: body.value }, deps),
  );
  defineRoute(app, authenticate, routes.answerQuestion, async ({ request, params, body }) =>
    answerQuestion(ctx(request), { fieldId: params.fieldId, value: body.value }, deps),
  );
  defineRoute(app, authenticate, routes.deleteStipUpload, async ({ request, params }) =>
    deleteStipUpload(ctx(request), params, deps),
  );
  defineRoute(app, authenticate, routes.finishSigning, async ({ request }) => finishSigning(ctx(request), deps));
  defineRoute(app, authenticate, routes.declineSigning, async ({ request, body }) =>
    declineSigning(ctx(request), body, deps),
  );
  defineRoute(app, authenticate, routes.endSigningSession, async ({ request, reply }) => {
    await endSigningSession(ctx(request), deps);
    cookie.clear(reply);
  });

  const pdfRoute = { produces: ["application/pdf"], response: { "4xx": errorBodySchema, "5xx": errorBodySchema } };
  const participant = authenticate("participant");

  app.get(
    SIGNING_FILE_PATHS.consentDocument,
    { schema: { tags: ["signing room"], ...pdfRoute }, preValidation: participant },
    async (request, reply) => {
      const bytes = await consentDocument(ctx(request), deps);
      return sendFile(
        reply,
        { stream: streamOf(bytes), fileName: "esign-consent.pdf", contentType: "application/pdf" },
        "inline",
      );
    },
  );

  const documentParams = z.object({ documentId: z.uuid() });
  app.get(
    "/api/v1/signing/documents/:documentId/file",
    { schema: { tags: ["signing room"], params: documentParams, ...pdfRoute }, preValidation: participant },
    async (request, reply) => {
      const { documentId } = documentParams.parse(request.params);
      const file = await participantDocumentFile(ctx(request), documentId, deps);
      // an eNote's XML is never rendered on the signing origin (a browser would run XHTML in it): it downloads
      return sendFile(reply, file, file.contentType === "application/pdf" ? "inline" : "attachment");
    },
  );

  const artifactParams = z.object({ artifactId: z.uuid() });
  app.get(
    "/api/v1/signing/downloads/:artifactId",
    { schema: { tags: ["signing room"], params: artifactParams, ...pdfRoute }, preValidation: participant },
    async (request, reply) => {
      const { artifactId } = artifactParams.parse(request.params);
      return sendFile(reply, await participantDownload(ctx(request), artifactId, deps));
    },
  );

  const tokenParams = z.object({ token: z.string().min(10).max(2000) });
  app.get(
    "/api/v1/signing/collaboration/:token",
    {
      schema: {
        tags: ["signing room"],
        params: tokenParams,
        response: { 200: collaborationViewSchema, "4xx": errorBodySchema, "5xx": errorBodySchema },
      },
    },
    async (request) => collaborationView(tokenParams.parse(request.params).token, deps),
  );
  app.get(
    "/api/v1/signing/collaboration/:token/documents/:documentId/file",
    { schema: { tags: ["signing room"], params: tokenParams.extend(documentParams.shape), ...pdfRoute } },
    async (request, reply) => {
      const { token, documentId } = tokenParams.extend(documentParams.shape).parse(request.params);
      return sendFile(reply, await collaborationDocumentFile(token, documentId, deps), "inline");
    },
  );

  // multipart is parsed only where files are uploaded: elsewhere a multipart body answers 415
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    const stipParams = z.object({ stipId: z.uuid() });
    scope.post(
      routeUrl({ base: "api", version: 1, path: "/signing/stips/:stipId/uploads" }),
      {
        schema: { tags: ["signing room"], params: stipParams, consumes: ["multipart/form-data"] },
        preValidation: participant,
      },
      async (request, reply) => {
        const { stipId } = stipParams.parse(request.params);
        const file = await readFirstFile(request, { fileSize: 20 * 1024 * 1024, files: 1 });
        if (!file) throw new AppError("BAD_REQUEST", "Attach a file in the part named 'file'.");
        const room = await uploadStip(
          ctx(request),
          { stipId, fileName: file.fileName, bytes: file.bytes ?? Buffer.alloc(0), truncated: !file.bytes },
          deps,
        );
        return reply.code(201).send(room);
      },
    );

    scope.post(
      SIGNING_FILE_PATHS.sealVerification,
      {
        schema: {
          summary: "Public: is this PDF an unmodified document sealed by Signet? (multipart 'file')",
          tags: ["signing room"],
          consumes: ["multipart/form-data"],
          response: { 200: sealVerificationSchema, "4xx": errorBodySchema, "5xx": errorBodySchema },
        },
        config: {
          rateLimit: { max: 30, timeWindow: 60_000 },
          rateLimitMessage: MESSAGES.tooManySealVerifications,
        },
      },
      async (request) => {
        const file = await readFirstFile(request, { fileSize: deps.config.MAX_UPLOAD_BYTES, files: 1 });
        if (!file) throw new AppError("BAD_REQUEST", "Attach the PDF in the part named 'file'.");
        if (!file.bytes) throw new AppError("PAYLOAD_TOO_LARGE");
        return verifySealedPdf(deps.db, file.bytes);
      },
    );
  });
}

const streamOf = (bytes: Uint8Array): NodeJS.ReadableStream => Readable.from([Buffer.from(bytes)]);
