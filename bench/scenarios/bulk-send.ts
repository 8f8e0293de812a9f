import { randomBytes, randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BULK_SEND_LIMITS, routes } from "@signet/contract";
import { applyMigrations, createPrismaClient, createRedis } from "@signet/core";
import type { BenchOptions } from "../lib/bench-options.ts";
import { deleteRedisKeys } from "../lib/delete-redis-keys.ts";
import { ratioAtLeast } from "../lib/goals.ts";
import type { LoadSettings, Measurement } from "../lib/measurement.ts";
import { recreateDatabase } from "../lib/recreate-database.ts";
import { type BulkSendOrganization, callApi, SLOT, seedBulkSendTemplate } from "../lib/seed-bulk-send-template.ts";
import { type SmtpCounter, startSmtpCounter } from "../lib/smtp-counter.ts";
import { startApiChild } from "../lib/start-api-child.ts";
import { startWorkerChild } from "../lib/start-worker-child.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

// Issue 35 §2: a bulk send of 1,000 rows, from the upload to the last invitation handed to SMTP,
// must not be slower than a client making and sending the same packages through the API itself.

const DATABASE_NAME = "signet_bench_bulk_send";
const ROWS = BULK_SEND_LIMITS.rows;
/** a warm-up batch: every code path and connection used once before the measured batch */
const WARMUP_ROWS = 20;
// a batch that has not reached SMTP by then is stuck, not slow
const BATCH_LIMIT_MS = 600_000;
const CSV_HEADER = "BORROWER 1 first name,BORROWER 1 last name,BORROWER 1 email,package name";

interface Row {
  name: string;
  givenName: string;
  familyName: string;
  email: string;
}

interface Batch {
  seconds: number;
  /** rows that did not become a sent package (a failed bulk send row, a refused call) */
  errors: number;
  statusCodes: Record<string, number>;
}

/** One way of making and sending a batch's packages; resolves when every call is answered. */
type Sender = (organization: BulkSendOrganization, rows: Row[]) => Promise<Omit<Batch, "seconds">>;

let batchNumber = 0;
/** rows whose addresses no earlier batch used: the SMTP counter tells batches apart by recipient */
function batchRows(count: number): Row[] {
  batchNumber++;
  return Array.from({ length: count }, (_, index) => ({
    name: `Agreement ${batchNumber}-${index + 1}`,
    givenName: "Ada",
    familyName: `Row ${index + 1}`,
    email: `signer-${batchNumber}-${index + 1}@bench.signet.local`,
  }));
}

/** The product: the CSV uploaded to the bulk send route; the job (in the worker) does the rest. */
function productSender(apiUrl: string): Sender {
  return async (organization, rows) => {
    const csv = [CSV_HEADER, ...rows.map((row) => `${row.givenName},${row.familyName},${row.email},${row.name}`)];
    const form = new FormData();
    form.append("file", new Blob([csv.join("\r\n")], { type: "text/csv" }), "bench.csv");
    const path = organization.path(routes.startBulkSend, { templateId: organization.templateId });
    const response = await fetch(`${apiUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${organization.token}` },
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    const statusCodes = { [response.status]: 1 };
    if (response.status !== 201) throw new Error(`bulk send answered ${response.status}: ${await response.text()}`);
    const { failedCount } = (await response.json()) as { failedCount: number };
    return { errors: failedCount, statusCodes };
  };
}

/**
 * The baseline: what each row of a bulk send does, done by a client through the public API at
 * `connections` calls at a time: the package from the template with the row's person, then its send.
 */
function handSender(apiUrl: string, connections: number): Sender {
  return async (organization, rows) => {
    const statusCodes: Record<string, number> = {};
    let errors = 0;
    const call = async <T>(path: string, status: number, body: unknown): Promise<T | null> => {
      try {
        const answer = await callApi<T>(apiUrl, organization.token, "POST", path, status, body);
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        return answer;
      } catch {
        errors++;
        return null;
      }
    };
    const createPath = organization.path(routes.createPackageFromTemplate, { templateId: organization.templateId });
    let next = 0;
    const client = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const created = await call<{ id: string; version: number }>(createPath, 201, {
          name: row.name,
          people: [{ ...SLOT, givenName: row.givenName, familyName: row.familyName, email: row.email }],
        });
        if (!created) continue;
        await call(organization.path(routes.sendPackage, { packageId: created.id }), 200, { version: created.version });
      }
    };
    await Promise.all(Array.from({ length: connections }, client));
    return { errors, statusCodes };
  };
}

/** A batch's time: from its first call to SMTP accepting the invitation of its last row. */
async function runBatch(smtp: SmtpCounter, organization: BulkSendOrganization, send: Sender, count: number) {
  const rows = batchRows(count);
  const startedAt = performance.now();
  const answered = await send(organization, rows);
  if (answered.errors > 0) throw new Error(`${answered.errors} of ${count} rows were not sent`);
  await smtp.waitForAll(new Set(rows.map((row) => row.email)), BATCH_LIMIT_MS);
  return { ...answered, seconds: (performance.now() - startedAt) / 1000 } satisfies Batch;
}

/**
 * A warm-up batch, then batches of 1,000 rows until the duration is spent (at least one): rows per
 * second over them all, and the p50 a batch's whole time in ms.
 */
async function measureBatches(
  name: string,
  load: LoadSettings,
  smtp: SmtpCounter,
  organization: BulkSendOrganization,
  send: Sender,
): Promise<Measurement> {
  if (load.warmupSeconds > 0) await runBatch(smtp, organization, send, WARMUP_ROWS);
  const batches: Batch[] = [];
  let spent = 0;
  do {
    const batch = await runBatch(smtp, organization, send, ROWS);
    batches.push(batch);
    spent += batch.seconds;
  } while (spent < load.durationSeconds);
  const times = batches.map((batch) => batch.seconds * 1000).sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const batch of batches)
    for (const [code, count] of Object.entries(batch.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  return {
    target: name,
    path: `(${ROWS.toLocaleString("en-US")} rows to SMTP)`,
    connections: load.connections,
    requestsPerSecond: (batches.length * ROWS) / spent,
    totalRequests: batches.length * ROWS,
    durationSeconds: spent,
    p50Ms: times[Math.floor((times.length - 1) / 2)]!,
    p99Ms: times[times.length - 1]!,
    errors: batches.reduce((total, batch) => total + batch.errors, 0),
    timeouts: 0,
    non2xx: 0,
    statusCodes,
  };
}

export const bulkSendScenario: Scenario = {
  name: "bulk-send",
  description:
    `A bulk send of ${ROWS.toLocaleString("en-US")} rows (a template of one signer by email and a one-page PDF), ` +
    "from the CSV's upload to the bulk send route to the last invitation accepted by an SMTP server, with " +
    "the API and the worker (apps/worker: relay, BullMQ, the bulk-send job, the mailer) in processes of " +
    "their own, against a client making the same packages from the template and sending them through " +
    "the public API at the run's connections; rows per second, p50 = one batch's whole time.",
  // a batch of 1,000 rows is its unit, whatever the duration: each side's took about a minute on
  // two quiet cores (the whole scenario about two and a half), three to four when the cores were shared
  extraTimeSeconds: () => 240,

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const closers: (() => Promise<void>)[] = [];
    const close = async () => {
      for (const closer of closers.reverse()) await closer().catch(() => {});
    };
    try {
      const databaseUrl = await recreateDatabase(options.serverUrl, DATABASE_NAME);
      await applyMigrations(databaseUrl);
      const smtp = await startSmtpCounter();
      closers.push(smtp.close);
      const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
      const redis = createRedis(redisUrl);
      redis.on("error", () => {});
      // a prefix of its own: nothing else's keys are touched, and all of these are deleted at the end
      const prefix = `signet-bench-${randomUUID()}`;
      closers.push(async () => {
        await deleteRedisKeys(redis, prefix);
        await redis.quit();
      });
      const shared = {
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        SMTP_URL: smtp.url,
        AUTH_SECRET: randomBytes(48).toString("base64url"),
        DATA_DIR: join(tmpdir(), "signet-bench-bulk-send"),
      };
      const api = await startApiChild(databaseUrl, options, shared);
      closers.push(api.stop);
      const worker = await startWorkerChild({ ...shared, DATABASE_URL: databaseUrl });
      closers.push(worker.stop);
      // an organization for each side: the same template, and neither sees the other's packages
      const db = createPrismaClient(databaseUrl, { max: 2 });
      const seed = async () => ({
        product: await seedBulkSendTemplate(db, api.url, "Bench bulk send"),
        hand: await seedBulkSendTemplate(db, api.url, "Bench hand send"),
      });
      const { product, hand } = await seed().finally(() => db.$disconnect());
      return {
        targets: [
          {
            name: "api: bulk send → worker → SMTP",
            measure: (load) =>
              measureBatches("api: bulk send → worker → SMTP", load, smtp, product, productSender(api.url)),
            goal: ratioAtLeast(1),
          },
          {
            name: "baseline: client creates and sends each package",
            measure: (load) =>
              measureBatches(
                "baseline: client creates and sends each package",
                load,
                smtp,
                hand,
                handSender(api.url, load.connections),
              ),
            baseline: true,
          },
        ],
        close,
      };
    } catch (error) {
      await close();
      throw error;
    }
  },
};
