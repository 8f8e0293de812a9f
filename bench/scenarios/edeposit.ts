import { createHash, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { applyMigrations, type Db, startEDepositIfEnabled } from "@signet/core";
import {
  type SpawnedReferenceEVault,
  spawnReferenceEVault,
} from "../../apps/evault/src/testing/spawn-reference-evault.ts";
import type { BenchOptions } from "../lib/bench-options.ts";
import { startBenchWorker } from "../lib/bench-worker.ts";
import { ratioAtLeast } from "../lib/goals.ts";
import type { LoadSettings, Measurement } from "../lib/measurement.ts";
import { recreateDatabase } from "../lib/recreate-database.ts";
import { undici } from "../lib/undici.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench_edeposit";
// the product's eDeposit concurrency (startQueueWorkers), used by both sides
const WORKER_CONCURRENCY = 4;
// deposits of a burst per second of --duration: 200 at the default 10 s
const DEPOSITS_PER_SECOND = 20;
// packages started per transaction before a burst, as many sealings would have
const START_BATCH = 50;

interface Files {
  document: Uint8Array;
  certificate: Uint8Array;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * `count` sealed COMPLETED packages whose eDeposit is set up as the package's eDeposit settings set it
 * (enabled, the vault, a transaction type), each with one sealed document and its certificate of
 * completion (the same stored blobs for all: a deposit reads them, it never writes them). Set-based SQL.
 */
async function seedPackages(
  db: Db,
  seed: { organizationId: string; vaultId: string; count: number; document: StoredFile; certificate: StoredFile },
) {
  await db.$executeRawUnsafe(
    `INSERT INTO "Package" (id, "organizationId", "shortId", name, status, "lastUpdatedAt")
     SELECT gen_random_uuid(), $1::uuid, 'E' || lpad(n::text, 6, '0'), 'Loan ' || n || ' closing package',
            'COMPLETED', now()
       FROM generate_series(1, $2::int) AS n`,
    seed.organizationId,
    seed.count,
  );
  for (const [kind, file] of [
    ["DOCUMENT", seed.document],
    ["CERTIFICATE", seed.certificate],
  ] as const) {
    await db.$executeRawUnsafe(
      `INSERT INTO "SealedArtifact" (id, "organizationId", "packageId", kind, name, "blobKey", sha256, "sizeBytes",
                                     "certificateSubject", "certificateFingerprint")
       SELECT gen_random_uuid(), $1::uuid, p.id, $2::"SealedArtifactKind", $3, $4, $5, $6::int, 'CN=Signet bench seal', 'bench'
         FROM "Package" p WHERE p."organizationId" = $1::uuid`,
      seed.organizationId,
      kind,
      kind === "DOCUMENT" ? "Promissory note (signed).pdf" : "Certificate of completion.pdf",
      file.blobKey,
      file.sha256,
      file.bytes.byteLength,
    );
  }
  await db.$executeRawUnsafe(
    `INSERT INTO "PackageEDeposit" ("packageId", "organizationId", enabled, "eVaultId", "supplementalDocType",
                                    "transactionType", "lastUpdatedAt")
     SELECT p.id, $1::uuid, true, $2::uuid, 'OTHER', 'PURCHASE', now() FROM "Package" p WHERE p."organizationId" = $1::uuid`,
    seed.organizationId,
    seed.vaultId,
  );
}

interface StoredFile {
  blobKey: string;
  sha256: string;
  bytes: Uint8Array;
}

/**
 * Starts the deposits of `count` packages not started yet, as sealing starts them
 * (startEDepositIfEnabled: the package becomes EDEPOSIT_PENDING, its audit event, the outbox row of
 * its first attempt); answers their ids.
 */
async function startDeposits(db: Db, organizationId: string, count: number): Promise<string[]> {
  const packages = await db.packageEDeposit.findMany({
    where: { organizationId, status: null },
    select: { packageId: true },
    take: count,
  });
  if (packages.length < count) throw new Error(`edeposit: ${count} packages wanted, ${packages.length} left`);
  for (let done = 0; done < packages.length; done += START_BATCH) {
    await db.$transaction(
      async (tx) => {
        for (const { packageId } of packages.slice(done, done + START_BATCH)) {
          if (!(await startEDepositIfEnabled(tx, { id: packageId, organizationId }))) {
            throw new Error(`edeposit: package ${packageId} did not start`);
          }
        }
      },
      { timeout: 60_000 },
    );
  }
  return packages.map((entry) => entry.packageId);
}

/**
 * What a deposit says to the vault, by hand with the same client (undici fetch): open the
 * transaction, put the document and the certificate, take the vault's audit trail, complete, read
 * the transaction back; every write with its idempotency key, the token fetched once (the adapter
 * keeps its token too).
 */
function bareDepositor(vault: SpawnedReferenceEVault, files: Files) {
  const agent = new undici.Agent({ connections: WORKER_CONCURRENCY });
  const call = async (
    token: string,
    method: string,
    path: string,
    init: { body?: Uint8Array | string; headers?: Record<string, string> } = {},
  ) => {
    const response = await undici.fetch(`${vault.url}/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID(), ...init.headers },
      body: init.body as Uint8Array<ArrayBuffer> | string | undefined,
      dispatcher: agent,
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
    return bytes;
  };
  const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes));
  const put = (token: string, transactionId: string, key: string, bytes: Uint8Array, role: string) =>
    call(token, "PUT", `v1/transactions/${transactionId}/documents/${key}`, {
      body: bytes,
      headers: {
        "content-type": "application/pdf",
        "x-content-sha256": sha256(bytes),
        "x-document-name": encodeURIComponent(`${key}.pdf`),
        "x-document-type": "OTHER",
        "x-document-role": role,
      },
    });
  return {
    async token(): Promise<string> {
      const basic = Buffer.from(`${vault.clientId}:${vault.clientSecret}`).toString("base64");
      const response = await undici.fetch(`${vault.url}/oauth/token`, {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
        dispatcher: agent,
      });
      return ((await response.json()) as { access_token: string }).access_token;
    },
    async deposit(token: string) {
      const opened = json(
        await call(token, "POST", "v1/transactions", {
          body: JSON.stringify({ externalId: randomUUID(), transactionType: "PURCHASE", depositorName: "Bench" }),
          headers: { "content-type": "application/json" },
        }),
      ) as { transactionId: string };
      await put(token, opened.transactionId, randomUUID(), files.document, "DOCUMENT");
      await put(token, opened.transactionId, randomUUID(), files.certificate, "ESIGN_AUDIT_TRAIL");
      await call(token, "POST", `v1/transactions/${opened.transactionId}/vault-audit-trail`);
      await call(token, "POST", `v1/transactions/${opened.transactionId}/complete`);
      await call(token, "GET", `v1/transactions/${opened.transactionId}`);
    },
    close: () => agent.close(),
  };
}

function measurement(target: string, burst: { deposits: number; seconds: number; errors: number }): Measurement {
  return {
    target,
    path: "(deposits)",
    connections: WORKER_CONCURRENCY,
    requestsPerSecond: burst.deposits / burst.seconds,
    totalRequests: burst.deposits,
    durationSeconds: burst.seconds,
    p50Ms: Number.NaN,
    p99Ms: Number.NaN,
    errors: burst.errors,
    timeouts: 0,
    non2xx: 0,
    statusCodes: {},
    extra: { "deposits/min": Math.round((burst.deposits / burst.seconds) * 60) },
  };
}

const burstSizes = (load: LoadSettings) =>
  [load.warmupSeconds, load.durationSeconds].filter((seconds) => seconds > 0).map((s) => s * DEPOSITS_PER_SECOND);

export const eDepositScenario: Scenario = {
  name: "edeposit",
  description:
    "eDeposits a minute into the reference eVault (apps/evault, a process of its own): a burst of sealed " +
    "packages started as sealing starts them (startEDepositIfEnabled: the outbox row of the first " +
    "attempt), then from the relay's start until the worker finished every deposit — outbox relay → " +
    "BullMQ → the product's eDeposit job (the reference adapter: token, open, a document and the " +
    "certificate, the vault's audit trail, complete, the transaction read back; the stages recorded) — " +
    "against a bare client (undici fetch, keep-alive) making the same calls with the same bytes; " +
    `concurrency ${WORKER_CONCURRENCY} on both sides.`,
  connections: WORKER_CONCURRENCY,

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const databaseUrl = await recreateDatabase(options.serverUrl, DATABASE_NAME);
    await applyMigrations(databaseUrl);
    const vault = await spawnReferenceEVault({ testControls: false });
    // the vault is on loopback: allowed as an operator allows an internal vault
    const worker = await startBenchWorker(databaseUrl, { OUTBOUND_ALLOWED_HOSTS: "127.0.0.1" });
    const { db, fieldCipher, storage } = worker.deps;

    // real-world fixture files: a four-page document, and a one-page one for its certificate
    const fixture = async (name: string) =>
      new Uint8Array(await readFile(new URL(`../../fixtures/pdfs/${name}`, import.meta.url)));
    const files: Files = {
      document: await fixture("pdflatex-4-pages.pdf"),
      certificate: await fixture("minimal-document.pdf"),
    };
    const store = async (name: string, bytes: Uint8Array): Promise<StoredFile> => {
      const blobKey = `bench/edeposit/${name}.pdf`;
      const stored = await storage.put(blobKey, Readable.from([Buffer.from(bytes)]));
      return { blobKey, sha256: stored.sha256, bytes };
    };
    const organization = await db.organization.create({
      data: { name: "eDeposit bench", nameKey: "edeposit-bench" },
      select: { id: true },
    });
    const evault = await db.eVault.create({
      data: {
        organizationId: organization.id,
        name: "Reference eVault",
        nameKey: "reference evault",
        url: vault.url,
        clientId: vault.clientId,
        clientSecretEncrypted: fieldCipher.encrypt(vault.clientSecret),
      },
      select: { id: true },
    });
    await seedPackages(db, {
      organizationId: organization.id,
      vaultId: evault.id,
      count: burstSizes(options.load).reduce((total, size) => total + size, 0),
      document: await store("document", files.document),
      certificate: await store("certificate", files.certificate),
    });

    const productBurst = async (deposits: number) => {
      const packageIds = await startDeposits(db, organization.id, deposits);
      const seconds = await worker.runBurst(deposits);
      const deposited = await db.packageEDeposit.count({
        where: { packageId: { in: packageIds }, status: "DEPOSITED" },
      });
      return { deposits, seconds, errors: deposits - deposited };
    };

    const bare = bareDepositor(vault, files);
    const baselineBurst = async (deposits: number) => {
      let next = 0;
      let errors = 0;
      const startedAt = performance.now();
      const token = await bare.token();
      await Promise.all(
        Array.from({ length: WORKER_CONCURRENCY }, async () => {
          while (next++ < deposits) await bare.deposit(token).catch(() => errors++);
        }),
      );
      return { deposits, seconds: (performance.now() - startedAt) / 1000, errors };
    };

    const target = (name: string, burst: (deposits: number) => Promise<Parameters<typeof measurement>[1]>) => ({
      name,
      measure: async (load: LoadSettings) => {
        let last: Parameters<typeof measurement>[1] | undefined;
        // the warm-up burst first, then the measured one
        for (const deposits of burstSizes(load)) last = await burst(deposits);
        return measurement(name, last!);
      },
    });

    return {
      targets: [
        { ...target("product: outbox → BullMQ → eDeposit job → eVault", productBurst), goal: ratioAtLeast(0.5) },
        { ...target("baseline: bare client making the same calls", baselineBurst), baseline: true },
      ],
      async close() {
        await bare.close().catch(() => {});
        await worker.close();
        await vault.kill();
        await vault.removeDataDir();
      },
    };
  },
};
