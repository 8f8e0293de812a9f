// Starts the reference eVault as a real child process on a free port with a fresh data directory, for
// tests that must see a vault as Signet sees one: over HTTP, able to be killed and restarted on the
// same data.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type SpawnedReferenceService, spawnReferenceService } from "@signet/reference-service/testing";

export interface SpawnReferenceEVaultOptions {
  /** default: one client `signet` with a random secret (the first client is the one returned) */
  clients?: { clientId: string; clientSecret: string }[];
  /** the /_test routes (fault injection); default true */
  testControls?: boolean;
  /** default: a new temporary directory; pass a killed vault's dataDir to restart it on its data */
  dataDir?: string;
}

export interface SpawnedReferenceEVault extends SpawnedReferenceService {
  clientId: string;
  clientSecret: string;
  /** kept by kill() */
  dataDir: string;
  /** Deletes dataDir (after kill). */
  removeDataDir(): Promise<void>;
}

export async function spawnReferenceEVault(opts: SpawnReferenceEVaultOptions = {}): Promise<SpawnedReferenceEVault> {
  const clients = opts.clients ?? [{ clientId: "signet", clientSecret: randomBytes(16).toString("hex") }];
  const first = clients[0];
  if (!first) throw new Error("spawnReferenceEVault: give at least one client");
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), "signet-evault-")));
  const service = await spawnReferenceService({
    title: "The reference eVault",
    appDir: fileURLToPath(new URL("../..", import.meta.url)),
    main: fileURLToPath(new URL("../main.ts", import.meta.url)),
    env: {
      EVAULT_PORT: "0",
      EVAULT_HOST: "127.0.0.1",
      EVAULT_DATA_DIR: dataDir,
      EVAULT_CLIENTS: clients.map((client) => `${client.clientId}:${client.clientSecret}`).join(","),
      EVAULT_TEST_CONTROLS: opts.testControls === false ? "0" : "1",
    },
    ready: /^eVault listening on (\S+)\s*$/m,
  });
  return {
    ...service,
    clientId: first.clientId,
    clientSecret: first.clientSecret,
    dataDir,
    removeDataDir: () => rm(dataDir, { recursive: true, force: true }),
  };
}
