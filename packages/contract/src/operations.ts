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
    id: z
      .enum(["database", "redis", "storage", "smtp", "sms", "evault", "print"])
      .describe(
        "Which dependency: database (PostgreSQL), redis, storage (the object store of documents), smtp (email), sms (text messages), evault, print (the print vendor)",
      ),
    name: z.string().describe("What the service is for, e.g. 'Email (SMTP)'"),
    state: z.enum(SERVICE_STATES).describe("up (working), down (not answering) or not-configured"),
    version: z.string().nullable().describe("The version the service reports, when it reports one"),
    detail: z.string().describe("Where it is (host, never credentials) or what is wrong, in plain words"),
    latencyMs: z.number().int().nullable().describe("Time the check took; null when nothing was checked"),
  })
  .meta({ id: "ServiceInfo" });
export type ServiceInfo = z.infer<typeof serviceInfoSchema>;

export const servicesInfoSchema = z
  .object({
    checkedAt: z.iso.datetime().describe("When the checks ran (ISO 8601 time)"),
    application: z
      .object({
        version: z.string().describe("Signet's version"),
        commit: z.string().describe("The git commit the build was made from"),
        node: z.string().describe("The Node.js version running the API"),
      })
      .describe("The API's own version, git commit and Node.js version"),
    services: z.array(serviceInfoSchema).describe("Every dependency and how it is doing"),
    queues: z
      .array(
        z.object({
          name: z.string().describe("The queue's name"),
          waiting: z.number().int().describe("Jobs waiting to run"),
          active: z.number().int().describe("Jobs running now"),
          delayed: z.number().int().describe("Jobs waiting for a later time (retries, schedules)"),
          failed: z.number().int().describe("Jobs that failed and are kept for inspection"),
        }),
      )
      .describe("Job counts per BullMQ queue; empty when jobs run in-process (no Redis)"),
    outbox: z
      .object({
        pending: z.number().int().describe("Rows waiting for the relay"),
        parked: z.number().int().describe("Rows the relay gave up on after repeated failures"),
      })
      .describe("The transactional outbox the relay turns into jobs"),
  })
  .meta({ id: "ServicesInfo" });
export type ServicesInfo = z.infer<typeof servicesInfoSchema>;

export const parkedJobSchema = z
  .object({
    id: z.string().regex(/^\d+$/).describe("Outbox row id"),
    queue: z.string().describe("The queue the job was for"),
    jobName: z.string().describe("The name of the job the row would run"),
    attempts: z.number().int().describe("How many times the relay tried"),
    lastError: z.string().nullable().describe("The last error; null: none recorded"),
    createdAt: z.iso.datetime().describe("When the row was written (ISO 8601 time)"),
    parkedAt: z.iso.datetime().describe("When the relay gave up on it (ISO 8601 time)"),
  })
  .meta({ id: "ParkedJob" });
export type ParkedJob = z.infer<typeof parkedJobSchema>;

export const parkedJobPageSchema = pageSchema(parkedJobSchema).meta({ id: "ParkedJobPage" });
export const parkedJobQuerySchema = pageQuerySchema(["parkedAt", "createdAt"], "parkedAt")
  .extend({
    sortDirection: z
      .enum(["asc", "desc"])
      .default("desc")
      .describe("asc: oldest first; desc (the default): newest first"),
  })
  .describe("Paging and sort of the parked jobs");

export const requeuedJobSchema = z
  .object({
    id: z.string().regex(/^\d+$/).describe("Outbox row id"),
    queue: z.string().describe("The queue the job goes to"),
    jobName: z.string().describe("The job's name"),
    availableAt: z.iso.datetime().describe("When the relay picks it up again"),
  })
  .meta({ id: "RequeuedJob" });

const outboxIdParams = z.object({
  outboxId: z
    .string()
    .regex(/^\d{1,18}$/, "Use the number of an outbox row.")
    .describe("The outbox row's id (a number, from the parked list)"),
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
