import { routes } from "@signet/contract";
import {
  type CoreDeps,
  createEmailTemplate,
  deleteEmailTemplate,
  getEmailSettings,
  getEmailTemplate,
  getNotificationReport,
  getNotificationSummary,
  listEmailTemplates,
  listNotificationRecords,
  previewEmailTemplate,
  restoreEmailTemplateDefault,
  updateEmailSettings,
  updateEmailTemplate,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Email templates, email settings and the record of notifications (issue 14 §2). */
export function registerEmailTemplateRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  const ref = (params: { orgId: string; templateId: string }) => ({
    organizationId: params.orgId,
    templateId: params.templateId,
  });
  defineRoute(app, authenticate, routes.listEmailTemplates, async ({ params, query, session }) =>
    listEmailTemplates(session.actor, { organizationId: params.orgId, kind: query.kind }, deps),
  );
  defineRoute(app, authenticate, routes.createEmailTemplate, async ({ params, body, session, setLocation }) => {
    const created = await createEmailTemplate(session.actor, { ...body, organizationId: params.orgId }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.previewEmailTemplate, async ({ params, body, session }) =>
    previewEmailTemplate(session.actor, { ...body, organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.getEmailTemplate, async ({ params, session }) =>
    getEmailTemplate(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.updateEmailTemplate, async ({ params, body, session }) =>
    updateEmailTemplate(session.actor, { ...body, ...ref(params) }, deps),
  );
  defineRoute(app, authenticate, routes.restoreEmailTemplate, async ({ params, body, session }) =>
    restoreEmailTemplateDefault(session.actor, { ...ref(params), version: body.version }, deps),
  );
  defineRoute(app, authenticate, routes.deleteEmailTemplate, async ({ params, query, session }) =>
    deleteEmailTemplate(session.actor, { ...ref(params), version: query.version }, deps),
  );
  defineRoute(app, authenticate, routes.getEmailSettings, async ({ params, session }) =>
    getEmailSettings(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.updateEmailSettings, async ({ params, query, session }) =>
    updateEmailSettings(session.actor, { organizationId: params.orgId, ...query }, deps),
  );
  defineRoute(app, authenticate, routes.listNotificationRecords, async ({ query, session }) =>
    listNotificationRecords(session.actor, query, deps),
  );
  defineRoute(app, authenticate, routes.getNotificationSummary, async ({ query }) =>
    getNotificationSummary({ token: query.token }, deps),
  );
  defineRoute(app, authenticate, routes.getNotificationReport, async ({ query }) =>
    getNotificationReport({ token: query.token }, deps),
  );
}
