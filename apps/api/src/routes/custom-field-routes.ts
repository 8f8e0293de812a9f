import { routes } from "@signet/contract";
import {
  archiveCustomField,
  type CoreDeps,
  clearCustomFieldValue,
  createCustomField,
  getCustomField,
  listCustomFields,
  listCustomFieldValues,
  listPackageEffectiveCustomFields,
  setCustomFieldValue,
  updateCustomField,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Routes of organization custom fields and package/document custom field values (issue 4 §5). */
export function registerCustomFieldRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listCustomFields, async ({ params, query, session }) =>
    listCustomFields(session.actor, { organizationId: params.orgId, ...query }, deps),
  );
  defineRoute(app, authenticate, routes.createCustomField, async ({ params, body, session, setLocation }) => {
    const created = await createCustomField(session.actor, { ...body, organizationId: params.orgId }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.getCustomField, async ({ params, session }) =>
    getCustomField(session.actor, { organizationId: params.orgId, customFieldId: params.customFieldId }, deps),
  );
  defineRoute(app, authenticate, routes.updateCustomField, async ({ params, body, session }) =>
    updateCustomField(
      session.actor,
      { ...body, organizationId: params.orgId, customFieldId: params.customFieldId },
      deps,
    ),
  );
  defineRoute(app, authenticate, routes.archiveCustomField, async ({ params, query, session }) =>
    archiveCustomField(
      session.actor,
      { organizationId: params.orgId, customFieldId: params.customFieldId, version: query.version },
      deps,
    ),
  );

  const packageOwner = (params: { orgId: string; packageId: string }) => ({
    organizationId: params.orgId,
    packageId: params.packageId,
  });
  defineRoute(app, authenticate, routes.listPackageEffectiveCustomFields, async ({ params, session }) =>
    listPackageEffectiveCustomFields(session.actor, packageOwner(params), deps),
  );
  defineRoute(app, authenticate, routes.listPackageCustomFields, async ({ params, session }) =>
    listCustomFieldValues(session.actor, packageOwner(params), deps),
  );
  defineRoute(app, authenticate, routes.setPackageCustomField, async ({ params, body, session }) =>
    setCustomFieldValue(session.actor, { ...body, ...packageOwner(params), customFieldId: params.customFieldId }, deps),
  );
  defineRoute(app, authenticate, routes.deletePackageCustomField, async ({ params, session }) =>
    clearCustomFieldValue(session.actor, { ...packageOwner(params), customFieldId: params.customFieldId }, deps),
  );
  defineRoute(app, authenticate, routes.listDocumentCustomFields, async ({ params, session }) =>
    listCustomFieldValues(session.actor, { ...packageOwner(params), documentId: params.documentId }, deps),
  );
  defineRoute(app, authenticate, routes.setDocumentCustomField, async ({ params, body, session }) =>
    setCustomFieldValue(
      session.actor,
      { ...body, ...packageOwner(params), documentId: params.documentId, customFieldId: params.customFieldId },
      deps,
    ),
  );
  defineRoute(app, authenticate, routes.deleteDocumentCustomField, async ({ params, session }) =>
    clearCustomFieldValue(
      session.actor,
      { ...packageOwner(params), documentId: params.documentId, customFieldId: params.customFieldId },
      deps,
    ),
  );
}
