import { routes } from "@signet/contract";
import {
  activateDocumentTemplate,
  activatePackageTemplate,
  addDocumentFromTemplate,
  type CoreDeps,
  createDocumentTemplate,
  createDocumentTemplateFromPackage,
  createPackageFromTemplate,
  createPackageTemplate,
  createPackageTemplateFromPackage,
  deactivateDocumentTemplate,
  deactivatePackageTemplate,
  deleteDocumentTemplate,
  deletePackageTemplate,
  getDocumentTemplate,
  getPackageTemplate,
  listDocumentTemplates,
  listDocumentTemplateVersions,
  listPackageTemplates,
  publishDocumentTemplate,
  updateDocumentTemplate,
  updatePackageTemplate,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Document templates and package templates (issue 13 §3–§4). */
export function registerTemplateRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  const ref = (params: { orgId: string; templateId: string }) => ({
    organizationId: params.orgId,
    templateId: params.templateId,
  });
  const org = (params: { orgId: string }) => ({ organizationId: params.orgId });

  defineRoute(app, authenticate, routes.listDocumentTemplates, async ({ params, query, session }) =>
    listDocumentTemplates(session.actor, { ...org(params), usable: query.usable }, deps),
  );
  defineRoute(app, authenticate, routes.createDocumentTemplate, async ({ params, body, session, setLocation }) => {
    const created = await createDocumentTemplate(session.actor, { ...body, ...org(params) }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.createDocumentTemplateFromPackage, async ({ params, body, session }) =>
    createDocumentTemplateFromPackage(session.actor, { ...body, ...org(params) }, deps),
  );
  defineRoute(app, authenticate, routes.getDocumentTemplate, async ({ params, session }) =>
    getDocumentTemplate(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.updateDocumentTemplate, async ({ params, body, session }) =>
    updateDocumentTemplate(session.actor, { ...body, ...ref(params) }, deps),
  );
  defineRoute(app, authenticate, routes.deleteDocumentTemplate, async ({ params, query, session }) =>
    deleteDocumentTemplate(session.actor, { ...ref(params), version: query.version }, deps),
  );
  defineRoute(app, authenticate, routes.publishDocumentTemplate, async ({ params, body, session }) =>
    publishDocumentTemplate(session.actor, { ...ref(params), version: body.version }, deps),
  );
  defineRoute(app, authenticate, routes.activateDocumentTemplate, async ({ params, body, session }) =>
    activateDocumentTemplate(session.actor, { ...ref(params), version: body.version }, deps),
  );
  defineRoute(app, authenticate, routes.deactivateDocumentTemplate, async ({ params, body, session }) =>
    deactivateDocumentTemplate(session.actor, { ...ref(params), version: body.version }, deps),
  );
  defineRoute(app, authenticate, routes.listDocumentTemplateVersions, async ({ params, session }) =>
    listDocumentTemplateVersions(session.actor, ref(params), deps),
  );
  // the new rows live elsewhere (the package's documents, the packages): no Location under these paths
  defineRoute(app, authenticate, routes.addDocumentFromTemplate, async ({ params, body, session }) =>
    addDocumentFromTemplate(
      session.actor,
      { ...org(params), packageId: params.packageId, documentTemplateId: body.documentTemplateId },
      deps,
    ),
  );

  defineRoute(app, authenticate, routes.listPackageTemplates, async ({ params, query, session }) =>
    listPackageTemplates(session.actor, { ...org(params), usable: query.usable }, deps),
  );
  defineRoute(app, authenticate, routes.createPackageTemplate, async ({ params, body, session, setLocation }) => {
    const created = await createPackageTemplate(session.actor, { ...body, ...org(params) }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.createPackageTemplateFromPackage, async ({ params, body, session }) =>
    createPackageTemplateFromPackage(session.actor, { ...body, ...org(params) }, deps),
  );
  defineRoute(app, authenticate, routes.getPackageTemplate, async ({ params, session }) =>
    getPackageTemplate(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.updatePackageTemplate, async ({ params, body, session }) =>
    updatePackageTemplate(session.actor, { ...body, ...ref(params) }, deps),
  );
  defineRoute(app, authenticate, routes.deletePackageTemplate, async ({ params, query, session }) =>
    deletePackageTemplate(session.actor, { ...ref(params), version: query.version }, deps),
  );
  defineRoute(app, authenticate, routes.activatePackageTemplate, async ({ params, body, session }) =>
    activatePackageTemplate(session.actor, { ...ref(params), version: body.version }, deps),
  );
  defineRoute(app, authenticate, routes.deactivatePackageTemplate, async ({ params, body, session }) =>
    deactivatePackageTemplate(session.actor, { ...ref(params), version: body.version }, deps),
  );
  defineRoute(app, authenticate, routes.createPackageFromTemplate, async ({ params, body, session }) =>
    createPackageFromTemplate(session.actor, { ...body, ...ref(params) }, deps),
  );
}
