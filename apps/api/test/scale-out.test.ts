import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EVault, Participant, SigningUrl } from "@signet/contract";
import { createDevelopmentSealP12, createS3Storage } from "@signet/core";
import {
  CHILD_START_TIMEOUT_MS,
  createTestDatabase,
  markIdentityProofed,
  type TestDatabase,
  testRedisPrefix,
  testRedisUrl,
} from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SpawnedReferenceEVault, spawnReferenceEVault } from "../../evault/src/testing/spawn-reference-evault.ts";
import {
  type SpawnedReferencePrintVendor,
  spawnReferencePrintVendor,
} from "../../print-vendor/src/testing/spawn-reference-print-vendor.ts";
import { hostAvSession } from "./support/av-fixtures.ts";
import {
  type CompiledProcess,
  ensureCompiledBuild,
  freePort,
  runCompiled,
  waitReady,
} from "./support/compiled-build.ts";
import { fixturePdf } from "./support/document-upload.ts";
import { depositPath, evaultPath, vaultStats } from "./support/edeposit-fixtures.ts";
import { HttpClient } from "./support/http-client.ts";
import { PAPER_ADDRESS } from "./support/mailing-address.ts";
import { createTestNetwork, type TestNetwork } from "./support/network-hosts.ts";
import { addParticipant } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import { deleteRedisKeys } from "./support/redis-keys.ts";
import { type RoundRobinProxy, startRoundRobinProxy } from "./support/round-robin-proxy.ts";
import { type S3Server, startS3Server } from "./support/s3-server.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  type SignablePackage,
  sendPackage,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { connectAvSignal } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import type { TestApp } from "./support/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.ts";

// Issue 18 §2: the production shape without Docker. Two compiled API processes and two compiled
// workers share PostgreSQL and Redis behind a round-robin proxy (no stickiness). Sessions work on
// either replica and a sign-out on one is seen by both; the sign-in rate limit is shared; under a
// bounded load of packages created, sent, signed and sealed, one worker and one API process are
// killed (SIGKILL) mid-load and restarted: every package is sealed once, every invitation sent
// once, every webhook event delivered once — nothing lost, nothing twice. Issue 31 §1: document
// files live in a real S3 server process (s3rver) and every process has its own empty DATA_DIR, so
// a file stored through one replica reaches the other and the workers only through S3. Issue 31 §2:
// each of the four processes runs on a host of its own (a network namespace with its own address),
// so they share nothing but PostgreSQL, Redis, S3 and the mail server, reached over the network,
// never through loopback; the proxies reach the replicas at their hosts' addresses. An A/V host and
// signer on the two hosts' signing listeners meet through Redis pub/sub. Paper sets go
// to the reference print vendor, another service on the network: submitted once each and every
// milestone the vendor reports recorded once, though the process that queued it died.

const PACKAGES = 8;
const LOGIN_LIMIT = 12;
const AUTH_SECRET = "scale-out-secret-0123456789abcdef0123456789";

let database: TestDatabase;
let smtp: SmtpCapture;
let hooks: WebhookReceiver;
let s3: S3Server;
let vault: SpawnedReferenceEVault;
let printVendor: SpawnedReferencePrintVendor;
/** the reference print vendor as the workers reach it */
let printVendorUrl: string;
/** the reference eVault as the workers reach it */
let vaultUrl: string;
/** one DATA_DIR each: the APIs' by index, then the workers' */
let dataDirs: string[];
let sealDir: string;
const api: CompiledProcess[] = [];
const workers: CompiledProcess[] = [];
let proxy: RoundRobinProxy;
let roomProxy: RoundRobinProxy;
let apiPorts: number[];
let roomPorts: number[];
let env: Record<string, string>;
/** the APIs' hosts by index, then the workers' */
let network: TestNetwork;
/** the webhook receiver as the workers reach it */
let webhookUrl: string;
const hostOf = (index: number) => network.hosts[index]!;
const redisUrl = testRedisUrl();
const prefix = testRedisPrefix();

function startApi(index: number) {
  api[index] = runCompiled(
    "apps/api/dist/main.js",
    {
      ...env,
      HOST: hostOf(index).address,
      DATA_DIR: dataDirs[index]!,
      PORT: String(apiPorts[index]),
      SIGNING_ROOM_LISTEN_PORT: String(roomPorts[index]),
    },
    hostOf(index),
  );
  return waitReady(`http://${hostOf(index).address}:${apiPorts[index]}/ready`, api[index]!);
}

function startWorker(index: number) {
  workers[index] = runCompiled(
    "apps/worker/dist/main.js",
    { ...env, DATA_DIR: dataDirs[2 + index]!, LOG_LEVEL: "info" },
    hostOf(2 + index),
  );
  return poll(
    "the worker to start",
    async () => {
      if (workers[index]!.child.exitCode !== null) throw new Error(workers[index]!.output());
      return workers[index]!.output().includes("worker started");
      // as long as any process start may take on a loaded machine (10 s was not always enough)
    },
    { timeoutMs: CHILD_START_TIMEOUT_MS },
  );
}

beforeAll(async () => {
  await ensureCompiledBuild();
  [database, smtp, hooks, s3, vault, printVendor, sealDir] = await Promise.all([
    createTestDatabase(),
    startSmtpCapture(),
    startWebhookReceiver(),
    startS3Server(),
    spawnReferenceEVault(),
    spawnReferencePrintVendor(),
    mkdtemp(join(tmpdir(), "signet-scale-out-seal-")),
  ]);
  dataDirs = await Promise.all([0, 1, 2, 3].map(() => mkdtemp(join(tmpdir(), "signet-scale-out-"))));
  // the seal certificate is configuration every replica is given, as in production (SEAL_P12_PATH)
  const sealPassword = "scale-out-seal";
  await writeFile(join(sealDir, "seal.p12"), createDevelopmentSealP12("Scale-out seal", sealPassword));
  network = await createTestNetwork(4);
  // the shared services, reached by the hosts at the machine's address on the test network
  const reach = async (url: string) => {
    const parsed = new URL(url);
    parsed.host = await network.expose(Number(parsed.port));
    return parsed.toString().replace(/\/$/, "");
  };
  const [databaseUrl, sharedRedisUrl, smtpUrl, s3Endpoint] = await Promise.all([
    reach(database.url),
    reach(redisUrl),
    reach(smtp.url),
    reach(s3.endpoint),
  ]);
  webhookUrl = await reach(hooks.url);
  vaultUrl = await reach(vault.url);
  printVendorUrl = await reach(printVendor.url);
  apiPorts = [await freePort(), await freePort()];
  roomPorts = [await freePort(), await freePort()];
  const proxyPort = await freePort();
  const roomProxyPort = await freePort();
  env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: sharedRedisUrl,
    REDIS_PREFIX: prefix,
    SMTP_URL: smtpUrl,
    ...s3.env,
    S3_ENDPOINT: s3Endpoint,
    SEAL_P12_PATH: join(sealDir, "seal.p12"),
    SEAL_P12_PASSWORD: sealPassword,
    AUTH_SECRET,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    SIGNING_ROOM_URL: `http://127.0.0.1:${roomProxyPort}`,
    // the webhook receiver is a host on the test network, allowed by name as an operator would
    OUTBOUND_ALLOWED_HOSTS: network.gateway,
    LOGIN_RATE_LIMIT_MAX: String(LOGIN_LIMIT),
    LOG_LEVEL: "warn",
  };
  // the first API applies the migrations alone; the others find them applied
  await startApi(0);
  await Promise.all([startApi(1), startWorker(0), startWorker(1)]);
  const at = (ports: number[]) => ports.map((port, index) => ({ host: hostOf(index).address, port }));
  proxy = await startRoundRobinProxy(at(apiPorts), proxyPort);
  roomProxy = await startRoundRobinProxy(at(roomPorts), roomProxyPort);
}, 240_000);

afterAll(async () => {
  await Promise.all([...api, ...workers].map((process) => process?.stop()));
  await Promise.all([proxy?.close(), roomProxy?.close(), smtp?.close(), hooks?.close(), s3?.stop()]);
  await network?.close();
  await vault?.kill();
  await vault?.removeDataDir();
  await printVendor?.kill();
  await printVendor?.removeDataDir();
  await Promise.all([
    database?.drop(),
    ...[sealDir, ...(dataDirs ?? [])].map((dir) => dir && rm(dir, { recursive: true, force: true })),
  ]);
  await deleteRedisKeys(redisUrl, prefix);
});

/** Print fulfilment for the organization, set up through the API as its admin would. */
async function setUpPrinting(s: SignablePackage) {
  const base = `/api/v1/organizations/${s.org.organizationId}`;
  const created = async (path: string, json: Record<string, unknown>, status = 201) => {
    const reply = await s.admin.request<{ id: string }>(path.endsWith("fulfillment") ? "PUT" : "POST", path, { json });
    expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(status);
    return reply.body;
  };
  await created(
    `${base}/print-fulfillment`,
    {
      version: 0,
      enabled: true,
      vendorUrl: printVendorUrl,
      clientId: printVendor.clientId,
      clientSecret: printVendor.clientSecret,
    },
    200,
  );
  const address = await created(`${base}/return-addresses`, {
    name: "Closing Department",
    company: "Scale Lending",
    line1: "100 Main Street",
    line2: "Suite 200",
    city: "Springfield",
    state: "IL",
    postalCode: "62704",
  });
  await created(`${base}/business-return-envelopes`, {
    name: "Returns",
    permitNumber: "12345",
    postalFacility: "Springfield IL",
    returnAddressId: address.id,
    imb: "00040123456200000001",
  });
  await created(`${base}/carriers`, { code: "USPS", name: "United States Postal Service", service: "First-Class" });
}

/** A package of the organization with an e-signer and a paper participant, mailed at send. */
async function paperPackage(org: SignablePackage, n: number) {
  const s = await signablePackage({ url: proxy.url } as unknown as TestApp, database.db, {
    org,
    signers: [{ givenName: `Mailed${n}`, email: `mailed-${n}@scale.example.com` }],
  });
  const paper = await addParticipant(s.admin, s.paths, s.pkg.id, {
    type: "Co-Borrower",
    givenName: "Pat",
    familyName: `Paper${n}`,
    email: `paper-${n}@scale.example.com`,
    role: "PAPER",
    mailingAddress: PAPER_ADDRESS,
  });
  const { version } = await database.db.package.findUniqueOrThrow({ where: { id: s.pkg.id } });
  const enabled = await s.admin.request("PATCH", s.api.package, { json: { version, enablePrintFulfillment: true } });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { s, paperId: paper.id };
}

const vendorJobs = async () =>
  (
    (await (await fetch(`${printVendor.url}/_test/received`)).json()) as {
      jobs: { jobId: string; reference: string }[];
    }
  ).jobs;

describe("two API replicas and two workers behind a round-robin proxy", () => {
  // the fixtures need only the public URL and the database
  const app = () => ({ url: proxy.url }) as unknown as TestApp;
  let first: SignablePackage;

  it("accepts a session on either replica, and a sign-out on one is seen by both", async () => {
    first = await signablePackage(app(), database.db, {
      signers: [{ givenName: "Signer1", email: "signer-1@scale.example.com" }],
    });
    const permissions = `/api/v1/organizations/${first.org.organizationId}/users/me/permissions`;
    const before = { ...Object.fromEntries(proxy.hits) };
    for (let i = 0; i < 4; i++) expect((await first.admin.get(permissions)).status).toBe(200);
    // both replicas answered this session
    for (const port of apiPorts) expect((proxy.hits.get(port) ?? 0) - (before[port] ?? 0)).toBeGreaterThan(0);

    const other = new HttpClient(proxy.url);
    expect((await other.signIn(first.org.admin.email, "Correct-Horse-9-Battery")).status).toBe(200);
    const replay = new HttpClient(proxy.url);
    for (const [name, value] of other.jar) replay.jar.set(name, value);
    expect((await other.request("DELETE", "/api/v1/active-tokens/me")).status).toBe(204);
    // the revoked cookies, replayed to each replica in turn
    for (let i = 0; i < 2; i++) expect((await replay.get(permissions)).status).toBe(401);
    expect((await first.admin.get(permissions)).status).toBe(200);
  });

  it("runs each process on a host of its own: nothing of theirs listens on this machine's loopback", async () => {
    for (const port of [...apiPorts, ...roomPorts]) {
      await expect(fetch(`http://127.0.0.1:${port}/ready`)).rejects.toThrow();
    }
    for (const [index, port] of apiPorts.entries()) {
      expect((await fetch(`http://${hostOf(index).address}:${port}/ready`)).status).toBe(200);
    }
    // the hosts are four, with four addresses, none of them loopback
    expect(new Set(network.hosts.map((host) => host.address)).size).toBe(4);
    for (const host of network.hosts) expect(host.address.startsWith("127.")).toBe(false);
  });

  it("reads a document uploaded through one replica from the other, through S3", async () => {
    const path = `${first.api.documents}/${first.document.id}/file`;
    const cookie = [...first.admin.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const expected = createHash("sha256").update(fixturePdf("google-doc-document.pdf")).digest("hex");
    for (const [index, port] of apiPorts.entries()) {
      const response = await fetch(`http://${hostOf(index).address}:${port}${path}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(
        createHash("sha256")
          .update(Buffer.from(await response.arrayBuffer()))
          .digest("hex"),
      ).toBe(expected);
    }
  });

  it("meets an A/V host on one host's signing process and its signer on the other's, through Redis", async () => {
    const av = await signablePackage(app(), database.db, {
      org: first,
      signers: [
        { givenName: "Ada", accessMethod: "API", email: "ada@av.scale.example.com" },
        { givenName: "Ben", accessMethod: "API", email: "ben@av.scale.example.com" },
      ],
    });
    const [ada, ben] = av.signers as [Participant, Participant];
    await hostAvSession(av, database.db, ben);
    await sendPackage(av, database.db);
    const open = async (participant: Participant) => {
      const url = await av.admin.request<SigningUrl>("POST", av.api.signingUrl(participant.id), { json: {} });
      expect(url.status).toBe(201);
      const token = decodeURIComponent(new URL(url.body.signingURL).pathname.split("/").pop()!);
      return (await openAndConsent(roomProxy.url, token)).client;
    };
    const [host, signer] = [await open(ben), await open(ada)];
    expect((await host.request("POST", "/api/v1/signing/av-session")).status).toBe(201);
    await markIdentityProofed(database.db, {
      organizationId: av.org.organizationId,
      packageId: av.pkg.id,
      participantId: ada.id,
    });
    // each socket straight to one host's signing listener, as a load balancer without stickiness may
    const listener = (index: number) => `http://${hostOf(index).address}:${roomPorts[index]}`;
    const hostSocket = await connectAvSignal(listener(0), host, roomProxy.url);
    expect(await hostSocket.next("welcome")).toMatchObject({ self: ben.id, present: [] });
    const signerSocket = await connectAvSignal(listener(1), signer, roomProxy.url);
    expect(await signerSocket.next("welcome")).toMatchObject({
      self: ada.id,
      present: [{ id: ben.id, isHost: true }],
    });
    expect(await hostSocket.next("joined")).toMatchObject({ peer: { id: ada.id } });
    hostSocket.socket.send(JSON.stringify({ type: "offer", to: ada.id, description: { type: "offer", sdp: "v=0 A" } }));
    expect(await signerSocket.next("offer")).toMatchObject({ from: ben.id, description: { sdp: "v=0 A" } });
    signerSocket.socket.send(
      JSON.stringify({ type: "answer", to: ben.id, description: { type: "answer", sdp: "v=0 B" } }),
    );
    expect(await hostSocket.next("answer")).toMatchObject({ from: ada.id, description: { sdp: "v=0 B" } });
    expect((await host.request("POST", "/api/v1/signing/av-session/end")).status).toBe(200);
    expect(await signerSocket.closed).toBe(4002);
    expect(await hostSocket.closed).toBe(4002);
  });

  it("creates, sends, signs and seals packages while a worker and an API process crash and restart", async () => {
    const webhook = await first.admin.request<{ endpoint: { id: string } }>(
      "POST",
      `/api/v1/organizations/${first.org.organizationId}/webhooks`,
      { json: { url: webhookUrl, eventTypes: ["package.sent", "package.completed", "package.sealed"] } },
    );
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);

    const packages: { s: SignablePackage; email: string }[] = [{ s: first, email: "signer-1@scale.example.com" }];
    for (let n = 2; n <= PACKAGES; n++) {
      const email = `signer-${n}@scale.example.com`;
      packages.push({
        s: await signablePackage(app(), database.db, { org: first, signers: [{ givenName: `Signer${n}`, email }] }),
        email,
      });
    }
    // every other package is deposited into the reference eVault, a service on the test network
    const created = await first.admin.request<EVault>("POST", evaultPath(first.org.organizationId), {
      json: { name: "Scale-out vault", url: vaultUrl, clientId: vault.clientId, clientSecret: vault.clientSecret },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const deposited = packages.filter((_, index) => index % 2 === 1).map(({ s }) => s);
    for (const s of deposited) {
      const { version } = await database.db.package.findUniqueOrThrow({ where: { id: s.pkg.id } });
      const configured = await s.admin.request("PUT", depositPath(s, "config"), {
        json: {
          version,
          enabled: true,
          vaultId: created.body.id,
          financialAssetDocId: s.document.id,
          financialAssetDocType: "PROMISSORY_NOTE",
          supplementalDocType: "OTHER",
          transactionType: "PURCHASE",
        },
      });
      expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    }
    // two packages have a paper participant: one queued before the crash, one while a replica is down
    await setUpPrinting(first);
    const mailed = [await paperPackage(first, 1), await paperPackage(first, 2)];
    const half = PACKAGES / 2;
    const signOne = async ({ email }: { email: string }) => {
      const room = await openAndConsent(roomProxy.url, linkToken(await invitationTo(smtp, email, 0)));
      expect((await signEverything(room.client, room.room)).status).toBe(200);
    };

    for (const { s } of [...packages.slice(0, half), mailed[0]!]) await sendPackage(s, database.db);
    await signOne(packages[0]!);
    // crash: a worker and an API process die with work in flight
    await Promise.all([workers[0]!.kill(), api[0]!.kill()]);
    for (const { s } of [...packages.slice(half), mailed[1]!]) await sendPackage(s, database.db);
    for (const entry of packages.slice(1, half)) await signOne(entry);
    await Promise.all([startWorker(0), startApi(0)]);
    for (const entry of packages.slice(half)) await signOne(entry);

    const ids = packages.map(({ s }) => s.pkg.id);
    await poll(
      "every package to be sealed",
      async () =>
        (await database.db.package.count({ where: { id: { in: ids }, sealedAt: { not: null } } })) === PACKAGES,
      { timeoutMs: 90_000, intervalMs: 500 },
    );

    // nothing lost, nothing twice
    const artifacts = await database.db.sealedArtifact.groupBy({
      by: ["packageId", "kind"],
      where: { packageId: { in: ids } },
      _count: true,
    });
    expect(artifacts).toHaveLength(PACKAGES * 2);
    const duplicateSeals = artifacts.filter((row) => row._count !== 1).length;
    const invitations = packages.map(
      ({ email }) =>
        // the invitation, not the completion notice that also links to the signing room
        smtp.messages.filter(
          (mail) => mail.envelopeTo.includes(email) && mail.parsed.subject === "Your documents are ready",
        ).length,
    );
    const duplicateInvitations = invitations.filter((count) => count > 1).length;
    const lostInvitations = invitations.filter((count) => count === 0).length;
    const expectedEvents = ids.flatMap((id) =>
      ["package.sent", "package.completed", "package.sealed"].map((type) => `${type}:${id}`),
    );
    // after a worker is killed, a delivery waits for its job's lock to lapse and for the retry backoff:
    // the test is about every event arriving once, not how soon, so the wait is generous
    const delivered = await poll(
      "every webhook event to arrive",
      async () => {
        const seen = new Set(hooks.received.map((entry) => `${entry.json.type}:${String(entry.json.data.packageId)}`));
        return expectedEvents.every((event) => seen.has(event)) ? hooks.received : null;
      },
      { timeoutMs: 90_000, intervalMs: 250 },
    );
    // each deposited package reaches the vault once, whichever worker ran its deposit and whatever died
    await poll(
      "every deposit to complete",
      async () =>
        (await database.db.packageEDeposit.count({
          where: { packageId: { in: deposited.map((s) => s.pkg.id) }, status: "DEPOSITED" },
        })) === deposited.length,
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    const completedAtVault = (await vaultStats(vault)).completedByExternalId;

    // each paper set reaches the vendor once; the vendor's milestones come back through the proxy
    // to either replica and are recorded once each
    const mailings = await poll(
      "every paper set to be submitted",
      async () => {
        const rows = await database.db.mailing.findMany({
          where: { participantId: { in: mailed.map((entry) => entry.paperId) } },
        });
        return rows.length === mailed.length && rows.every((row) => row.vendorJobId) ? rows : null;
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    const jobsAtVendor = await vendorJobs();
    const submissions = mailings.map((row) => jobsAtVendor.filter((job) => job.reference === row.id).length);
    for (const row of mailings) {
      // to the last milestone of the return leg: READY, PRINTING, MAILED, DELIVERED; MAILED, DELIVERED
      for (let step = 0; step < 5; step++) {
        const advanced = await fetch(`${printVendor.url}/_test/advance`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jobId: row.vendorJobId }),
        });
        expect(advanced.status).toBe(200);
      }
    }
    await poll(
      "every paper set's milestones to be recorded",
      async () =>
        (await database.db.mailing.count({
          where: { id: { in: mailings.map((row) => row.id) }, status: "RETURNED" },
        })) === mailings.length,
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    const milestones = await database.db.mailingMilestone.findMany({
      where: { leg: { mailingId: { in: mailings.map((row) => row.id) } } },
      select: { code: true, leg: { select: { mailingId: true, direction: true } } },
    });
    const milestoneKeys = milestones.map((m) => `${m.leg.mailingId}:${m.leg.direction}:${m.code}`);
    const duplicateMilestones = milestoneKeys.length - new Set(milestoneKeys).size;
    const milestoneCounts = mailings.map((row) => milestoneKeys.filter((key) => key.startsWith(row.id)).length);
    const depositCounts = deposited.map((s) => completedAtVault[s.pkg.id] ?? 0);
    const byEventId = new Map<string, number>();
    for (const entry of delivered) {
      const id = String(entry.headers["webhook-id"]);
      byEventId.set(id, (byEventId.get(id) ?? 0) + 1);
    }
    const duplicateWebhooks = [...byEventId.values()].filter((count) => count > 1).length;
    const jobs = await database.db.outboxMessage.count({ where: { processedAt: { not: null } } });
    const breakdown = {
      depositCounts,
      submissions,
      milestoneCounts,
      duplicateSeals,
      duplicateInvitations,
      duplicateWebhooks,
      invitations,
      webhookCounts: [...byEventId.values()],
    };
    const figures = {
      packages: PACKAGES,
      requestsThroughProxy: [...proxy.hits.values(), ...roomProxy.hits.values()].reduce((a, b) => a + b, 0),
      retriedAfterCrash: proxy.retried + roomProxy.retried,
      jobsProcessed: jobs,
      webhookEvents: byEventId.size,
      deposits: deposited.length,
      paperSets: mailings.length,
      duplicates:
        duplicateSeals +
        duplicateInvitations +
        duplicateWebhooks +
        duplicateMilestones +
        [...depositCounts, ...submissions].filter((count) => count > 1).length,
      lost:
        lostInvitations +
        [...depositCounts, ...submissions].filter((count) => count === 0).length +
        milestoneCounts.filter((count) => count !== 6).length,
    };
    console.log(`scale-out figures: ${JSON.stringify(figures)} ${JSON.stringify(breakdown)}`);
    expect(figures).toMatchObject({ duplicates: 0, lost: 0 });
  }, 240_000);

  it("keeps every document and sealed file in S3, none in a replica's or a worker's DATA_DIR", async () => {
    const documents = await database.db.document.findMany({ select: { blobKey: true } });
    const sealed = await database.db.sealedArtifact.findMany({ select: { blobKey: true } });
    expect(sealed.length).toBeGreaterThan(0);
    const stored = new Set<string>();
    const bucket = createS3Storage({
      bucket: s3.bucket,
      region: s3.env.S3_REGION!,
      endpoint: s3.endpoint,
      accessKeyId: s3.env.S3_ACCESS_KEY_ID,
      secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
      timeoutMs: 30_000,
    });
    for await (const key of bucket.list()) stored.add(key);
    for (const { blobKey } of [...documents, ...sealed]) expect(stored).toContain(blobKey);
    for (const dir of dataDirs) expect(existsSync(join(dir, "blobs"))).toBe(false);
  });

  it("shares the sign-in rate limit between the replicas", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT * 2; i++) {
      statuses.push(
        (await new HttpClient(proxy.url).signIn(`nobody-${randomUUID()}@scale.example.com`, "wrong")).status,
      );
    }
    // one shared counter: refused once the limit is reached across both, not at twice the limit
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBeGreaterThanOrEqual(0);
    expect(firstRefusal).toBeLessThanOrEqual(LOGIN_LIMIT);
  });
});
