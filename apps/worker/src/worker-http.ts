import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { carriesMetricsToken, checkReadiness } from "@signet/core";
import type { Registry } from "prom-client";

/**
 * A worker's operational endpoints, as the API has them: /health (the process answers), /ready
 * (database, Redis and storage answer: an orchestrator restarts or stops routing on it) and
 * /metrics for Prometheus, only with METRICS_TOKEN as a bearer token (404 without one configured).
 */
export async function startWorkerHttp(
  input: Parameters<typeof checkReadiness>[0] & {
    host: string;
    port: number;
    registry: Registry;
    metricsToken: string | undefined;
  },
): Promise<{ url: string; close(): Promise<void> }> {
  const json = (status: number, body: unknown) => ({ status, type: "application/json", text: JSON.stringify(body) });
  const answer = async (method: string, path: string, authorization: string | undefined) => {
    if (method !== "GET") return json(405, { status: "method not allowed" });
    if (path === "/health") return json(200, { status: "ok" });
    if (path === "/ready") {
      const readiness = await checkReadiness(input);
      return json(readiness.status === "ready" ? 200 : 503, readiness);
    }
    if (path === "/metrics" && input.metricsToken) {
      if (!carriesMetricsToken(authorization, input.metricsToken)) return json(401, { status: "unauthorized" });
      return { status: 200, type: input.registry.contentType, text: await input.registry.metrics() };
    }
    return json(404, { status: "not found" });
  };
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    answer(request.method ?? "GET", path, request.headers.authorization)
      .catch(() => json(500, { status: "error" }))
      .then((reply) => {
        response.writeHead(reply.status, { "content-type": reply.type, "cache-control": "no-store" });
        response.end(reply.text);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(input.port, input.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${input.host.includes(":") ? `[${input.host}]` : input.host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
