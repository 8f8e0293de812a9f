import { routes } from "@signet/contract";
import {
  type CoreDeps,
  createEmailNotification,
  deleteEmailNotification,
  getEmailNotification,
  getPackageReminderSettings,
  listEmailNotifications,
  updateEmailNotification,
  updatePackageReminderSettings,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Email notification rules and a package's automatic reminders (issue 14 §2). */
export function registerEmailNotificationRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  const ref = (params: { orgId: string; uid: string }) => ({ organizationId: params.orgId, uid: params.uid });
  defineRoute(app, authenticate, routes.listEmailNotifications, async ({ params, session }) =>
    listEmailNotifications(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.createEmailNotification, async ({ params, body, session, setLocation }) => {
    const created = await createEmailNotification(session.actor, { ...body, organizationId: params.orgId }, deps);
    setLocation(created.uid);
    return created;
  });
  defineRoute(app, authenticate, routes.getEmailNotification, async ({ params, session }) =>
    getEmailNotification(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.updateEmailNotification, async ({ params, body, session }) =>
    updateEmailNotification(session.actor, { ...body, ...ref(params) }, deps),
  );
  defineRoute(app, authenticate, routes.deleteEmailNotification, async ({ params, query, session }) =>
    deleteEmailNotification(session.actor, { ...ref(params), version: query.version }, deps),
  );
  defineRoute(app, authenticate, routes.getPackageReminderSettings, async ({ params, session }) =>
    getPackageReminderSettings(session.actor, { organizationId: params.orgId, packageId: params.packageId }, deps),
  );
  defineRoute(app, authenticate, routes.updatePackageReminderSettings, async ({ params, body, session }) =>
    updatePackageReminderSettings(
      session.actor,
      { ...body, organizationId: params.orgId, packageId: params.packageId },
      deps,
    ),
  );
}
