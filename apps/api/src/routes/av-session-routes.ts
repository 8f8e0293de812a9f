import { errorBodySchema, routes, routeUrl } from "@signet/contract";
import { type CoreDeps, downloadAvRecording, listAvSessions } from "@signet/core";
import type { FastifyInstance } from "fastify";
import { sendFile } from "../plugins/content-disposition.ts";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Issue 16 §2, the sender's side: a package's A/V sessions and their recordings. */
export function registerAvSessionRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listAvSessions, async ({ params, session }) =>
    listAvSessions(session.actor, { organizationId: params.orgId, packageId: params.packageId }, deps),
  );

  // a video, not JSON: the same URL, validation and auth from the route table, with a binary body
  const download = routes.downloadAvRecording;
  app.route({
    method: download.method,
    url: routeUrl(download),
    schema: { params: download.params, response: { "4xx": errorBodySchema, "5xx": errorBodySchema } },
    preValidation: authenticate(download.auth, true),
    handler: async (request, reply) => {
      const params = download.params.parse(request.params);
      const file = await downloadAvRecording(
        request.session!.actor,
        { organizationId: params.orgId, packageId: params.packageId, sessionId: params.sessionId },
        deps,
      );
      return sendFile(reply, file);
    },
  });
}
