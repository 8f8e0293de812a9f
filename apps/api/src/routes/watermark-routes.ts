import { errorBodySchema, routes, routeUrl } from "@signet/contract";
import {
  type CoreDeps,
  createWatermarkTemplate,
  deleteWatermarkTemplate,
  getDefaultWatermarkTemplate,
  getWatermarkRules,
  getWatermarkTemplate,
  listWatermarkTemplates,
  previewWatermarkTemplate,
  replaceWatermarkRules,
  updateDefaultWatermarkTemplate,
  updateWatermarkTemplate,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { contentDisposition } from "../plugins/content-disposition.ts";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Watermark templates and rules, and the system default watermark (issue 15 §4). */
export function registerWatermarkRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  const ref = (params: { orgId: string; templateId: string }) => ({
    organizationId: params.orgId,
    templateId: params.templateId,
  });
  defineRoute(app, authenticate, routes.listWatermarkTemplates, async ({ params, session }) =>
    listWatermarkTemplates(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.createWatermarkTemplate, async ({ params, body, session, setLocation }) => {
    const created = await createWatermarkTemplate(session.actor, { ...body, organizationId: params.orgId }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.getWatermarkTemplate, async ({ params, session }) =>
    getWatermarkTemplate(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.updateWatermarkTemplate, async ({ params, body, session }) =>
    updateWatermarkTemplate(session.actor, { ...body, ...ref(params) }, deps),
  );
  defineRoute(app, authenticate, routes.deleteWatermarkTemplate, async ({ params, query, session }) =>
    deleteWatermarkTemplate(session.actor, { ...ref(params), version: query.version }, deps),
  );
  defineRoute(app, authenticate, routes.getWatermarkRules, async ({ params, session }) =>
    getWatermarkRules(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.replaceWatermarkRules, async ({ params, body, session }) =>
    replaceWatermarkRules(session.actor, { ...body, organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.getDefaultWatermarkTemplate, async ({ session }) =>
    getDefaultWatermarkTemplate(session.actor, deps),
  );
  defineRoute(app, authenticate, routes.updateDefaultWatermarkTemplate, async ({ body, session }) =>
    updateDefaultWatermarkTemplate(session.actor, body, deps),
  );

  // The preview answers a PDF, which defineRoute (JSON responses) does not do: same URL, validation
  // and auth from the route table, with a binary body.
  const preview = routes.previewWatermarkTemplate;
  app.route({
    method: preview.method,
    url: routeUrl(preview),
    schema: {
      summary: preview.summary,
      tags: [...preview.tags],
      params: preview.params,
      body: preview.body,
      security: [{ bearer: [] }, { cookie: [] }],
      produces: ["application/pdf"],
      response: { "4xx": errorBodySchema, "5xx": errorBodySchema },
    },
    preValidation: authenticate(preview.auth, true),
    handler: async (request, reply) => {
      const params = preview.params.parse(request.params);
      const body = preview.body.parse(request.body ?? {});
      const session = request.session;
      if (!session) throw new Error("authenticated route without a session");
      const bytes = await previewWatermarkTemplate(session.actor, { ...body, ...ref(params) }, deps);
      return reply
        .code(preview.status)
        .header("content-type", "application/pdf")
        .header("content-disposition", contentDisposition("watermark-preview.pdf", "watermark-preview.pdf", "inline"))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(Buffer.from(bytes));
    },
  });
}
