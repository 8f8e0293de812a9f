// The reference print vendor as one Fastify server: its own port and data directory, the protocol
// in README.md. It accepts print jobs, moves each through its milestones on a clock and posts every
// milestone back to the sender, signed. Nothing in Signet imports it at run time except the
// embedded demo; Signet speaks to it over HTTP through an adapter like any vendor.
import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import swagger from "@fastify/swagger";
import { AccessTokens, FaultBook, faulted, grantClientCredentials, ProtocolError } from "@signet/reference-service";
import Fastify, { type FastifyError } from "fastify";
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { PDFDocument } from "pdf-lib";
import { z } from "zod";
import { signCallback } from "./callback-signature.ts";
import { JobStore, type PendingCallback, type StoredJob, sha256Hex } from "./job-store.ts";
import {
  clockBody,
  errorBody,
  type FaultMode,
  type FaultStep,
  faultBody,
  faultList,
  type Leg,
  type Milestone,
  type MilestoneEvent,
  PROTOCOL_VERSION,
  printJob,
  printJobRequest,
  protocolRegistry,
  receivedList,
  tokenAnswer,
  tokenForm,
} from "./protocol.ts";

export interface ReferencePrintVendorOptions {
  /** 0 = any free port (the default) */
  port?: number;
  host?: string;
  dataDir: string;
  clients: { clientId: string; clientSecret: string }[];
  /** time between two milestones of a job; default 60 s (a test shortens it, or pauses the clock) */
  stepMs?: number;
  /** wait before the first callback retry; each next one waits twice as long (default 1 s) */
  callbackRetryMs?: number;
  /** adds the /_test routes; never on in a real deployment */
  testControls?: boolean;
  logger?: boolean;
}

export interface RunningReferencePrintVendor {
  url: string;
  close(): Promise<void>;
}

const MAX_CALLBACK_ATTEMPTS = 12;
const TICK_MS = 50;

/** The milestones a job goes through after READY (READY itself is recorded when it is accepted). */
function planFor(outcome: StoredJob["outcome"], hasReturnLeg: boolean): { leg: Leg; code: Milestone }[] {
  if (outcome === "print-failure") return [{ leg: "OUTBOUND", code: "FAILED" }];
  const outbound: { leg: Leg; code: Milestone }[] = [
    { leg: "OUTBOUND", code: "PRINTING" },
    { leg: "OUTBOUND", code: "MAILED" },
  ];
  if (outcome === "return-to-sender") return [...outbound, { leg: "OUTBOUND", code: "RETURNED_TO_SENDER" }];
  const delivered = [...outbound, { leg: "OUTBOUND" as Leg, code: "DELIVERED" as Milestone }];
  if (!hasReturnLeg) return delivered;
  return [...delivered, { leg: "RETURN", code: "MAILED" }, { leg: "RETURN", code: "DELIVERED" }];
}

const tracking = (prefix: string) => `${prefix}${randomBytes(9).toString("hex").toUpperCase()}`;

function firstPageText(path: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile("pdftotext", ["-f", "1", "-l", "1", "-layout", path, "-"], { timeout: 10_000 }, (error, stdout) =>
      resolve(error ? null : stdout),
    );
  });
}

export async function startReferencePrintVendor(o: ReferencePrintVendorOptions): Promise<RunningReferencePrintVendor> {
  if (o.clients.length === 0) throw new Error("The reference print vendor needs at least one client (id and secret).");
  for (const client of o.clients) {
    if (!client.clientId || !client.clientSecret)
      throw new Error("Every print vendor client needs an id and a secret.");
  }
  const store = await JobStore.open(o.dataDir, o.stepMs ?? 60_000);
  if (o.stepMs !== undefined) store.state.stepMs = o.stepMs;
  const callbackRetryMs = o.callbackRetryMs ?? 1000;
  const tokens = new AccessTokens(o.clients);
  const faults = new FaultBook<FaultStep, FaultMode>();
  const held = new Set<ServerResponse>();
  const faultControls = { faults: o.testControls ? faults : null, held };
  const secretOf = (clientId: string) => o.clients.find((client) => client.clientId === clientId)?.clientSecret ?? "";

  /** fault injection on the vendor's own steps (callbacks, deliveries), outside any route */
  const takeFault = (step: FaultStep) => faultControls.faults?.take(step) ?? null;

  const event = (job: StoredJob, leg: Leg, code: Milestone, at: Date): MilestoneEvent => {
    const carrier = leg === "OUTBOUND" ? job.request.outboundCarrier : job.request.returnCarrier;
    return {
      eventId: `${job.jobId}:${leg}:${code}`,
      jobId: job.jobId,
      reference: job.reference,
      leg,
      code,
      occurredAt: at.toISOString(),
      carrier: carrier?.code ?? null,
      service: carrier?.service ?? null,
      trackingNumber: leg === "OUTBOUND" ? job.outboundTrackingNumber : job.returnTrackingNumber,
      detail:
        code === "RETURNED_TO_SENDER"
          ? "The carrier could not deliver to this address and returned the envelope."
          : code === "FAILED"
            ? "The print set could not be printed."
            : null,
    };
  };

  const view = (job: StoredJob) => ({
    jobId: job.jobId,
    reference: job.reference,
    status: job.milestones.at(-1)?.code ?? "READY",
    pageCount: job.pageCount,
    sha256: job.sha256,
    createdAt: job.createdAt,
    outboundTrackingNumber: job.outboundTrackingNumber,
    returnTrackingNumber: job.returnTrackingNumber,
    milestones: job.milestones,
  });

  /** Moves every due job one milestone on (or every job at once, for /_test/advance). */
  async function advanceJobs(force: boolean, onlyJobId?: string) {
    const now = Date.now();
    const due = Object.values(store.state.jobs).filter(
      (job) => job.plan.length > 0 && (onlyJobId ? job.jobId === onlyJobId : true) && (force || job.nextAt <= now),
    );
    if (due.length === 0) return 0;
    await store.save((state) => {
      for (const job of due) {
        const stored = state.jobs[job.jobId]!;
        const next = stored.plan.shift();
        if (!next) continue;
        const happened = event(stored, next.leg, next.code, new Date());
        stored.milestones.push(happened);
        stored.nextAt = Date.now() + state.stepMs;
        state.callbacks.push({ event: happened, attempts: 0, nextAttemptAt: Date.now(), lastError: null });
      }
    });
    return due.length;
  }

  let delivering = false;
  async function deliverCallbacks() {
    if (delivering) return;
    delivering = true;
    try {
      const now = Date.now();
      // one job's milestones arrive in the order they happened: a later one waits behind a retried one
      const blocked = new Set<string>();
      for (const callback of [...store.state.callbacks]) {
        const jobId = callback.event.jobId;
        if (blocked.has(jobId)) continue;
        if (callback.nextAttemptAt > now) {
          blocked.add(jobId);
          continue;
        }
        if (!(await deliver(callback))) blocked.add(jobId);
      }
    } finally {
      delivering = false;
    }
  }

  /** Posts one callback; whether the receiver took it. */
  async function deliver(callback: PendingCallback): Promise<boolean> {
    const job = store.state.jobs[callback.event.jobId];
    if (!job) return true;
    const body = JSON.stringify(callback.event);
    const timestamp = Math.floor(Date.now() / 1000);
    let error: string | null = null;
    const fault = takeFault("callback");
    try {
      if (fault?.mode === "fail") throw new Error("A test fault dropped this callback.");
      const response = await fetch(job.request.callbackUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-print-event-id": callback.event.eventId,
          "x-print-timestamp": String(timestamp),
          "x-print-signature": signCallback(secretOf(job.clientId), timestamp, body),
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status < 200 || response.status > 299) error = `The receiver answered ${response.status}.`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    await store.save((state) => {
      const index = state.callbacks.indexOf(callback);
      if (index < 0) return;
      if (!error) {
        state.callbacks.splice(index, 1);
        const stored = state.jobs[callback.event.jobId];
        if (stored) stored.callbacksDelivered += 1;
        return;
      }
      callback.attempts += 1;
      callback.lastError = error;
      if (callback.attempts >= MAX_CALLBACK_ATTEMPTS) state.callbacks.splice(index, 1);
      else callback.nextAttemptAt = Date.now() + callbackRetryMs * 2 ** (callback.attempts - 1);
    });
    return error === null;
  }

  const app = Fastify({ logger: o.logger ?? false, bodyLimit: 64 * 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProtocolError)
      return reply.code(error.status).send({ error: error.code, message: error.message });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map(
        (issue) => `${issue.instancePath || error.validationContext} ${issue.message}`,
      );
      return reply
        .code(400)
        .send({ error: "invalid_request", message: `The request is not valid: ${problems.join("; ")}.` });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ error: "bad_request", message: error.message });
    request.log.error(error);
    return reply.code(500).send({ error: "internal_error", message: "The print vendor failed to handle the request." });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: "not_found", message: `There is no route ${request.method} ${request.url}.` }),
  );
  app.addHook("preClose", async () => {
    for (const response of held) response.destroy();
    held.clear();
  });
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Reference print vendor",
        version: PROTOCOL_VERSION,
        description: "The print and mail protocol Signet sends print sets to (apps/print-vendor/README.md).",
      },
      components: {
        securitySchemes: {
          basic: { type: "http", scheme: "basic", description: "client ID and secret, for /oauth/token only" },
          bearer: { type: "http", scheme: "bearer", description: "an access token from /oauth/token" },
        },
      },
    },
    transform: createJsonSchemaTransform({ schemaRegistry: protocolRegistry }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: protocolRegistry }),
  });
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/health",
    {
      schema: {
        summary: "Whether the vendor accepts jobs",
        tags: ["Service"],
        response: { 200: z.object({ ok: z.boolean(), protocolVersion: z.string() }) },
      },
    },
    async () => ({ ok: true, protocolVersion: PROTOCOL_VERSION }),
  );

  api.post(
    "/oauth/token",
    {
      schema: {
        summary: "Get an access token (client credentials, HTTP Basic)",
        tags: ["Authentication"],
        security: [{ basic: [] }],
        consumes: ["application/x-www-form-urlencoded"],
        body: tokenForm.partial(),
        response: { 200: tokenAnswer, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) =>
      faulted(faultControls, "token", reply, async () => {
        return grantClientCredentials(tokens, request, reply, "print-vendor");
      }),
  );

  api.post(
    "/print-jobs",
    {
      schema: {
        summary: "Submit a print job (Idempotency-Key header required); the answer is the job with its READY milestone",
        tags: ["Print jobs"],
        security: [{ bearer: [] }],
        headers: z.object({ "idempotency-key": z.string().min(1).max(200) }).passthrough(),
        body: printJobRequest,
        response: { 201: printJob, 200: printJob, 400: errorBody, 401: errorBody, 409: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      const clientId = tokens.verify(request.headers.authorization);
      return faulted(faultControls, "submit", reply, async () => {
        const key = `${clientId} ${request.headers["idempotency-key"]}`;
        const { document, ...rest } = request.body;
        const fingerprint = sha256Hex(JSON.stringify({ ...rest, sha256: document.sha256 }));
        const earlier = store.state.idempotency[key];
        if (earlier) {
          if (earlier.fingerprint !== fingerprint) {
            throw new ProtocolError(409, "idempotency_conflict", "This Idempotency-Key was used for a different job.");
          }
          const job = store.state.jobs[earlier.jobId]!;
          reply.code(200);
          return view(job);
        }
        const bytes = Buffer.from(document.base64, "base64");
        if (sha256Hex(bytes) !== document.sha256) {
          throw new ProtocolError(400, "hash_mismatch", "The document's SHA-256 does not match its bytes.");
        }
        let pageCount: number;
        try {
          pageCount = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
        } catch {
          throw new ProtocolError(400, "not_a_pdf", "The document is not a PDF the printer can read.");
        }
        const delivery = takeFault("delivery");
        const outcome: StoredJob["outcome"] =
          delivery?.mode === "return-to-sender"
            ? "return-to-sender"
            : delivery?.mode === "print-failure"
              ? "print-failure"
              : "deliver";
        const jobId = `pj_${randomUUID().replace(/-/g, "")}`;
        await store.writePdf(jobId, bytes);
        const job: StoredJob = {
          jobId,
          clientId,
          reference: rest.reference,
          request: rest,
          sha256: document.sha256,
          sizeBytes: bytes.length,
          pageCount,
          createdAt: new Date().toISOString(),
          outboundTrackingNumber: tracking("94"),
          returnTrackingNumber: rest.returnCarrier ? tracking("95") : null,
          outcome,
          plan: planFor(outcome, rest.businessReturnEnvelope !== null),
          nextAt: Date.now() + store.state.stepMs,
          milestones: [],
          callbacksDelivered: 0,
        };
        const ready = event(job, "OUTBOUND", "READY", new Date());
        job.milestones.push(ready);
        await store.save((state) => {
          state.jobs[jobId] = job;
          state.idempotency[key] = { fingerprint, jobId };
          state.callbacks.push({ event: ready, attempts: 0, nextAttemptAt: Date.now(), lastError: null });
        });
        reply.code(201);
        return view(job);
      });
    },
  );

  api.get(
    "/print-jobs/:jobId",
    {
      schema: {
        summary: "One print job with every milestone so far (for polling)",
        tags: ["Print jobs"],
        security: [{ bearer: [] }],
        params: z.object({ jobId: z.string().max(200) }),
        response: { 200: printJob, 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const clientId = tokens.verify(request.headers.authorization);
      return faulted(faultControls, "status", reply, async () => {
        const job = store.state.jobs[request.params.jobId];
        if (!job || job.clientId !== clientId) throw new ProtocolError(404, "not_found", "There is no such print job.");
        return view(job);
      });
    },
  );

  if (o.testControls) {
    const tags = ["Test controls"];
    api.post(
      "/_test/faults",
      { schema: { summary: "Queue a fault", tags, body: faultBody, response: { 200: faultList } } },
      async (request) => {
        faults.add(request.body);
        return { faults: faults.list() };
      },
    );
    api.get(
      "/_test/faults",
      { schema: { summary: "The faults still queued", tags, response: { 200: faultList } } },
      async () => ({
        faults: faults.list(),
      }),
    );
    api.delete("/_test/faults", { schema: { summary: "Clear every queued fault", tags } }, async (_request, reply) => {
      faults.clear();
      return reply.code(204).send();
    });
    api.put(
      "/_test/clock",
      {
        schema: {
          summary: "Set the time between milestones, or pause",
          tags,
          body: clockBody,
          response: { 200: clockBody },
        },
      },
      async (request) => {
        await store.save((state) => {
          state.stepMs = request.body.stepMs;
          state.paused = request.body.paused;
          for (const job of Object.values(state.jobs)) job.nextAt = Math.min(job.nextAt, Date.now() + state.stepMs);
        });
        return { stepMs: store.state.stepMs, paused: store.state.paused };
      },
    );
    api.post(
      "/_test/advance",
      {
        schema: {
          summary: "Move every job (or one) to its next milestone now",
          tags,
          body: z.object({ jobId: z.string().optional() }).optional(),
          response: { 200: z.object({ advanced: z.number().int() }) },
        },
      },
      async (request) => {
        const advanced = await advanceJobs(true, request.body?.jobId);
        await deliverCallbacks();
        return { advanced };
      },
    );
    api.get(
      "/_test/received",
      { schema: { summary: "What the vendor received", tags, response: { 200: receivedList } } },
      async () => {
        const jobs = await Promise.all(
          Object.values(store.state.jobs).map(async (job) => ({
            jobId: job.jobId,
            reference: job.reference,
            clientId: job.clientId,
            pageCount: job.pageCount,
            sizeBytes: job.sizeBytes,
            firstPageText: await firstPageText(store.pdfPath(job.jobId)),
            recipient: job.request.recipient,
            outboundCarrier: job.request.outboundCarrier,
            callbacksDelivered: job.callbacksDelivered,
            callbacksPending: store.state.callbacks.filter((callback) => callback.event.jobId === job.jobId).length,
          })),
        );
        return { jobs };
      },
    );
  }

  let ticking = false;
  const timer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    (store.state.paused ? Promise.resolve(0) : advanceJobs(false))
      .then(() => deliverCallbacks())
      .catch((error: unknown) => app.log.error(error))
      .finally(() => {
        ticking = false;
      });
  }, TICK_MS);
  app.addHook("onClose", async () => clearInterval(timer));

  await app.listen({ port: o.port ?? 0, host: o.host ?? "127.0.0.1" });
  const address = app.server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return { url: `http://${host}:${address.port}`, close: () => app.close() };
}
