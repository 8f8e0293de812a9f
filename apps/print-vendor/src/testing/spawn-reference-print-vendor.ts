// Starts the reference print vendor as a real child process on a free port with a fresh data
// directory, for tests that must see a print vendor as Signet sees one: over HTTP, able to be killed
// and restarted on the same data.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type SpawnedReferenceService, spawnReferenceService } from "@signet/reference-service/testing";

export interface SpawnReferencePrintVendorOptions {
  /** default: one client `signet` with a random secret (the first client is the one returned) */
  clients?: { clientId: string; clientSecret: string }[];
  /** the /_test routes (fault injection); default true */
  testControls?: boolean;
  /** default: a new temporary directory; pass a killed vendor's dataDir to restart it on its data */
  dataDir?: string;
  /** seconds between two milestones of a job (default 3600: tests advance jobs with /_test/advance) */
  stepSeconds?: number;
  /** wait before the first callback retry (default 0.2 s) */
  callbackRetrySeconds?: number;
}

export interface SpawnedReferencePrintVendor extends SpawnedReferenceService {
  clientId: string;
  clientSecret: string;
  /** kept by kill() */
  dataDir: string;
  /** Deletes dataDir (after kill). */
  removeDataDir(): Promise<void>;
}

export async function spawnReferencePrintVendor(
  opts: SpawnReferencePrintVendorOptions = {},
): Promise<SpawnedReferencePrintVendor> {
  const clients = opts.clients ?? [{ clientId: "signet", clientSecret: randomBytes(16).toString("hex") }];
  const first = clients[0];
  if (!first) throw new Error("spawnReferencePrintVendor: give at least one client");
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), "signet-print-vendor-")));
  const service = await spawnReferenceService({
    title: "The reference print vendor",
    appDir: fileURLToPath(new URL("../..", import.meta.url)),
    main: fileURLToPath(new URL("../main.ts", import.meta.url)),
    env: {
      PRINT_VENDOR_PORT: "0",
      PRINT_VENDOR_HOST: "127.0.0.1",
      PRINT_VENDOR_DATA_DIR: dataDir,
      PRINT_VENDOR_CLIENTS: clients.map((client) => `${client.clientId}:${client.clientSecret}`).join(","),
      PRINT_VENDOR_TEST_CONTROLS: opts.testControls === false ? "0" : "1",
      PRINT_VENDOR_STEP_SECONDS: String(opts.stepSeconds ?? 3600),
      PRINT_VENDOR_CALLBACK_RETRY_SECONDS: String(opts.callbackRetrySeconds ?? 0.2),
    },
    ready: /^Print vendor listening on (\S+)\s*$/m,
  });
  return {
    ...service,
    clientId: first.clientId,
    clientSecret: first.clientSecret,
    dataDir,
    removeDataDir: () => rm(dataDir, { recursive: true, force: true }),
  };
}
