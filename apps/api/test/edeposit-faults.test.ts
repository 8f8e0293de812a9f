import { resolve } from "node:path";
import type { EDeposit, EVault, SealedArtifact } from "@signet/contract";
import { testRedisPrefix, testRedisUrl } from "@signet/core/testing";
import { startWorker } from "@signet/worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SpawnedReferenceEVault, spawnReferenceEVault } from "../../evault/src/testing/spawn-reference-evault.ts";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import {
  addEVault,
  clearFaults,
  depositPackage,
  depositPath,
  depositReaches,
  injectFault,
  signToCompletion,
  vaultStats,
} from "./support/edeposit-fixtures.ts";
import { type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import { deleteRedisKeys } from "./support/redis-keys.ts";
import type { SignablePackage } from "./support/signing-fixtures.ts";
import { startTcpCutProxy, type TcpCutProxy } from "./support/tcp-cut-proxy.ts";
import { startTestApp, TEST_AUTH_SECRET, type TestApp } from "./support/test-app.ts";
import { spawnWorkerProcess } from "./support/worker-process.ts";

// Issue 15 §3, the fault matrix: the deployed shape (the API writes the outbox; workers relay it
// to BullMQ on real Redis and run the deposit) against a reference eVault process told to fail.
// Every case ends deposited exactly once — the vault's own counts prove it — or failed with the
// stage's status, and a retry then completes it. Workers reach Redis through a proxy the test can
// cut, as if Redis went down.

const redisUrl = testRedisUrl();
const prefix = testRedisPrefix();
const DEPOSIT_ENV = {
  // the reference eVault listens on loopback: allowed by name, as an operator would
  OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
  EDEPOSIT_AUTO_ATTEMPTS: "2",
  EDEPOSIT_RETRY_BASE_SECONDS: "1",
  EDEPOSIT_LEASE_SECONDS: "3",
  EVAULT_TIMEOUT_SECONDS: "1",
  JOB_LOCK_SECONDS: "2",
};

let app: TestApp;
let vault: SpawnedReferenceEVault;
let redis: TcpCutProxy;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
let p: PackageOrg;
let evault: EVault;
const db = () => app.server.db;
const signingUrl = () => app.server.signingRoom!.url;
const workerEnv = () => ({
  ...DEPOSIT_ENV,
  DATABASE_URL: app.server.config.DATABASE_URL!,
  // the worker runs from its own folder: the API's blobs and development seal by absolute path
  DATA_DIR: resolve(app.server.config.DATA_DIR),
  REDIS_URL: redis.url,
  REDIS_PREFIX: prefix,
  AUTH_SECRET: TEST_AUTH_SECRET,
});

beforeAll(async () => {
  vault = await spawnReferenceEVault();
  redis = await startTcpCutProxy(redisUrl);
  app = await startTestApp({
    ...ACCESS_TEST_ENV,
    ...DEPOSIT_ENV,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
  });
  expect(app.server.inProcessJobs).toBe(false);
  p = await packageOrg(db(), app.url);
  evault = await addEVault(p, vault);
});
/** A teardown step that cannot hold the hook: a connection left mid-reconnect by the cut gives up after `ms`. */
const bounded = (step: Promise<unknown> | undefined, ms = 15_000) =>
  Promise.race([step?.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms).unref())]);

afterAll(async () => {
  redis?.restore();
  await bounded(worker?.close());
  await bounded(app?.close());
  await bounded(redis?.close(), 5_000);
  await bounded(vault?.kill());
  await bounded(vault?.removeDataDir(), 5_000);
  await bounded(deleteRedisKeys(redisUrl, prefix), 5_000);
}, 120_000);

/** The worker of every case but the first (which needs its own, to kill): in this process. */
async function ensureWorker() {
  worker ??= await startWorker(workerEnv(), { info() {}, warn() {}, error() {}, debug() {} });
}

/** The vault holds the package's transaction completed once, and each sealed file stored once. */
async function expectDepositedOnce(s: SignablePackage, deposit: EDeposit) {
  expect([deposit.status, deposit.packageStatus]).toEqual(["DEPOSITED", "EDEPOSITED"]);
  const artifacts = (await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts)).body.records;
  const stats = await vaultStats(vault);
  expect(stats.completedByExternalId[s.pkg.id]).toBe(1);
  expect(artifacts.map((artifact) => stats.documentUploadsByKey[artifact.id])).toEqual(artifacts.map(() => 1));
  expect(deposit.items.map((item) => item.sha256).sort()).toEqual(artifacts.map((artifact) => artifact.sha256).sort());
}

describe("the eDeposit fault matrix", { timeout: 120_000 }, () => {
  it("a worker killed mid-stage: another worker resumes at that stage once its lease lapses", async () => {
    const doomed = await spawnWorkerProcess(workerEnv());
    const s = await depositPackage(app, db(), p, evault.id);
    await injectFault(vault, { step: "documents", mode: "slow", delayMs: 4000 });
    await signToCompletion(s, db(), signingUrl());
    await poll(
      "the deposit to be uploading documents",
      async () => {
        const row = await db().packageEDeposit.findUnique({ where: { packageId: s.pkg.id } });
        return row?.nextStage === "UPLOAD_DOCUMENTS" && row.status === "IN_PROGRESS";
      },
      { timeoutMs: 30_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await doomed.kill("SIGKILL");
    const stranded = await db().packageEDeposit.findUniqueOrThrow({ where: { packageId: s.pkg.id } });
    expect([stranded.status, stranded.nextStage]).toEqual(["IN_PROGRESS", "UPLOAD_DOCUMENTS"]);

    await ensureWorker();
    const deposited = await depositReaches(s, ["DEPOSITED"], 60_000);
    await expectDepositedOnce(s, deposited);
    // the killed run never recorded a failure: it simply stopped, and its stage ran again
    expect(deposited.errorsContainer).toEqual([]);
  });

  const STAGES = [
    ["open", "FAILED_TRANSACTION", 0],
    ["documents", "FAILED_DOCUMENTS", 1],
    ["esign-audit-trail", "FAILED_ESIGN_AUDIT_TRAIL", 2],
    ["vault-audit-trail", "FAILED_VAULT_AUDIT_TRAIL", 3],
    ["complete", "FAILED_UPDATE_TRANS_STATUS", 4],
  ] as const;
  it.each(STAGES)(
    "the vault fails at %s: %s after the automatic retry, then a manual retry completes it",
    async (step, status, index) => {
      await ensureWorker();
      const s = await depositPackage(app, db(), p, evault.id);
      await injectFault(vault, { step, mode: "fail", count: 2 });
      await signToCompletion(s, db(), signingUrl());
      // the first attempt fails, the automatic retry fails the same way, and none is left
      const failed = await poll("the automatic retry to fail too", async () => {
        const view = (await s.admin.get<EDeposit>(depositPath(s))).body;
        return view.status === status && view.errorsContainer.length === 2 ? view : null;
      });
      expect(failed.failed).toBe(true);
      expect(failed.errorsContainer.map((error) => [error.attemptNum, error.stage])).toEqual([
        [1, failed.stages[index]!.stage],
        [2, failed.stages[index]!.stage],
      ]);
      expect(failed.stages.map((stage) => stage.state)).toEqual(
        failed.stages.map((_, i) => (i < index ? "DONE" : i === index ? "FAILED" : "WAITING")),
      );
      expect(failed.nextAttemptAt).toBeNull();

      const retried = await s.admin.request<EDeposit>("POST", depositPath(s, "retries"));
      expect([retried.status, retried.body.attemptNum]).toEqual([202, 3]);
      const deposited = await depositReaches(s, ["DEPOSITED"]);
      await expectDepositedOnce(s, deposited);
      expect(deposited.errorsContainer).toHaveLength(2);
    },
  );

  it("the vault times out: FAILED_DOCUMENTS says so, and a retry completes the deposit", async () => {
    const s = await depositPackage(app, db(), p, evault.id);
    await ensureWorker();
    await injectFault(vault, { step: "documents", mode: "timeout", count: 2 });
    await signToCompletion(s, db(), signingUrl());
    const failed = await poll("both attempts to time out", async () => {
      const view = (await s.admin.get<EDeposit>(depositPath(s))).body;
      return view.status === "FAILED_DOCUMENTS" && view.errorsContainer.length === 2 ? view : null;
    });
    expect(failed.errorsContainer[1]?.errorText).toMatch(/did not answer within 1 second/);
    await clearFaults(vault);
    expect((await s.admin.request("POST", depositPath(s, "retries"))).status).toBe(202);
    await expectDepositedOnce(s, await depositReaches(s, ["DEPOSITED"]));
  });

  it("a lost answer is retried automatically with the same idempotency keys and stored once", async () => {
    const s = await depositPackage(app, db(), p, evault.id);
    await ensureWorker();
    await injectFault(vault, { step: "documents", mode: "fail-after-commit" });
    await signToCompletion(s, db(), signingUrl());
    const deposited = await depositReaches(s, ["DEPOSITED"]);
    await expectDepositedOnce(s, deposited);
    expect(deposited.errorsContainer.map((error) => [error.attemptNum, error.stage])).toEqual([
      [1, "UPLOAD_DOCUMENTS"],
    ]);
  });

  it("Redis goes down and comes back: nothing is lost and the package is deposited once", async () => {
    const s = await depositPackage(app, db(), p, evault.id);
    await ensureWorker();
    redis.cut();
    await signToCompletion(s, db(), signingUrl());
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // the completion waits in the outbox while no worker reaches Redis
    const waiting = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    expect([waiting.status, waiting.sealedAt]).toEqual(["COMPLETED", null]);
    redis.restore();

    // and down again in the middle of the deposit
    await injectFault(vault, { step: "vault-audit-trail", mode: "slow", delayMs: 2500 });
    await poll(
      "the deposit to reach the vault audit trail",
      async () =>
        (await db().packageEDeposit.findUnique({ where: { packageId: s.pkg.id } }))?.nextStage === "VAULT_AUDIT_TRAIL",
      { timeoutMs: 60_000 },
    );
    redis.cut();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    redis.restore();
    await expectDepositedOnce(s, await depositReaches(s, ["DEPOSITED"], 60_000));
  });
});
