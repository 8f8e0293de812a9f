import { routes } from "@signet/contract";
import {
  addApiClientSecret,
  type CoreDeps,
  createApiClient,
  createApiUser,
  deleteApiClient,
  getApiClient,
  getApiUser,
  listApiClients,
  listApiUsers,
  revokeApiClientSecret,
  updateApiClient,
  updateApiUser,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

const clientScope = (params: { orgId: string; apiUserId: string; apiClientId: string }) => ({
  organizationId: params.orgId,
  apiUserId: params.apiUserId,
  apiClientId: params.apiClientId,
});

export function registerApiClientRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listApiUsers, async ({ params, session }) =>
    listApiUsers(session.actor, { organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.createApiUser, async ({ params, body, session, setLocation }) => {
    const apiUser = await createApiUser(session.actor, { ...body, organizationId: params.orgId }, deps);
    setLocation(apiUser.id);
    return apiUser;
  });

  defineRoute(app, authenticate, routes.getApiUser, async ({ params, session }) =>
    getApiUser(session.actor, { organizationId: params.orgId, apiUserId: params.apiUserId }, deps),
  );

  defineRoute(app, authenticate, routes.updateApiUser, async ({ params, body, session }) =>
    updateApiUser(session.actor, { ...body, organizationId: params.orgId, apiUserId: params.apiUserId }, deps),
  );

  defineRoute(app, authenticate, routes.listApiClients, async ({ params, session }) =>
    listApiClients(session.actor, { organizationId: params.orgId, apiUserId: params.apiUserId }, deps),
  );

  defineRoute(app, authenticate, routes.createApiClient, async ({ params, body, session, setLocation }) => {
    const created = await createApiClient(
      session.actor,
      { ...body, organizationId: params.orgId, apiUserId: params.apiUserId },
      deps,
    );
    setLocation(created.client.id);
    return created;
  });

  defineRoute(app, authenticate, routes.getApiClient, async ({ params, session }) =>
    getApiClient(session.actor, clientScope(params), deps),
  );

  defineRoute(app, authenticate, routes.updateApiClient, async ({ params, body, session }) =>
    updateApiClient(session.actor, { ...body, ...clientScope(params) }, deps),
  );

  defineRoute(app, authenticate, routes.deleteApiClient, async ({ params, query, session }) => {
    await deleteApiClient(session.actor, { ...clientScope(params), version: query.version }, deps);
  });

  defineRoute(app, authenticate, routes.addApiClientSecret, async ({ params, body, session, setLocation }) => {
    const secret = await addApiClientSecret(session.actor, { ...body, ...clientScope(params) }, deps);
    setLocation(secret.id);
    return secret;
  });

  defineRoute(app, authenticate, routes.revokeApiClientSecret, async ({ params, session }) => {
    await revokeApiClientSecret(session.actor, { ...clientScope(params), secretId: params.secretId }, deps);
  });
}
