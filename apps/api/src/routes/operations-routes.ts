import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { FastifyAdapter } from "@bull-board/fastify";
import { QUEUE_DASHBOARD_PATH, routes } from "@signet/contract";
import {
  AppError,
  assertSupportUser,
  type CoreDeps,
  createQueueInspector,
  getServicesInfo,
  listParkedJobs,
  requeueParkedJob,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { sendError } from "../plugins/error-handler.ts";

/**
 * Operations views for support users (issue 14 §4): services-info, parked outbox rows with requeue,
 * and the bull-board queue dashboard. The dashboard is read-only: retrying or removing a job goes
 * through the requeue route, which checks the anti-forgery header and writes an audit event.
 */
export async function registerOperationsRoutes(
  app: FastifyInstance,
  deps: CoreDeps,
  authenticate: Authenticate,
  redis: Redis | null,
) {
  const inspector = redis ? createQueueInspector(redis, deps.config.REDIS_PREFIX) : null;
  if (inspector) app.addHook("onClose", async () => inspector.close());

  defineRoute(app, authenticate, routes.servicesInfo, async ({ session }) =>
    getServicesInfo(session.actor, { redis, queues: inspector }, deps),
  );
  defineRoute(app, authenticate, routes.listParkedJobs, async ({ query, session }) =>
    listParkedJobs(session.actor, query, deps),
  );
  defineRoute(app, authenticate, routes.requeueParkedJob, async ({ params, session }) =>
    requeueParkedJob(session.actor, params.outboxId, deps),
  );

  // Without Redis, jobs run inside the API process and there is no queue to show.
  if (!inspector) return;
  const board = new FastifyAdapter();
  board.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: inspector.queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: true })),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: "Signet queues" } },
  });
  const requireUser = authenticate("user");
  await app.register(
    async (scope) => {
      // answered here: bull-board's own error handler would turn a refusal into a 500
      scope.addHook("onRequest", async (request, reply) => {
        try {
          if (request.method !== "GET" && request.method !== "HEAD") throw new AppError("NOT_FOUND");
          await requireUser(request);
          assertSupportUser(request.session!.actor);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return sendError(request, reply, error.code, error.message);
        }
      });
      await scope.register(board.registerPlugin());
    },
    { prefix: QUEUE_DASHBOARD_PATH },
  );
}
