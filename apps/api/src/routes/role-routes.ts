import { routes } from "@signet/contract";
import { type CoreDeps, createRole, deleteRole, getRole, listRoles, updateRole } from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

export function registerRoleRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listRoles, async ({ params, query, session }) =>
    listRoles(session.actor, { ...query, organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.createRole, async ({ params, body, session, setLocation }) => {
    const role = await createRole(session.actor, { ...body, organizationId: params.orgId }, deps);
    setLocation(role.id);
    return role;
  });

  defineRoute(app, authenticate, routes.getRole, async ({ params, session }) =>
    getRole(session.actor, { organizationId: params.orgId, roleId: params.roleId }, deps),
  );

  defineRoute(app, authenticate, routes.updateRole, async ({ params, body, session }) =>
    updateRole(session.actor, { ...body, organizationId: params.orgId, roleId: params.roleId }, deps),
  );

  defineRoute(app, authenticate, routes.deleteRole, async ({ params, query, session }) =>
    deleteRole(session.actor, { organizationId: params.orgId, roleId: params.roleId, version: query.version }, deps),
  );
}
