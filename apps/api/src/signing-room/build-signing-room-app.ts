import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import { SIGNING_ROOM_HEADER } from "@signet/contract";
import {
  AppError,
  type CoreDeps,
  resolveSigningSession,
  signingLinkIdFromToken,
  signingRoomOrigin,
} from "@signet/core";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import type { AppLogger } from "../create-logger.ts";
import { requestOrigin } from "../plugins/authenticate.ts";
import type { Authenticate } from "../plugins/define-route.ts";
import { registerErrorHandler, sendError } from "../plugins/error-handler.ts";
import { registerJsonBodyParser } from "../plugins/json-body-parser.ts";
import { registerOpenApi, signingOriginDocument } from "../plugins/openapi-document.ts";
import { registerStorableTextGuard } from "../plugins/refuse-unstorable-text.ts";
import { registerRouteList } from "../plugins/route-list.ts";
import { genTraceId, registerTraceId } from "../plugins/trace-id.ts";
import { zodSchemaController } from "../plugins/zod-schema-controller.ts";
import { registerPublicLogoRoute } from "../routes/organization-logo-routes.ts";
import { registerAvRoutes } from "./av-routes.ts";
import { AvSignalHub, memoryAvSignalBus } from "./av-signal-hub.ts";
import { redisAvSignalBus } from "./av-signal-redis.ts";
import { registerIdentityProofingRoutes } from "./identity-proofing-routes.ts";
import { registerSigningRoomRoutes } from "./signing-room-routes.ts";
import { signingCookie } from "./signing-session-cookie.ts";

/** The signing origin's Content-Security-Policy but frame-ancestors, which depends on the reply. */
const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyReply {
    /** origins allowed to frame this response (frame-ancestors); none unless a page allows them */
    frameAncestors: string[] | null;
  }
}

/**
 * The participants' origin (issue 5 §2, ARCHITECTURE §2: same process, second listener, its own
 * cookies, framable only by allowed origins). It serves the signing-room app and its API, never the
 * admin API: an admin cookie is useless here and a signing cookie is useless there.
 */
export async function buildSigningRoomApp(input: {
  deps: CoreDeps;
  logger: AppLogger;
  dist: string | null;
  redis: Redis | null;
}): Promise<FastifyInstance> {
  const { deps, logger } = input;
  const { config } = deps;
  const app = Fastify({
    loggerInstance: logger,
    genReqId: genTraceId,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 512 * 1024,
    schemaController: zodSchemaController,
    // collaboration tokens travel in the path (…/collaboration/:token) and are longer than Fastify's 100
    routerOptions: { maxParamLength: 1000 },
  }) as unknown as FastifyInstance;
  app.decorateRequest("session", null);
  app.decorateRequest("signing", null);
  app.decorateReply("frameAncestors", null);
  registerTraceId(app);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerStorableTextGuard(app);
  registerRouteList(app);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false, skipOnError: true });

  const origin = signingRoomOrigin(config);
  const cookie = signingCookie(origin.startsWith("https://"));

  app.addHook("onRequest", async (request) => {
    // a custom header cannot be sent cross-site without a CORS preflight, which this origin never grants
    if (
      !SAFE_METHODS.has(request.method) &&
      request.url.startsWith("/api/") &&
      request.headers[SIGNING_ROOM_HEADER] !== "1"
    ) {
      throw new AppError("CSRF", "Missing signing-room header.");
    }
  });

  app.addHook("onSend", async (_request, reply, payload) => {
    const ancestors = reply.frameAncestors?.length ? `'self' ${reply.frameAncestors.join(" ")}` : "'none'";
    reply.header("content-security-policy", `${POLICY}; frame-ancestors ${ancestors}`);
    if (!reply.frameAncestors?.length) reply.header("x-frame-options", "DENY");
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "no-referrer");
    if (config.secureCookies) reply.header("strict-transport-security", "max-age=15552000");
    return payload;
  });

  const authenticate: Authenticate = () => async (request: FastifyRequest) => {
    request.signing = await resolveSigningSession(request.cookies[cookie.name], requestOrigin(request), deps);
  };
  await registerOpenApi(app, signingOriginDocument({ version: config.BUILD_VERSION, sessionCookie: cookie.name }));
  // the document only: the explorer UI is served by the main listener
  app.get("/api/docs/json", { schema: { hide: true } }, async () => app.swagger());
  await registerSigningRoomRoutes(app, deps, authenticate, cookie);
  // several processes serving this origin (REDIS_URL set) relay A/V signalling through Redis
  const avHub = new AvSignalHub(input.redis ? redisAvSignalBus(input.redis, config.REDIS_PREFIX) : memoryAvSignalBus());
  app.addHook("onClose", async () => avHub.closeAll());
  await registerAvRoutes(app, deps, authenticate, avHub);
  registerIdentityProofingRoutes(app, deps, authenticate);
  registerPublicLogoRoute(app, deps);

  const dist = input.dist && existsSync(join(input.dist, "index.html")) ? input.dist : null;
  if (!dist) logger.warn({ dist: input.dist }, "signing room not built: run `pnpm build:web` (its API still works)");
  else {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.header("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  const appOrigin = new URL(config.publicUrl).origin;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0]!;
    // a browser opening a page (a mangled link such as /s/abc.de too) gets the room, which says
    // in words what is wrong; a missing file or an API call gets the JSON error
    const opensPage = (request.headers.accept ?? "").includes("text/html") || !/\.\w{1,8}$/.test(path);
    const wantsHtml = request.method === "GET" && !path.startsWith("/api/") && opensPage;
    if (!dist || !wantsHtml) return sendError(request, reply, "NOT_FOUND");
    reply.frameAncestors = await allowedAncestors(request, path, deps, cookie.name, appOrigin);
    reply.header("cache-control", "no-store");
    return reply.sendFile("index.html");
  });
  return app;
}

/**
 * Who may frame the page (issue 5 §3): a signing link or session made for embedding names its
 * parent origin (checked against the organization's allowed origins when the URL was issued, and
 * only while embedded signing is on); the collaboration page may be framed by our own web app.
 */
async function allowedAncestors(
  request: FastifyRequest,
  path: string,
  deps: CoreDeps,
  cookieName: string,
  appOrigin: string,
): Promise<string[]> {
  if (path === "/collaboration") return [appOrigin];
  let parentOrigin: string | null = null;
  let organizationId: string | null = null;
  const token = /^\/s\/([^/]+)$/.exec(path)?.[1];
  if (token) {
    const linkId = signingLinkIdFromToken(deps.linkKeys, decodeURIComponent(token));
    const link = linkId ? await deps.db.signingLink.findUnique({ where: { id: linkId } }) : null;
    parentOrigin = link?.parentOrigin ?? null;
    organizationId = link?.organizationId ?? null;
  } else {
    const context = await resolveSigningSession(request.cookies[cookieName], requestOrigin(request), deps).catch(
      () => null,
    );
    parentOrigin = context?.session.parentOrigin ?? null;
    organizationId = context?.pkg.organizationId ?? null;
  }
  if (!parentOrigin || !organizationId) return [];
  const organization = await deps.db.organization.findUnique({
    where: { id: organizationId },
    select: { embeddedSrEnabled: true },
  });
  return organization?.embeddedSrEnabled ? [parentOrigin] : [];
}
