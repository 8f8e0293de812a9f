import { routes } from "@signet/contract";
import {
  addGroupMembers,
  type CoreDeps,
  getMembership,
  listGroupMembers,
  removeGroupMember,
  setMemberRoles,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

export function registerMembershipRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listGroupMembers, async ({ params, query, session }) =>
    listGroupMembers(session.actor, { ...query, organizationId: params.orgId, groupId: params.groupId }, deps),
  );

  defineRoute(app, authenticate, routes.addGroupMembers, async ({ params, body, session, setLocation }) => {
    const added = await addGroupMembers(
      session.actor,
      { ...body, organizationId: params.orgId, groupId: params.groupId },
      deps,
    );
    // spec §7: clients read a created thing's id from Location; for several members, the first
    const first = body.userIds[0];
    if (first) setLocation(first);
    return added;
  });

  defineRoute(app, authenticate, routes.setMemberRoles, async ({ params, body, session }) =>
    setMemberRoles(
      session.actor,
      { ...body, organizationId: params.orgId, groupId: params.groupId, userId: params.userId },
      deps,
    ),
  );

  defineRoute(app, authenticate, routes.removeGroupMember, async ({ params, session }) =>
    removeGroupMember(
      session.actor,
      { organizationId: params.orgId, groupId: params.groupId, userId: params.userId },
      deps,
    ),
  );

  defineRoute(app, authenticate, routes.getMembership, async ({ params, session }) =>
    getMembership(session.actor, { organizationId: params.orgId, userId: params.userId }, deps),
  );
}
