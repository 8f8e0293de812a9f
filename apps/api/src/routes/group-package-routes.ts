import { routes } from "@signet/contract";
import { type CoreDeps, listGroupPackages } from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Spec §7 group packages (issue 13 §7): the packages shared with a group that the caller sees. */
export function registerGroupPackageRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listGroupPackages, async ({ params, query, session }) =>
    listGroupPackages(session.actor, { ...query, organizationId: params.orgId, groupId: params.groupId }, deps),
  );
}
