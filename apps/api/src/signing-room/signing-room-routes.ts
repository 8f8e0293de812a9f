import fastifyMultipart from "@fastify/multipart";
import {
  inPersonRoomRoutes as inPersonRoutes,
  MESSAGES,
  signingRoomRoutes as routes,
  SIGNING_LIMITS,
  signingRoomFileRoutes,
} from "@signet/contract";
import {
  AppError,
  adoptSignature,
  answerQuestion,
  type CoreDeps,
  collaborationDocumentFile,
  collaborationView,
  confirmInPerson,
  consentDocument,
  declineSigning,
  delegateSigning,
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
  sendInPersonCode,
  sendVerificationCode,
  setSigningLanguage,
  uploadStip,
  verifyParticipant,
  verifySealedPdf,
  withdrawConsent,
} from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requestOrigin } from "../plugins/authenticate.ts";
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
  defineRoute(app, authenticate, inPersonRoutes.sendInPersonCode, async ({ request, body }) =>
    sendInPersonCode(ctx(request), body, deps),
  );
  defineRoute(app, authenticate, inPersonRoutes.confirmInPerson, async ({ request, body }) =>
    confirmInPerson(ctx(request), body, deps),
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
  defineRoute(app, authenticate, routes.delegateSigning, async ({ request, body }) =>
    delegateSigning(ctx(request), body, deps),
  );
  defineRoute(app, authenticate, routes.endSigningSession, async ({ request, reply }) => {
    await endSigningSession(ctx(request), deps);
    cookie.clear(reply);
  });

  const files = signingRoomFileRoutes;
  defineRoute(app, authenticate, files.downloadConsentDocument, async ({ request }) => {
    const bytes = await consentDocument(ctx(request), deps);
    return {
      stream: Buffer.from(bytes),
      fileName: "esign-consent.pdf",
      contentType: "application/pdf",
      disposition: "inline" as const,
    };
  });
  defineRoute(app, authenticate, files.downloadSigningDocument, async ({ request, params }) => {
    const file = await participantDocumentFile(ctx(request), params.documentId, deps);
    // an eNote's XML is never rendered on the signing origin (a browser would run XHTML in it): it downloads
    return {
      ...file,
      disposition: file.contentType === "application/pdf" ? ("inline" as const) : ("attachment" as const),
    };
  });
  defineRoute(app, authenticate, files.downloadSealedCopy, async ({ request, params }) =>
    participantDownload(ctx(request), params.artifactId, deps),
  );
  defineRoute(app, authenticate, files.getCollaborationView, async ({ params }) =>
    collaborationView(params.token, deps),
  );
  defineRoute(app, authenticate, files.downloadCollaborationDocument, async ({ params }) => ({
    ...(await collaborationDocumentFile(params.token, params.documentId, deps)),
    disposition: "inline" as const,
  }));

  // multipart is parsed only where files are uploaded: elsewhere a multipart body answers 415
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    defineRoute(scope, authenticate, files.uploadStip, async ({ request, params }) => {
      const file = await readFirstFile(request, { fileSize: SIGNING_LIMITS.stipUploadBytes, files: 1 });
      if (!file) throw new AppError("BAD_REQUEST", "Attach a file in the part named 'file'.");
      return uploadStip(
        ctx(request),
        {
          stipId: params.stipId,
          fileName: file.fileName,
          bytes: file.bytes ?? Buffer.alloc(0),
          truncated: !file.bytes,
        },
        deps,
      );
    });
    defineRoute(
      scope,
      authenticate,
      files.verifySealedDocument,
      async ({ request }) => {
        const file = await readFirstFile(request, { fileSize: deps.config.MAX_UPLOAD_BYTES, files: 1 });
        if (!file) throw new AppError("BAD_REQUEST", "Attach the PDF in the part named 'file'.");
        if (!file.bytes) throw new AppError("PAYLOAD_TOO_LARGE");
        return verifySealedPdf(deps.db, file.bytes);
      },
      {
        config: {
          rateLimit: { max: 30, timeWindow: 60_000 },
          rateLimitMessage: MESSAGES.tooManySealVerifications,
        },
      },
    );
  });
}
