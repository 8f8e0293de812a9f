import { routes } from "@signet/contract";
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

  defineRoute(app, authenticate, routes.previewWatermarkTemplate, async ({ params, body, session }) => ({
    stream: Buffer.from(await previewWatermarkTemplate(session.actor, { ...body, ...ref(params) }, deps)),
    fileName: "watermark-preview.pdf",
    contentType: "application/pdf",
    disposition: "inline" as const,
  }));
}
