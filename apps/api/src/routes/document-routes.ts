import fastifyMultipart from "@fastify/multipart";
import { routes } from "@signet/contract";
import {
  type CoreDeps,
  deleteDocument,
  getDocument,
  getDocumentNumPages,
  listDocuments,
  openDocumentFile,
  setDocumentsOrder,
  updateDocument,
  uploadDocument,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { readMultipart } from "../plugins/read-multipart.ts";

export async function registerDocumentRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  // multipart only where documents are uploaded; a file over MAX_UPLOAD_BYTES is cut short
  // (file.truncated) and refused by the core with 413, nothing kept
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: deps.config.MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    });

    defineRoute(scope, authenticate, routes.listDocuments, async ({ params, session }) =>
      listDocuments(session.actor, { organizationId: params.orgId, packageId: params.packageId }, deps),
    );

    defineRoute(scope, authenticate, routes.uploadDocument, async ({ params, request, session, setLocation }) => {
      const document = await uploadDocument(
        session.actor,
        { organizationId: params.orgId, packageId: params.packageId, parts: readMultipart(request) },
        deps,
      );
      setLocation(document.id);
      return document;
    });

    defineRoute(scope, authenticate, routes.getDocument, async ({ params, session }) =>
      getDocument(
        session.actor,
        { organizationId: params.orgId, packageId: params.packageId, documentId: params.documentId },
        deps,
      ),
    );

    defineRoute(scope, authenticate, routes.updateDocument, async ({ params, body, session }) =>
      updateDocument(
        session.actor,
        { ...body, organizationId: params.orgId, packageId: params.packageId, documentId: params.documentId },
        deps,
      ),
    );

    defineRoute(scope, authenticate, routes.deleteDocument, async ({ params, query, session }) =>
      deleteDocument(
        session.actor,
        {
          organizationId: params.orgId,
          packageId: params.packageId,
          documentId: params.documentId,
          version: query.version,
        },
        deps,
      ),
    );

    defineRoute(scope, authenticate, routes.documentNumPages, async ({ params, session }) =>
      getDocumentNumPages(
        session.actor,
        { organizationId: params.orgId, packageId: params.packageId, documentId: params.documentId },
        deps,
      ),
    );

    defineRoute(scope, authenticate, routes.setDocumentsOrder, async ({ params, body, session }) =>
      setDocumentsOrder(session.actor, { ...body, organizationId: params.orgId, packageId: params.packageId }, deps),
    );

    defineRoute(scope, authenticate, routes.downloadDocument, async ({ params, session }) => {
      const file = await openDocumentFile(
        session.actor,
        { organizationId: params.orgId, packageId: params.packageId, documentId: params.documentId },
        deps,
      );
      return { ...file, fileName: file.utf8FileName, asciiFileName: file.fileName };
    });
  });
}
