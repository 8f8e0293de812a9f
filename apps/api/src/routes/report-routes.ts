import { errorBodySchema, routes, routeUrl } from "@signet/contract";
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

  // The CSV is written to the socket batch by batch (chunked), so it is served by hand rather than
  // through defineRoute, which answers JSON; the OpenAPI operation still comes from the table entry.
  const csv = routes.packageReportCsv;
  app.route({
    method: csv.method,
    url: routeUrl(csv),
    schema: {
      params: csv.params,
      querystring: csv.query,
      produces: [csv.produces],
      response: { "4xx": errorBodySchema, "5xx": errorBodySchema },
    },
    preValidation: authenticate(csv.auth, true),
    handler: async (request, reply) => {
      const params = csv.params.parse(request.params);
      const query = csv.query.parse(request.query);
      const file = await packageReportCsv(request.session!.actor, { ...query, organizationId: params.orgId }, deps);
      return reply
        .code(csv.status)
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("cache-control", "no-store")
        .header(REPORT_ROW_COUNT_HEADER, String(file.count))
        .send(file.stream);
    },
  });
}
