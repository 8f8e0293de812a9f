import fastifyMultipart from "@fastify/multipart";
import { errorBodySchema, PRINT_MAIL_MESSAGES, routes, routeUrl } from "@signet/contract";
import {
  AppError,
  type CoreDeps,
  createMailing,
  downloadMailingScan,
  downloadPrintSet,
  listPackageMailings,
  mailingReport,
  mailingReportCsv,
  recordVendorCallback,
  retryMailing,
  uploadMailingScan,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { readFirstFile } from "../plugins/read-multipart.ts";
import { REPORT_ROW_COUNT_HEADER } from "./report-routes.ts";

const SCAN_LIMIT_BYTES = 50 * 1024 * 1024;

/** Print and mail (issue 16 §4): a package's mailings, scans, the vendor's callbacks and the mailing report. */
export async function registerPrintMailRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  const pkg = (params: { orgId: string; packageId: string }) => ({
    organizationId: params.orgId,
    packageId: params.packageId,
  });
  const mailing = (params: { orgId: string; packageId: string; mailingId: string }) => ({
    ...pkg(params),
    mailingId: params.mailingId,
  });

  defineRoute(app, authenticate, routes.listPackageMailings, async ({ params, session }) =>
    listPackageMailings(session.actor, pkg(params), deps),
  );
  defineRoute(app, authenticate, routes.createMailing, async ({ params, body, session, setLocation }) => {
    const created = await createMailing(session.actor, { ...pkg(params), ...body }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.retryMailing, async ({ params, session }) =>
    retryMailing(session.actor, mailing(params), deps),
  );
  defineRoute(app, authenticate, routes.mailingReport, async ({ params, query, session }) =>
    mailingReport(session.actor, { ...query, organizationId: params.orgId }, deps),
  );

  defineRoute(app, authenticate, routes.downloadPrintSet, async ({ params, session }) =>
    downloadPrintSet(session.actor, mailing(params), deps),
  );
  defineRoute(app, authenticate, routes.downloadMailingScan, async ({ params, session }) =>
    downloadMailingScan(session.actor, { ...mailing(params), scanId: params.scanId }, deps),
  );

  defineRoute(app, authenticate, routes.mailingReportCsv, async ({ params, query, session }) => {
    const file = await mailingReportCsv(session.actor, { ...query, organizationId: params.orgId }, deps);
    return {
      stream: file.stream,
      fileName: file.fileName,
      contentType: "text/csv; charset=utf-8",
      headers: { [REPORT_ROW_COUNT_HEADER]: String(file.count) },
    };
  });

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    defineRoute(scope, authenticate, routes.uploadMailingScan, async ({ params, request, session }) => {
      const file = async () => {
        if (!request.isMultipart()) throw new AppError("BAD_REQUEST", PRINT_MAIL_MESSAGES.scanRequired);
        const first = await readFirstFile(request, { fileSize: SCAN_LIMIT_BYTES, files: 1, fields: 2 });
        if (!first) throw new AppError("BAD_REQUEST", PRINT_MAIL_MESSAGES.scanRequired);
        if (!first.bytes) throw new AppError("PAYLOAD_TOO_LARGE");
        return { fileName: first.fileName, bytes: first.bytes };
      };
      return uploadMailingScan(session.actor, { ...mailing(params), file }, deps);
    });
  });

  // The vendor signs the body's exact bytes: this scope reads JSON as text, checks the signature
  // over it, and only then parses it (in the use case). Served by hand for that reason: defineRoute
  // would validate a parsed body before the signature is checked.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    const callback = routes.printVendorCallback;
    scope.route({
      method: callback.method,
      url: routeUrl(callback),
      schema: {
        response: { [callback.status]: callback.response, "4xx": errorBodySchema, "5xx": errorBodySchema },
      },
      handler: async (request, reply) => {
        const headers: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          headers[name.toLowerCase()] = Array.isArray(value) ? value[0] : value;
        }
        const rawBody = typeof request.body === "string" ? request.body : "";
        return reply.code(callback.status).send(await recordVendorCallback({ headers, rawBody }, deps));
      },
    });
  });
}
