import fastifyMultipart from "@fastify/multipart";
import { BULK_SEND_LIMITS, BULK_SEND_MESSAGES, routeRequestPath, routes } from "@signet/contract";
import {
  AppError,
  bulkSendCsvTemplate,
  type CoreDeps,
  cancelBulkSend,
  checkBulkSend,
  getBulkSend,
  listBulkSendRows,
  listBulkSends,
  startBulkSend,
} from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { readMultipart, readPartBytes } from "../plugins/read-multipart.ts";

// Bulk send (issue 13 §5): every route from the table; the CSV upload and its dry run read the
// multipart body part by part (in a scope that parses multipart), the CSV header template is a file.

/** The 'file' part's name and bytes: at most BULK_SEND_LIMITS.bytes, other parts drained. */
async function readCsvPart(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  let found: { fileName: string; bytes: Buffer | null } | undefined;
  for await (const part of readMultipart(request, {
    limits: { fileSize: BULK_SEND_LIMITS.bytes, files: 2, fields: 4, fieldSize: 1024 },
  })) {
    if (part.type !== "file") continue;
    if (part.fieldName !== "file" || found) {
      await part.skip();
      continue;
    }
    found = { fileName: part.fileName, bytes: await readPartBytes(part) };
  }
  if (!found)
    throw new AppError("BAD_REQUEST", BULK_SEND_MESSAGES.attach, [
      { path: "file", message: BULK_SEND_MESSAGES.attach },
    ]);
  if (found.bytes === null)
    throw new AppError("PAYLOAD_TOO_LARGE", BULK_SEND_MESSAGES.tooLarge, [
      { path: "file", message: BULK_SEND_MESSAGES.tooLarge },
    ]);
  return { fileName: found.fileName, bytes: found.bytes };
}

export async function registerBulkSendRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  const ref = (params: { orgId: string; bulkSendId: string }) => ({
    organizationId: params.orgId,
    bulkSendId: params.bulkSendId,
  });
  defineRoute(app, authenticate, routes.listBulkSends, async ({ params, query, session }) =>
    listBulkSends(session.actor, { ...query, organizationId: params.orgId, templateId: params.templateId }, deps),
  );
  defineRoute(app, authenticate, routes.getBulkSend, async ({ params, session }) =>
    getBulkSend(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.listBulkSendRows, async ({ params, query, session }) =>
    listBulkSendRows(session.actor, { ...query, ...ref(params) }, deps),
  );
  defineRoute(app, authenticate, routes.cancelBulkSend, async ({ params, body, session }) =>
    cancelBulkSend(session.actor, { ...ref(params), version: body.version }, deps),
  );

  defineRoute(app, authenticate, routes.bulkSendCsvTemplate, async ({ params, session }) => {
    const file = await bulkSendCsvTemplate(
      session.actor,
      { organizationId: params.orgId, templateId: params.templateId },
      deps,
    );
    return { stream: file.text, fileName: file.fileName, contentType: "text/csv; charset=utf-8" };
  });

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    const input = (params: { orgId: string; templateId: string }, request: FastifyRequest) => ({
      organizationId: params.orgId,
      templateId: params.templateId,
      file: () => readCsvPart(request),
    });
    defineRoute(scope, authenticate, routes.checkBulkSend, async ({ params, request, session }) =>
      checkBulkSend(session.actor, input(params, request), deps),
    );
    defineRoute(scope, authenticate, routes.startBulkSend, async ({ params, request, reply, session }) => {
      const started = await startBulkSend(session.actor, input(params, request), deps);
      // the new bulk send lives under the organization, not under the template it was started from
      reply.header(
        "location",
        routeRequestPath(routes.getBulkSend, { params: { orgId: params.orgId, bulkSendId: started.id } }),
      );
      return started;
    });
  });
}
