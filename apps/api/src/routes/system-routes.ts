import { routes } from "@signet/contract";
import { AppError, type CoreDeps, checkReadiness, escapeHtml, getBuildInfo } from "@signet/core";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

export function registerSystemRoutes(
  app: FastifyInstance,
  deps: CoreDeps,
  authenticate: Authenticate,
  redis: Redis | null,
) {
  const { config } = deps;

  app.get("/health", { schema: { hide: true } }, async () => ({ status: "ok" }));

  app.get("/ready", { schema: { hide: true } }, async (_request, reply) => {
    const readiness = await checkReadiness({ db: deps.db, redis, storage: deps.storage });
    reply.code(readiness.status === "ready" ? 200 : 503);
    return readiness;
  });

  defineRoute(app, authenticate, routes.publicConfig, async () => ({
    supportPhone: config.SUPPORT_PHONE,
    supportEmail: config.SUPPORT_EMAIL,
    privacyUrl: config.PRIVACY_URL,
    documentationUrl: config.DOCUMENTATION_URL,
    idleTimeoutSeconds: config.SESSION_IDLE_TIMEOUT_SECONDS,
    countdownSeconds: config.SESSION_COUNTDOWN_SECONDS,
    payloadCookie: config.cookies.payload,
    csrfCookie: config.cookies.csrf,
    devMailbox: !config.SMTP_URL,
    signingRoomUrl: `${new URL(config.publicUrl).protocol}//${new URL(config.publicUrl).hostname}:${config.SIGNING_ROOM_PORT}`,
    maxUploadBytes: config.MAX_UPLOAD_BYTES,
  }));

  defineRoute(app, authenticate, routes.buildInfo, async ({ session }) => getBuildInfo(session.actor, deps));

  // The dev mailbox exists only where mail is not really sent (the embedded default).
  defineRoute(app, authenticate, routes.devMailbox, async () => {
    if (config.SMTP_URL) throw new AppError("NOT_FOUND");
    const [messages, texts] = await Promise.all([
      deps.db.mailMessage.findMany({ orderBy: { createdAt: "desc" }, take: 100 }),
      // text messages (SMS invitations and codes) go to the same page when no SMS gateway is set
      config.SMS_WEBHOOK_URL ? [] : deps.db.smsMessage.findMany({ orderBy: { createdAt: "desc" }, take: 100 }),
    ]);
    return [
      ...messages.map((m) => ({
        id: m.id,
        to: m.to,
        from: m.from,
        subject: m.subject,
        text: m.text,
        html: m.html,
        createdAt: m.createdAt,
      })),
      ...texts.map((sms) => ({
        id: sms.id,
        to: sms.to,
        from: "SMS",
        subject: `SMS to ${sms.to}`,
        text: sms.text,
        html: `<p>${escapeHtml(sms.text)}</p>`,
        createdAt: sms.createdAt,
      })),
    ]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, 100)
      .map((message) => ({ ...message, createdAt: message.createdAt.toISOString() }));
  });
}
