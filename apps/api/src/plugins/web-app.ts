import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Serves the built web app. Deep links (any GET outside /api and /cas that asks for HTML) get
 * index.html so the client router can take over; hashed assets are cached for a year.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null) {
  if (!webDist || !existsSync(join(webDist, "index.html"))) {
    app.log.warn({ webDist }, "web app not built: run `pnpm build:web` (the API still works)");
    return null;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      res.header("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0]!;
    const wantsHtml = request.method === "GET" && !/^\/(api|cas)(\/|$)/.test(path) && !/\.\w{1,8}$/.test(path);
    if (!wantsHtml) return false;
    reply.header("cache-control", "no-cache");
    reply.sendFile("index.html");
    return true;
  };
}
