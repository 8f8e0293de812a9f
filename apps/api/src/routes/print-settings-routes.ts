import { routes } from "@signet/contract";
import {
  type CoreDeps,
  createBusinessReturnEnvelope,
  createCarrier,
  createReturnAddress,
  deleteBusinessReturnEnvelope,
  deleteCarrier,
  deleteReturnAddress,
  getPrintFulfillmentSettings,
  getPrintOptions,
  listBusinessReturnEnvelopes,
  listCarriers,
  listReturnAddresses,
  testPrintVendorConnection,
  updateBusinessReturnEnvelope,
  updateCarrier,
  updatePrintFulfillmentSettings,
  updateReturnAddress,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Print fulfillment settings (issue 16 §4): vendor, return addresses, return envelopes, carriers. */
export function registerPrintSettingsRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  const org = (params: { orgId: string }) => ({ organizationId: params.orgId });
  defineRoute(app, authenticate, routes.getPrintFulfillment, async ({ params, session }) =>
    getPrintFulfillmentSettings(session.actor, org(params), deps),
  );
  defineRoute(app, authenticate, routes.updatePrintFulfillment, async ({ params, body, session }) =>
    updatePrintFulfillmentSettings(session.actor, { ...body, ...org(params) }, deps),
  );
  defineRoute(app, authenticate, routes.testPrintConnection, async ({ params, session }) =>
    testPrintVendorConnection(session.actor, org(params), deps),
  );
  defineRoute(app, authenticate, routes.getPrintOptions, async ({ params, session }) =>
    getPrintOptions(session.actor, org(params), deps),
  );

  defineRoute(app, authenticate, routes.listReturnAddresses, async ({ params, session }) =>
    listReturnAddresses(session.actor, org(params), deps),
  );
  defineRoute(app, authenticate, routes.createReturnAddress, async ({ params, body, session, setLocation }) => {
    const created = await createReturnAddress(session.actor, { ...body, ...org(params) }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.updateReturnAddress, async ({ params, body, session }) =>
    updateReturnAddress(session.actor, { ...body, ...org(params), returnAddressId: params.returnAddressId }, deps),
  );
  defineRoute(app, authenticate, routes.deleteReturnAddress, async ({ params, query, session }) =>
    deleteReturnAddress(
      session.actor,
      { ...org(params), returnAddressId: params.returnAddressId, version: query.version },
      deps,
    ),
  );

  defineRoute(app, authenticate, routes.listBusinessReturnEnvelopes, async ({ params, session }) =>
    listBusinessReturnEnvelopes(session.actor, org(params), deps),
  );
  defineRoute(
    app,
    authenticate,
    routes.createBusinessReturnEnvelope,
    async ({ params, body, session, setLocation }) => {
      const created = await createBusinessReturnEnvelope(session.actor, { ...body, ...org(params) }, deps);
      setLocation(created.id);
      return created;
    },
  );
  defineRoute(app, authenticate, routes.updateBusinessReturnEnvelope, async ({ params, body, session }) =>
    updateBusinessReturnEnvelope(session.actor, { ...body, ...org(params), envelopeId: params.envelopeId }, deps),
  );
  defineRoute(app, authenticate, routes.deleteBusinessReturnEnvelope, async ({ params, query, session }) =>
    deleteBusinessReturnEnvelope(
      session.actor,
      { ...org(params), envelopeId: params.envelopeId, version: query.version },
      deps,
    ),
  );

  defineRoute(app, authenticate, routes.listCarriers, async ({ params, session }) =>
    listCarriers(session.actor, org(params), deps),
  );
  defineRoute(app, authenticate, routes.createCarrier, async ({ params, body, session, setLocation }) => {
    const created = await createCarrier(session.actor, { ...body, ...org(params) }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.updateCarrier, async ({ params, body, session }) =>
    updateCarrier(session.actor, { ...body, ...org(params), carrierId: params.carrierId }, deps),
  );
  defineRoute(app, authenticate, routes.deleteCarrier, async ({ params, query, session }) =>
    deleteCarrier(session.actor, { ...org(params), carrierId: params.carrierId, version: query.version }, deps),
  );
}
