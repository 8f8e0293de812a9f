import { TestTsa, type TsaMode } from "@signet/core/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { signToCompletion } from "./support/edeposit-fixtures.ts";
import { type FaultStack, startFaultStack } from "./support/fault-stack.ts";
import { type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { poll, sleep } from "./support/poll.ts";
import { type SignablePackage, signablePackage } from "./support/signing-fixtures.ts";

// Issue 29 §3, sealing: a completed package sealed by the worker, each seal timestamped by a
// timestamp authority on loopback (the sealing job's one external service), with the worker killed
// while the TSA holds its answer, Redis and PostgreSQL cut under it, and the TSA failing, refusing
// and answering garbage. The sealed artifact rows are the receiving side: every package ends sealed
// with one row per document and one certificate, and one package.sealed event.

let stack: FaultStack;
let p: PackageOrg;
const tsa = new TestTsa();
const db = () => stack.app.server.db;

beforeAll(async () => {
  await tsa.start();
  stack = await startFaultStack({ ...ACCESS_TEST_ENV, TSA_URL: tsa.url });
  p = await packageOrg(db(), stack.app.url);
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await tsa.stop();
}, 60_000);
beforeEach(async () => {
  tsa.mode = "grant";
  tsa.before = null;
  await stack.ensureWorker();
}, 120_000);

async function completedPackage(): Promise<SignablePackage> {
  const s = await signablePackage(stack.app, db(), {
    signers: [{ givenName: "Ada", email: "ada@example.com" }],
    org: p,
  });
  await signToCompletion(s, db(), stack.app.server.signingRoom!.url);
  return s;
}

/** The TSA holds its next answer until `release` is called. */
function holdNextTimestamp() {
  let release!: () => void;
  let held!: () => void;
  const reached = new Promise<void>((resolve) => {
    held = resolve;
  });
  tsa.before = () => {
    tsa.before = null;
    held();
    return new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  return { reached, release: () => release() };
}

/** The next timestamp request is answered in `mode`, the ones after it granted. */
function failNextTimestamp(mode: TsaMode) {
  tsa.mode = mode;
  tsa.before = async () => {
    tsa.before = async () => {
      tsa.mode = "grant";
      tsa.before = null;
    };
  };
}

/** Sealed, with one artifact per E-Sign document and one certificate, and one package.sealed event. */
async function expectSealedOnce(s: SignablePackage) {
  await poll(
    "the package to be sealed",
    async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
    { timeoutMs: 30_000 },
  );
  const artifacts = await db().sealedArtifact.findMany({ where: { packageId: s.pkg.id } });
  expect(artifacts.map((artifact) => [artifact.kind, artifact.documentId, artifact.timestamped]).sort()).toEqual([
    ["CERTIFICATE", null, true],
    ["DOCUMENT", s.document.id, true],
  ]);
  const sealedEvents = await db().auditEvent.count({ where: { streamId: s.pkg.id, type: "package.sealed" } });
  expect(sealedEvents).toBe(1);
}

describe("the sealing fault matrix", { timeout: 120_000 }, () => {
  it("a worker killed while the TSA holds its answer: a new worker seals the package once", async () => {
    const hold = holdNextTimestamp();
    const s = await completedPackage();
    await hold.reached;
    await stack.crashWorker();
    hold.release();
    expect((await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt).toBeNull();
    await stack.ensureWorker();
    await expectSealedOnce(s);
  });

  it("Redis goes down as the package completes and comes back: sealed once", async () => {
    stack.redis.cut();
    const s = await completedPackage();
    await sleep(1500);
    expect((await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt).toBeNull();
    stack.redis.restore();
    await expectSealedOnce(s);
  });

  it("PostgreSQL drops the worker's connections while it seals: sealed once", async () => {
    const hold = holdNextTimestamp();
    const s = await completedPackage();
    await hold.reached;
    stack.postgres.cut();
    hold.release();
    await sleep(1500);
    stack.postgres.restore();
    await expectSealedOnce(s);
  });

  it.each<[string, TsaMode]>([
    ["answers 500", "http500"],
    ["answers garbage", "garbage"],
    ["refuses the request", "reject"],
  ])("the TSA %s: the job's retry seals the package once", async (_, mode) => {
    failNextTimestamp(mode);
    const s = await completedPackage();
    await expectSealedOnce(s);
  });
});
