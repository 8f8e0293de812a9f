// Starts the reference eVault as a real child process (src/main.ts through tsx's loader) on a free
// port with a fresh data directory, for tests that must see a vault as Signet sees one: over
// HTTP, able to be killed and restarted on the same data.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface SpawnReferenceEVaultOptions {
  /** default: one client `signet` with a random secret (the first client is the one returned) */
  clients?: { clientId: string; clientSecret: string }[];
  /** the /_test routes (fault injection); default true */
  testControls?: boolean;
  /** default: a new temporary directory; pass a killed vault's dataDir to restart it on its data */
  dataDir?: string;
}

export interface SpawnedReferenceEVault {
  url: string;
  clientId: string;
  clientSecret: string;
  process: ChildProcess;
  /** Stops the process (SIGTERM by default; SIGKILL after 5 s) and waits for it to exit. Keeps dataDir. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  dataDir: string;
  /** Deletes dataDir (after kill). */
  removeDataDir(): Promise<void>;
}

const appDir = fileURLToPath(new URL("../..", import.meta.url));
const main = fileURLToPath(new URL("../main.ts", import.meta.url));
const READY = /^eVault listening on (\S+)\s*$/m;

export async function spawnReferenceEVault(opts: SpawnReferenceEVaultOptions = {}): Promise<SpawnedReferenceEVault> {
  const clients = opts.clients ?? [{ clientId: "signet", clientSecret: randomBytes(16).toString("hex") }];
  const first = clients[0];
  if (!first) throw new Error("spawnReferenceEVault: give at least one client");
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), "signet-evault-")));
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    // tsx resolves from the app's own node_modules
    cwd: appDir,
    env: {
      PATH: process.env.PATH ?? "",
      EVAULT_PORT: "0",
      EVAULT_HOST: "127.0.0.1",
      EVAULT_DATA_DIR: dataDir,
      EVAULT_CLIENTS: clients.map((client) => `${client.clientId}:${client.clientSecret}`).join(","),
      EVAULT_TEST_CONTROLS: opts.testControls === false ? "0" : "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // a test run that ends without kill() must not leave a vault behind
  const orphaned = () => child.kill("SIGKILL");
  process.once("exit", orphaned);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  exited.then(() => process.off("exit", orphaned));

  let stdout: string | null = "";
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The reference eVault did not start within 20 s.\n${stderr}`));
    }, 20_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (stdout === null) return;
      stdout += chunk.toString();
      const ready = READY.exec(stdout);
      if (ready) {
        clearTimeout(timer);
        stdout = null;
        resolve(ready[1]!);
      }
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The reference eVault exited (${code ?? signal}) before it listened.\n${stderr}`));
    });
  });
  return {
    url,
    clientId: first.clientId,
    clientSecret: first.clientSecret,
    process: child,
    dataDir,
    async kill(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const forced = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(forced);
    },
    removeDataDir: () => rm(dataDir, { recursive: true, force: true }),
  };
}
