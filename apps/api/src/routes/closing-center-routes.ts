import { routes } from "@signet/contract";
import {
  type CoreDeps,
  createClosingCenter,
  deleteClosingCenter,
  getClosingCenter,
  inviteClosingCenterMember,
  listClosingCenterMembers,
  listClosingCenters,
  listPackageClosingCenters,
  removeClosingCenterMember,
  shareWithClosingCenter,
  unshareWithClosingCenter,
  updateClosingCenter,
  updateClosingCenterMember,
  updateClosingCenterShare,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Closing centers, their users (spec §7 "closing-center users") and a package's shares (issue 16 §3). */
export function registerClosingCenterRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  const center = (params: { orgId: string; closingCenterId: string }) => ({
    organizationId: params.orgId,
    closingCenterId: params.closingCenterId,
  });
  const member = (params: { orgId: string; closingCenterId: string; memberId: string }) => ({
    ...center(params),
    memberId: params.memberId,
  });
  const pkg = (params: { orgId: string; packageId: string }) => ({
    organizationId: params.orgId,
    packageId: params.packageId,
  });
  defineRoute(app, authenticate, routes.listClosingCenters, async ({ params, session }) =>
    listClosingCenters(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.createClosingCenter, async ({ params, body, session, setLocation }) => {
    const created = await createClosingCenter(session.actor, { ...body, organizationId: params.orgId }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.getClosingCenter, async ({ params, session }) =>
    getClosingCenter(session.actor, center(params), deps),
  );
  defineRoute(app, authenticate, routes.updateClosingCenter, async ({ params, body, session }) =>
    updateClosingCenter(session.actor, { ...body, ...center(params) }, deps),
  );
  defineRoute(app, authenticate, routes.deleteClosingCenter, async ({ params, query, session }) =>
    deleteClosingCenter(session.actor, { ...center(params), version: query.version }, deps),
  );
  defineRoute(app, authenticate, routes.listClosingCenterMembers, async ({ params, session }) =>
    listClosingCenterMembers(session.actor, center(params), deps),
  );
  defineRoute(app, authenticate, routes.inviteClosingCenterMember, async ({ params, body, session, setLocation }) => {
    const created = await inviteClosingCenterMember(session.actor, { ...body, ...center(params) }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.updateClosingCenterMember, async ({ params, body, session }) =>
    updateClosingCenterMember(session.actor, { ...body, ...member(params) }, deps),
  );
  defineRoute(app, authenticate, routes.removeClosingCenterMember, async ({ params, query, session }) =>
    removeClosingCenterMember(session.actor, { ...member(params), version: query.version }, deps),
  );
  defineRoute(app, authenticate, routes.listPackageClosingCenters, async ({ params, session }) =>
    listPackageClosingCenters(session.actor, pkg(params), deps),
  );
  defineRoute(app, authenticate, routes.shareWithClosingCenter, async ({ params, body, session, setLocation }) => {
    const created = await shareWithClosingCenter(session.actor, { ...body, ...pkg(params) }, deps);
    setLocation(created.closingCenterId);
    return created;
  });
  defineRoute(app, authenticate, routes.updateClosingCenterShare, async ({ params, body, session }) =>
    updateClosingCenterShare(session.actor, { ...body, ...pkg(params), closingCenterId: params.closingCenterId }, deps),
  );
  defineRoute(app, authenticate, routes.unshareWithClosingCenter, async ({ params, query, session }) =>
    unshareWithClosingCenter(
      session.actor,
      { ...pkg(params), closingCenterId: params.closingCenterId, version: query.version },
      deps,
    ),
  );
}
