import { routes } from "@signet/contract";
import {
  assignGroupRole,
  type CoreDeps,
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  listLocationCandidates,
  moveGroup,
  unassignGroupRole,
  updateGroup,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

export function registerGroupRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listGroups, async ({ params, session }) =>
    listGroups(session.actor, { organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.createGroup, async ({ params, body, session, setLocation }) => {
    const group = await createGroup(session.actor, { ...body, organizationId: params.orgId }, deps);
    setLocation(group.id);
    return group;
  });

  defineRoute(app, authenticate, routes.getGroup, async ({ params, session }) =>
    getGroup(session.actor, { organizationId: params.orgId, groupId: params.groupId }, deps),
  );

  defineRoute(app, authenticate, routes.updateGroup, async ({ params, body, session }) =>
    updateGroup(session.actor, { ...body, organizationId: params.orgId, groupId: params.groupId }, deps),
  );

  defineRoute(app, authenticate, routes.deleteGroup, async ({ params, query, session }) =>
    deleteGroup(session.actor, { organizationId: params.orgId, groupId: params.groupId, version: query.version }, deps),
  );

  defineRoute(app, authenticate, routes.moveGroup, async ({ params, body, session }) =>
    moveGroup(session.actor, { ...body, organizationId: params.orgId, groupId: params.groupId }, deps),
  );

  defineRoute(app, authenticate, routes.groupLocationCandidates, async ({ params, session }) =>
    listLocationCandidates(session.actor, { organizationId: params.orgId, groupId: params.groupId }, deps),
  );

  defineRoute(app, authenticate, routes.assignGroupRole, async ({ params, session }) =>
    assignGroupRole(
      session.actor,
      { organizationId: params.orgId, groupId: params.groupId, roleId: params.roleId },
      deps,
    ),
  );

  defineRoute(app, authenticate, routes.unassignGroupRole, async ({ params, session }) =>
    unassignGroupRole(
      session.actor,
      { organizationId: params.orgId, groupId: params.groupId, roleId: params.roleId },
      deps,
    ),
  );
}
