import type { Logger } from "@signet/core";
import { enqueueDailySummaries } from "@signet/core";
import { testRedisPrefix, testRedisUrl } from "@signet/core/testing";
import { startWorker } from "@signet/worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPackage, type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { poll, sleep } from "./support/poll.ts";
import { deleteRedisKeys } from "./support/redis-keys.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, TEST_AUTH_SECRET, type TestApp } from "./support/test-app.ts";

// Issue 14 §2: the daily summary in the deployed shape — two workers (apps/worker) on real Redis,
// each running its scheduler pass at the same moment: the sender gets exactly one email.

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
let app: TestApp;
let smtp: SmtpCapture;
let workers: Awaited<ReturnType<typeof startWorker>>[] = [];
let p: PackageOrg;
const redisUrl = testRedisUrl();
const prefix = testRedisPrefix();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  const env = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, SMTP_URL: smtp.url };
  app = await startTestApp(env);
  expect(app.server.inProcessJobs).toBe(false);
  const workerEnv = { ...env, DATABASE_URL: app.server.config.DATABASE_URL, AUTH_SECRET: TEST_AUTH_SECRET };
  workers = [await startWorker(workerEnv, quiet), await startWorker(workerEnv, quiet)];
  p = await packageOrg(app.server.db, app.url);
});
afterAll(async () => {
  for (const worker of workers) await worker.close();
  await app?.close();
  await smtp?.close();
  await deleteRedisKeys(redisUrl, prefix);
});

describe("the daily summary with several workers", () => {
  it("emails each sender once, through BullMQ, even when every worker's pass runs at once", async () => {
    await createPackage(p.admin, p.paths, { name: "Elm Street refinance" });
    const tomorrow = new Date(Date.now() + 86_400_000);
    const passes = await Promise.all(workers.map(() => enqueueDailySummaries(app.server.deps, tomorrow)));
    expect(passes.map((pass) => pass.senders)).toEqual([1, 1]);

    const mail = await smtp.waitFor((candidate) => candidate.envelopeTo.includes(p.org.admin.email), 20_000);
    expect(mail.parsed.subject).toMatch(/^Your packages yesterday: \d+ updates, 0 failed deliveries$/);
    expect(mail.parsed.text).toMatch(/\/notification-summary\?token=/);
    await poll("the summary's record", () =>
      app.server.db.notificationRecord.findFirst({
        where: { recipient: p.org.admin.email, kind: "daily-summary", status: "SENT" },
      }),
    );
    // a later pass the same day (a restarted worker) queues nothing more
    await enqueueDailySummaries(app.server.deps, tomorrow);
    await sleep(1500);
    expect(smtp.messages.filter((candidate) => candidate.envelopeTo.includes(p.org.admin.email))).toHaveLength(1);
  });
});
