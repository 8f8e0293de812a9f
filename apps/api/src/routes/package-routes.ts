import { routes } from "@signet/contract";
import {
  type CoreDeps,
  createPackage,
  deletePackage,
  getPackage,
  listPackageGroupOptions,
  listPackages,
  listWorkspacePackages,
  type PackageSettingsRead,
  packageSettingsAlongside,
  packageStatusCounts,
  setPackageGroups,
  updatePackage,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

export function registerPackageRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listPackages, async ({ params, query, session }) =>
    listPackages(session.actor, { ...query, organizationId: params.orgId }, deps),
  );

  defineRoute(
    app,
    authenticate,
    routes.createPackage,
    async ({ params, body, session, setLocation }) => {
      const settings = session.alongside as PackageSettingsRead | null;
      const created = await createPackage(session.actor, { ...body, organizationId: params.orgId }, deps, settings);
      setLocation(created.id);
      return created;
    },
    { alongside: packageSettingsAlongside },
  );

  defineRoute(app, authenticate, routes.getPackage, async ({ params, session }) =>
    getPackage(session.actor, { organizationId: params.orgId, packageId: params.packageId }, deps),
  );

  defineRoute(app, authenticate, routes.updatePackage, async ({ params, body, session }) =>
    updatePackage(session.actor, { ...body, organizationId: params.orgId, packageId: params.packageId }, deps),
  );

  defineRoute(app, authenticate, routes.deletePackage, async ({ params, query, session }) =>
    deletePackage(
      session.actor,
      { organizationId: params.orgId, packageId: params.packageId, version: query.version },
      deps,
    ),
  );

  defineRoute(app, authenticate, routes.listPackageGroupOptions, async ({ params, session }) =>
    listPackageGroupOptions(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.setPackageGroups, async ({ params, body, session }) =>
    setPackageGroups(session.actor, { ...body, organizationId: params.orgId, packageId: params.packageId }, deps),
  );

  defineRoute(app, authenticate, routes.listWorkspacePackages, async ({ params, query, session }) =>
    listWorkspacePackages(session.actor, { ...query, organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.packageStatusCounts, async ({ params, session }) =>
    packageStatusCounts(session.actor, { organizationId: params.orgId }, deps),
  );
}
