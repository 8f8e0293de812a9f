import { routes } from "@signet/contract";
import {
  type CoreDeps,
  createOrganization,
  getOnboardingChecklist,
  getOrganization,
  listOrganizations,
  updateOrganization,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

export function registerOrganizationRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listOrganizations, async ({ query, session }) =>
    listOrganizations(session.actor, query, deps),
  );

  defineRoute(app, authenticate, routes.createOrganization, async ({ body, session, setLocation }) => {
    const organization = await createOrganization(session.actor, body, deps);
    setLocation(organization.id);
    return organization;
  });

  defineRoute(app, authenticate, routes.getOrganization, async ({ params, session }) =>
    getOrganization(session.actor, { organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.getOnboardingChecklist, async ({ params, session }) =>
    getOnboardingChecklist(session.actor, { organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.updateOrganization, async ({ params, body, session }) =>
    updateOrganization(session.actor, { ...body, organizationId: params.orgId }, deps),
  );
}
