import { routes } from "@signet/contract";
import {
  type CoreDeps,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhookDelivery,
  resumeWebhookEndpoint,
  rotateWebhookSecret,
  sendWebhookTestEvent,
  suspendAllWebhookEndpoints,
  suspendWebhookEndpoint,
  updateWebhookEndpoint,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Webhook endpoints, their delivery log and suspension (issue 14 §1; spec §4 suspend, suspend-all). */
export function registerWebhookRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  const ref = (params: { orgId: string; webhookId: string }) => ({
    organizationId: params.orgId,
    webhookId: params.webhookId,
  });
  defineRoute(app, authenticate, routes.listWebhooks, async ({ params, session }) =>
    listWebhookEndpoints(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.createWebhook, async ({ params, body, session, setLocation }) => {
    const created = await createWebhookEndpoint(session.actor, { ...body, organizationId: params.orgId }, deps);
    setLocation(created.endpoint.id);
    return created;
  });
  defineRoute(app, authenticate, routes.getWebhook, async ({ params, session }) =>
    getWebhookEndpoint(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.updateWebhook, async ({ params, body, session }) =>
    updateWebhookEndpoint(session.actor, { ...body, ...ref(params) }, deps),
  );
  defineRoute(app, authenticate, routes.deleteWebhook, async ({ params, query, session }) =>
    deleteWebhookEndpoint(session.actor, { ...ref(params), version: query.version }, deps),
  );
  defineRoute(app, authenticate, routes.suspendWebhook, async ({ params, body, session }) =>
    suspendWebhookEndpoint(session.actor, { ...ref(params), reason: body.reason }, deps),
  );
  defineRoute(app, authenticate, routes.resumeWebhook, async ({ params, session }) =>
    resumeWebhookEndpoint(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.suspendAllWebhooks, async ({ params, body, session }) =>
    suspendAllWebhookEndpoints(session.actor, { organizationId: params.orgId, reason: body.reason }, deps),
  );
  defineRoute(app, authenticate, routes.rotateWebhookSecret, async ({ params, session }) =>
    rotateWebhookSecret(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.testWebhook, async ({ params, session }) =>
    sendWebhookTestEvent(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.listWebhookDeliveries, async ({ params, query, session }) =>
    listWebhookDeliveries(session.actor, { ...ref(params), ...query }, deps),
  );
  defineRoute(app, authenticate, routes.redeliverWebhookDelivery, async ({ params, session }) =>
    redeliverWebhookDelivery(session.actor, { ...ref(params), deliveryId: params.deliveryId }, deps),
  );
}
