import { routes } from "@signet/contract";
import { type CoreDeps, getPackageSettings, updatePackageSettings } from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Routes of organization settings used by packages (issue 4 §2, §6). */
export function registerSettingRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.getPackageSettings, async ({ params, session }) =>
    getPackageSettings(session.actor, { organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.updatePackageSettings, async ({ params, body, session }) =>
    updatePackageSettings(session.actor, { organizationId: params.orgId, changes: body }, deps),
  );
}
