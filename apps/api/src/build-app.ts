import { createHash } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { type CoreDeps, signingRoomOrigin } from "@signet/core";
import Fastify, { type FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { AppLogger } from "./create-logger.ts";
import { apiClientRateLimit } from "./plugins/api-client-rate-limit.ts";
import { rewriteApiVersion } from "./plugins/api-version.ts";
import { authenticator } from "./plugins/authenticate.ts";
import { registerErrorHandler, sendError } from "./plugins/error-handler.ts";
import { registerIdempotency } from "./plugins/idempotency.ts";
import { registerJsonBodyParser } from "./plugins/json-body-parser.ts";
import { registerMetrics } from "./plugins/metrics.ts";
import { apiDocument, registerOpenApi } from "./plugins/openapi-document.ts";
import { registerStorableTextGuard } from "./plugins/refuse-unstorable-text.ts";
import { registerRouteList } from "./plugins/route-list.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { genTraceId, registerTraceId } from "./plugins/trace-id.ts";
import { registerWebApp } from "./plugins/web-app.ts";
import { zodSchemaController } from "./plugins/zod-schema-controller.ts";
import { registerApiClientRoutes } from "./routes/api-client-routes.ts";
import { registerAvSessionRoutes } from "./routes/av-session-routes.ts";
import { registerBulkSendRoutes } from "./routes/bulk-send-routes.ts";
import { registerClosingCenterRoutes } from "./routes/closing-center-routes.ts";
import { registerCustomFieldRoutes } from "./routes/custom-field-routes.ts";
import { registerDataCollectionRoutes } from "./routes/data-collection-routes.ts";
import { registerDocumentRoutes } from "./routes/document-routes.ts";
import { registerEDepositRoutes } from "./routes/edeposit-routes.ts";
import { registerEmailNotificationRoutes } from "./routes/email-notification-routes.ts";
import { registerEmailTemplateRoutes } from "./routes/email-template-routes.ts";
import { registerGroupPackageRoutes } from "./routes/group-package-routes.ts";
import { registerGroupRoutes } from "./routes/group-routes.ts";
import { registerIdentityProofingSenderRoutes } from "./routes/identity-proofing-routes.ts";
import { registerIdentityProviderRoutes } from "./routes/identity-provider-routes.ts";
import { registerIdentityRoutes } from "./routes/identity-routes.ts";
import { registerImportExportRoutes } from "./routes/import-export-routes.ts";
import { registerInvitationRoutes } from "./routes/invitation-routes.ts";
import { registerMembershipRoutes } from "./routes/membership-routes.ts";
import { registerMfaRoutes } from "./routes/mfa-routes.ts";
import { registerNotarizationRoutes } from "./routes/notarization-routes.ts";
import { registerOperationsRoutes } from "./routes/operations-routes.ts";
import { registerOrganizationLogoRoutes, registerPublicLogoRoute } from "./routes/organization-logo-routes.ts";
import { registerOrganizationRoutes } from "./routes/organization-routes.ts";
import { registerPackageActionRoutes } from "./routes/package-action-routes.ts";
import { registerPackageRoutes } from "./routes/package-routes.ts";
import { registerParticipantRoutes } from "./routes/participant-routes.ts";
import { registerPasswordResetRoutes } from "./routes/password-reset-routes.ts";
import { registerPrintMailRoutes } from "./routes/print-mail-routes.ts";
import { registerPrintSettingsRoutes } from "./routes/print-settings-routes.ts";
import { registerReportRoutes } from "./routes/report-routes.ts";
import { registerRoleRoutes } from "./routes/role-routes.ts";
import { registerSamlProviderRoutes } from "./routes/saml-provider-routes.ts";
import { registerSessionRoutes } from "./routes/session-routes.ts";
import { registerSettingRoutes } from "./routes/setting-routes.ts";
import { registerSigningAdminRoutes } from "./routes/signing-admin-routes.ts";
import { registerSystemRoutes } from "./routes/system-routes.ts";
import { registerTagRoutes } from "./routes/tag-routes.ts";
import { registerTemplateRoutes } from "./routes/template-routes.ts";
import { registerUserRoutes } from "./routes/user-routes.ts";
import { registerWatermarkRoutes } from "./routes/watermark-routes.ts";
import { registerWebhookRoutes } from "./routes/webhook-routes.ts";

export interface AppOptions {
  deps: CoreDeps;
  authSecret: string;
  redis: Redis | null;
  webDist: string | null;
  logger: AppLogger;
}

/** A separate connection that fails fast instead of queueing commands while Redis is away. */
function rateLimitConnection(redis: Redis): Redis {
  const connection = redis.duplicate({ enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  connection.on("error", () => undefined);
  return connection;
}

export async function buildApp({ deps, authSecret, redis, webDist, logger }: AppOptions): Promise<FastifyInstance> {
  const { config } = deps;
  // With a pino instance Fastify's type carries pino's logger type; the app is used as a plain instance.
  const app = Fastify({
    loggerInstance: logger,
    genReqId: genTraceId,
    rewriteUrl: rewriteApiVersion,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    schemaController: zodSchemaController,
  }) as unknown as FastifyInstance;
  app.decorateRequest("session", null);

  registerTraceId(app);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerStorableTextGuard(app);
  registerIdempotency(app, deps);
  registerRouteList(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  registerSecurityHeaders(
    app,
    // what the policy depends on: the signing origin is known only after listen (a random test port)
    () => `${config.SIGNING_ROOM_URL ?? ""} ${config.SIGNING_ROOM_PORT} ${config.publicUrl}`,
    () => ({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'"],
          // the admin app frames the signing room in its embedded-signing and collaboration demos
          frameSrc: ["'self'", signingRoomOrigin(config)],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.secureCookies ? [] : null,
        },
      },
      hsts: config.secureCookies,
    }),
  );
  const limiterRedis = redis ? rateLimitConnection(redis) : null;
  if (limiterRedis) app.addHook("onClose", async () => void limiterRedis.disconnect());
  await app.register(fastifyRateLimit, {
    global: false,
    // Fail open: if Redis is unreachable, sign-in keeps working (the per-account lockout in
    // PostgreSQL still limits guessing) instead of hanging every login.
    skipOnError: true,
    ...(limiterRedis ? { redis: limiterRedis, nameSpace: `${config.REDIS_PREFIX}:rate-limit:` } : {}),
  });
  await registerOpenApi(app, apiDocument({ version: config.BUILD_VERSION, cookies: config.cookies }));
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
  registerMetrics(app, deps.db, config.METRICS_TOKEN);

  const csrfKeyOf = (secret: string) => createHash("sha256").update(`signet-csrf:${secret}`).digest();
  const csrfKey = csrfKeyOf(authSecret);
  // anti-forgery values handed out before AUTH_SECRET rotated stay good for their sessions
  const csrfKeys = [authSecret, ...config.AUTH_SECRET_PREVIOUS.filter((secret) => secret !== authSecret)].map(
    csrfKeyOf,
  );
  const authenticate = authenticator(deps, csrfKeys, apiClientRateLimit(app, config));
  const loginRateLimit = {
    max: config.LOGIN_RATE_LIMIT_MAX,
    timeWindow: config.LOGIN_RATE_LIMIT_WINDOW_SECONDS * 1000,
  };
  registerSessionRoutes(app, { deps, authenticate, csrfKey, loginRateLimit });
  registerMfaRoutes(app, { deps, authenticate, loginRateLimit });
  registerPasswordResetRoutes(app, deps, authenticate, loginRateLimit);
  registerSystemRoutes(app, deps, authenticate, redis);
  registerOrganizationRoutes(app, deps, authenticate);
  registerUserRoutes(app, deps, authenticate);
  registerInvitationRoutes(app, deps, authenticate);
  registerIdentityRoutes(app, deps, authenticate);
  registerGroupRoutes(app, deps, authenticate);
  registerRoleRoutes(app, deps, authenticate);
  registerMembershipRoutes(app, deps, authenticate);
  registerPackageRoutes(app, deps, authenticate);
  registerPackageActionRoutes(app, deps, authenticate);
  registerParticipantRoutes(app, deps, authenticate);
  await registerDocumentRoutes(app, deps, authenticate);
  registerTagRoutes(app, deps, authenticate);
  registerTemplateRoutes(app, deps, authenticate);
  registerCustomFieldRoutes(app, deps, authenticate);
  registerDataCollectionRoutes(app, deps, authenticate);
  registerSettingRoutes(app, deps, authenticate);
  registerGroupPackageRoutes(app, deps, authenticate);
  await registerSigningAdminRoutes(app, deps, authenticate);
  await registerOrganizationLogoRoutes(app, deps, authenticate);
  await registerBulkSendRoutes(app, deps, authenticate);
  // the logo also on this origin, so the administrators' app (CSP img-src 'self') can preview it
  registerPublicLogoRoute(app, deps, { hidden: true });
  registerWebhookRoutes(app, deps, authenticate);
  registerEDepositRoutes(app, deps, authenticate);
  registerIdentityProofingSenderRoutes(app, deps, authenticate);
  registerAvSessionRoutes(app, deps, authenticate);
  registerNotarizationRoutes(app, deps, authenticate);
  registerClosingCenterRoutes(app, deps, authenticate);
  registerPrintSettingsRoutes(app, deps, authenticate);
  registerEmailTemplateRoutes(app, deps, authenticate);
  registerEmailNotificationRoutes(app, deps, authenticate);
  registerApiClientRoutes(app, deps, authenticate);
  registerIdentityProviderRoutes(app, { deps, authenticate, csrfKey, loginRateLimit });
  registerSamlProviderRoutes(app, { deps, authenticate, csrfKey, loginRateLimit });
  registerReportRoutes(app, deps, authenticate);
  await registerPrintMailRoutes(app, deps, authenticate);
  await registerOperationsRoutes(app, deps, authenticate, redis);
  await registerImportExportRoutes(app, deps, authenticate);
  registerWatermarkRoutes(app, deps, authenticate);

  const serveIndex = await registerWebApp(app, webDist);
  app.setNotFoundHandler((request, reply) => {
    if (serveIndex?.(request, reply)) return reply;
    return sendError(request, reply, "NOT_FOUND");
  });
  return app;
}
