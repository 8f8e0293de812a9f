import { routes } from "@signet/contract";
import { type CoreDeps, listPackageIdentityProofing } from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** The sender's view of identity proofing on a package (issue 16 §2). */
export function registerIdentityProofingSenderRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listPackageIdentityProofing, async ({ params, session }) =>
    listPackageIdentityProofing(session.actor, { organizationId: params.orgId, packageId: params.packageId }, deps),
  );
}
