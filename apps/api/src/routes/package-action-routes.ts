import { routes } from "@signet/contract";
import {
  type CoreDeps,
  cancelPackage,
  correctPackage,
  createCollaborationLink,
  finishPackage,
  getPackageAudit,
  getSendCheck,
  reactivatePackage,
  sendInvitationReminders,
  sendPackage,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Package lifecycle actions (send, cancel, reactivate, finish, correction), reminders and the audit history. */
export function registerPackageActionRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  const target = (params: { orgId: string; packageId: string }) => ({
    organizationId: params.orgId,
    packageId: params.packageId,
  });

  defineRoute(app, authenticate, routes.sendPackage, async ({ params, body, session }) =>
    sendPackage(session.actor, { ...target(params), version: body.version }, deps),
  );

  defineRoute(app, authenticate, routes.cancelPackage, async ({ params, body, session }) =>
    cancelPackage(session.actor, { ...body, ...target(params) }, deps),
  );

  defineRoute(app, authenticate, routes.reactivatePackage, async ({ params, body, session }) =>
    reactivatePackage(session.actor, { ...body, ...target(params) }, deps),
  );

  defineRoute(app, authenticate, routes.finishPackage, async ({ params, body, session }) =>
    finishPackage(session.actor, { ...target(params), version: body.version }, deps),
  );

  defineRoute(app, authenticate, routes.correctPackage, async ({ params, body, session }) =>
    correctPackage(session.actor, { ...target(params), version: body.version }, deps),
  );

  defineRoute(app, authenticate, routes.sendInvitationReminders, async ({ params, body, session }) =>
    sendInvitationReminders(session.actor, { ...body, ...target(params) }, deps),
  );

  defineRoute(app, authenticate, routes.createCollaboration, async ({ params, session }) =>
    createCollaborationLink(session.actor, target(params), deps),
  );

  defineRoute(app, authenticate, routes.getSendCheck, async ({ params, session }) =>
    getSendCheck(session.actor, target(params), deps),
  );

  defineRoute(app, authenticate, routes.getPackageAudit, async ({ params, session }) =>
    getPackageAudit(session.actor, target(params), deps),
  );
}
