import { z } from "zod";
import { pageQuerySchema, pageSchema } from "./paging.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Operations views for support users (spec §7 services-info; issue 14 §4): the health and versions
// of every dependency, the outbox rows the relay gave up on (parked) with requeue, and a read-only
// queue dashboard (bull-board) at QUEUE_DASHBOARD_PATH.

export const QUEUE_DASHBOARD_PATH = "/admin/queues";

export const SERVICE_STATES = ["up", "down", "not-configured"] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

/** Plain words for each state, shown beside the service's name. */
export const SERVICE_STATE_WORDS: Record<ServiceState, string> = {
  up: "Working",
  down: "Not answering",
  "not-configured": "Not configured",
};

export const serviceInfoSchema = z
  .object({
    id: z.enum(["database", "redis", "storage", "smtp", "sms", "evault", "print"]),
    name: z.string().describe("What the service is for, e.g. 'Email (SMTP)'"),
    state: z.enum(SERVICE_STATES),
    version: z.string().nullable().describe("The version the service reports, when it reports one"),
    detail: z.string().describe("Where it is (host, never credentials) or what is wrong, in plain words"),
    latencyMs: z.number().int().nullable().describe("Time the check took; null when nothing was checked"),
  })
  .meta({ id: "ServiceInfo" });
export type ServiceInfo = z.infer<typeof serviceInfoSchema>;

export const servicesInfoSchema = z
  .object({
    checkedAt: z.iso.datetime(),
    application: z.object({ version: z.string(), commit: z.string(), node: z.string() }),
    services: z.array(serviceInfoSchema),
    queues: z
      .array(
        z.object({
          name: z.string(),
          waiting: z.number().int(),
          active: z.number().int(),
          delayed: z.number().int(),
          failed: z.number().int(),
        }),
      )
      .describe("Job counts per BullMQ queue; empty when jobs run in-process (no Redis)"),
    outbox: z.object({
      pending: z.number().int().describe("Rows waiting for the relay"),
      parked: z.number().int().describe("Rows the relay gave up on after repeated failures"),
    }),
  })
  .meta({ id: "ServicesInfo" });
export type ServicesInfo = z.infer<typeof servicesInfoSchema>;

export const parkedJobSchema = z
  .object({
    id: z.string().regex(/^\d+$/).describe("Outbox row id"),
    queue: z.string(),
    jobName: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime(),
    parkedAt: z.iso.datetime(),
  })
  .meta({ id: "ParkedJob" });
export type ParkedJob = z.infer<typeof parkedJobSchema>;

export const parkedJobPageSchema = pageSchema(parkedJobSchema).meta({ id: "ParkedJobPage" });
export const parkedJobQuerySchema = pageQuerySchema(["parkedAt", "createdAt"], "parkedAt")
  .extend({ sortDirection: z.enum(["asc", "desc"]).default("desc") })
  .describe("Paging and sort of the parked jobs");

export const requeuedJobSchema = z
  .object({
    id: z.string().regex(/^\d+$/),
    queue: z.string(),
    jobName: z.string(),
    availableAt: z.iso.datetime().describe("When the relay picks it up again"),
  })
  .meta({ id: "RequeuedJob" });

const outboxIdParams = z.object({
  outboxId: z.string().regex(/^\d{1,18}$/, "Use the number of an outbox row."),
});

export const operationsRoutes = {
  servicesInfo: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/services-info",
    auth: "user",
    summary: "Versions and health of every dependency (support users)",
    tags: ["operations"],
    response: servicesInfoSchema,
    status: 200,
  }),
  listParkedJobs: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/outbox/parked",
    auth: "user",
    summary: "Outbox rows the relay gave up on after repeated failures (support users)",
    tags: ["operations"],
    query: parkedJobQuerySchema,
    response: parkedJobPageSchema,
    status: 200,
  }),
  requeueParkedJob: define({
    method: "POST",
    base: "api",
    version: 1,
    path: "/outbox/:outboxId/requeue",
    auth: "user",
    summary: "Put a parked outbox row back in line with a fresh count of attempts (support users)",
    tags: ["operations"],
    params: outboxIdParams,
    response: requeuedJobSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
