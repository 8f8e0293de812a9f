import { routes } from "@signet/contract";
import {
  type CoreDeps,
  createDataCollectionField,
  createDataCollectionGroup,
  createStip,
  deleteDataCollectionField,
  deleteDataCollectionGroup,
  deleteStip,
  getDataCollectionField,
  getDataCollectionGroup,
  getStip,
  listDataCollectionFields,
  listDataCollectionGroups,
  listStips,
  updateDataCollectionField,
  updateDataCollectionGroup,
  updateStip,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Routes of data-collection groups and fields, and signer uploads (stips) (issue 4 §5). */
export function registerDataCollectionRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  const ref = (params: { orgId: string; packageId: string }) => ({
    organizationId: params.orgId,
    packageId: params.packageId,
  });

  defineRoute(app, authenticate, routes.listDataCollectionGroups, async ({ params, session }) =>
    listDataCollectionGroups(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.createDataCollectionGroup, async ({ params, body, session, setLocation }) => {
    const created = await createDataCollectionGroup(session.actor, { ...body, ...ref(params) }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.getDataCollectionGroup, async ({ params, session }) =>
    getDataCollectionGroup(session.actor, { ...ref(params), groupId: params.groupId }, deps),
  );
  defineRoute(app, authenticate, routes.updateDataCollectionGroup, async ({ params, body, session }) =>
    updateDataCollectionGroup(session.actor, { ...body, ...ref(params), groupId: params.groupId }, deps),
  );
  defineRoute(app, authenticate, routes.deleteDataCollectionGroup, async ({ params, query, session }) =>
    deleteDataCollectionGroup(session.actor, { ...ref(params), groupId: params.groupId, version: query.version }, deps),
  );

  defineRoute(app, authenticate, routes.listDataCollectionFields, async ({ params, session }) =>
    listDataCollectionFields(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.createDataCollectionField, async ({ params, body, session, setLocation }) => {
    const created = await createDataCollectionField(session.actor, { ...body, ...ref(params) }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.getDataCollectionField, async ({ params, session }) =>
    getDataCollectionField(session.actor, { ...ref(params), fieldId: params.fieldId }, deps),
  );
  defineRoute(app, authenticate, routes.updateDataCollectionField, async ({ params, body, session }) =>
    updateDataCollectionField(session.actor, { ...body, ...ref(params), fieldId: params.fieldId }, deps),
  );
  defineRoute(app, authenticate, routes.deleteDataCollectionField, async ({ params, query, session }) =>
    deleteDataCollectionField(session.actor, { ...ref(params), fieldId: params.fieldId, version: query.version }, deps),
  );

  defineRoute(app, authenticate, routes.listStips, async ({ params, session }) =>
    listStips(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.createStip, async ({ params, body, session, setLocation }) => {
    const created = await createStip(session.actor, { ...body, ...ref(params) }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.getStip, async ({ params, session }) =>
    getStip(session.actor, { ...ref(params), stipId: params.stipId }, deps),
  );
  defineRoute(app, authenticate, routes.updateStip, async ({ params, body, session }) =>
    updateStip(session.actor, { ...body, ...ref(params), stipId: params.stipId }, deps),
  );
  defineRoute(app, authenticate, routes.deleteStip, async ({ params, query, session }) =>
    deleteStip(session.actor, { ...ref(params), stipId: params.stipId, version: query.version }, deps),
  );
}
