import { routes } from "@signet/contract";
import { type CoreDeps, getUser, listUsers, listUsersBaseInfo, resetUserPassword, updateUser } from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

export function registerUserRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listUsers, async ({ params, query, session }) =>
    listUsers(session.actor, { ...query, organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.usersBaseInfo, async ({ params, query, session }) =>
    listUsersBaseInfo(session.actor, { ...query, organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.getUser, async ({ params, session }) =>
    getUser(session.actor, { organizationId: params.orgId, userId: params.userId }, deps),
  );

  defineRoute(app, authenticate, routes.updateUser, async ({ params, body, session }) =>
    updateUser(session.actor, { ...body, organizationId: params.orgId, userId: params.userId }, deps),
  );

  defineRoute(app, authenticate, routes.resetUserPassword, async ({ params, session }) => {
    await resetUserPassword(session.actor, { organizationId: params.orgId, userId: params.userId }, deps);
  });
}
