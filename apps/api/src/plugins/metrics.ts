import { AppError, carriesMetricsToken, type Db, registerOperationalGauges } from "@signet/core";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";

/**
 * Prometheus /metrics: process metrics and a request-latency histogram labelled by route pattern.
 * Served only to the operator's scraper, which sends METRICS_TOKEN as a bearer token; without a
 * configured token the endpoint does not exist, so route names and load never leak to the public.
 */
export function registerMetrics(app: FastifyInstance, db: Db, token: string | undefined) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "signet_http_request_duration_seconds",
    help: "HTTP request latency by route pattern",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  registerOperationalGauges(registry, db);
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw new AppError("NOT_FOUND");
    if (!carriesMetricsToken(request.headers.authorization, token)) throw new AppError("UNAUTHORIZED");
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
