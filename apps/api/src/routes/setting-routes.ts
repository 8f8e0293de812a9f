import { routes } from "@signet/contract";
import {
  type CoreDeps,
  createSettingMetaData,
  deleteSettingMetaData,
  getPackageSettings,
  listHolidays,
  listSettingMetaData,
  updatePackageSettings,
  updateSettingMetaData,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Routes of organization settings: package settings (issue 4 §2, §6), metaData and holidays (issue 13 §1, §7). */
export function registerSettingRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.getPackageSettings, async ({ params, session }) =>
    getPackageSettings(session.actor, { organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.updatePackageSettings, async ({ params, body, session }) =>
    updatePackageSettings(session.actor, { organizationId: params.orgId, changes: body }, deps),
  );

  defineRoute(app, authenticate, routes.listSettingMetaData, async ({ params, query, session }) =>
    listSettingMetaData(session.actor, { ...query, organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.createSettingMetaData, async ({ params, body, session }) =>
    createSettingMetaData(session.actor, { organizationId: params.orgId, settings: body }, deps),
  );
  defineRoute(app, authenticate, routes.updateSettingMetaData, async ({ params, body, session }) =>
    updateSettingMetaData(session.actor, { organizationId: params.orgId, settings: body }, deps),
  );
  defineRoute(app, authenticate, routes.deleteSettingMetaData, async ({ params, query, session }) =>
    deleteSettingMetaData(
      session.actor,
      { organizationId: params.orgId, settingId: params.settingId, version: query.version },
      deps,
    ),
  );

  defineRoute(app, authenticate, routes.listHolidays, async ({ query, session }) => listHolidays(session.actor, query));
}
