import fastifyMultipart from "@fastify/multipart";
import { BULK_SEND_LIMITS, BULK_SEND_MESSAGES, errorBodySchema, routes, routeUrl } from "@signet/contract";
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

// Bulk send (issue 13 §5): the CSV upload (and its dry run) read the multipart body by hand, the
// CSV header template is a file; the rest are ordinary contract routes.

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
    for (const route of [routes.startBulkSend, routes.checkBulkSend]) {
      scope.route({
        method: route.method,
        url: routeUrl(route),
        schema: {
          params: route.params,
          consumes: ["multipart/form-data"],
          response: { [route.status]: route.response, "4xx": errorBodySchema, "5xx": errorBodySchema },
        },
        preValidation: authenticate(route.auth, true),
        handler: async (request, reply) => {
          const params = route.params.parse(request.params);
          const input = {
            organizationId: params.orgId,
            templateId: params.templateId,
            file: () => readCsvPart(request),
          };
          if (route === routes.checkBulkSend)
            return reply.code(200).send(await checkBulkSend(request.session!.actor, input, deps));
          const started = await startBulkSend(request.session!.actor, input, deps);
          reply.header(
            "location",
            `${routeUrl(routes.getBulkSend).replace(":orgId", params.orgId).replace(":bulkSendId", started.id)}`,
          );
          return reply.code(201).send(started);
        },
      });
    }
  });
}
