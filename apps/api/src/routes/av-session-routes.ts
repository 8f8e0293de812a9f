import { routes } from "@signet/contract";
import { type CoreDeps, downloadAvRecording, listAvSessions } from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Issue 16 §2, the sender's side: a package's A/V sessions and their recordings. */
export function registerAvSessionRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listAvSessions, async ({ params, session }) =>
    listAvSessions(session.actor, { organizationId: params.orgId, packageId: params.packageId }, deps),
  );

  defineRoute(app, authenticate, routes.downloadAvRecording, async ({ params, session }) =>
    downloadAvRecording(
      session.actor,
      { organizationId: params.orgId, packageId: params.packageId, sessionId: params.sessionId },
      deps,
    ),
  );
}
