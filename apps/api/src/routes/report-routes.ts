import { routes } from "@signet/contract";
import { type CoreDeps, packageReport, packageReportCsv, packageReportSeries } from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Header the web reads to show export progress against a known total. */
export const REPORT_ROW_COUNT_HEADER = "x-report-row-count";

export function registerReportRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.packageReport, async ({ params, query, session }) =>
    packageReport(session.actor, { ...query, organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.packageReportSeries, async ({ params, query, session }) =>
    packageReportSeries(session.actor, { ...query, organizationId: params.orgId }, deps),
  );

  // written to the socket batch by batch (chunked), as it is read
  defineRoute(app, authenticate, routes.packageReportCsv, async ({ params, query, session }) => {
    const file = await packageReportCsv(session.actor, { ...query, organizationId: params.orgId }, deps);
    return {
      stream: file.stream,
      fileName: file.fileName,
      contentType: "text/csv; charset=utf-8",
      headers: { [REPORT_ROW_COUNT_HEADER]: String(file.count) },
    };
  });
}
