// Starts a reference service as a real child process (its src/main.ts through tsx's loader) on a free
// port, for tests that must see it as Signet sees it: over HTTP, able to be killed and restarted.
import { type ChildProcess, spawn } from "node:child_process";

export interface SpawnReferenceServiceOptions {
  /** what errors call it, e.g. "the reference eVault" */
  title: string;
  /** the service's directory (tsx resolves from its own node_modules) and its entry */
  appDir: string;
  main: string;
  /** the service's configuration; PATH is passed on, nothing else of this process's environment */
  env: Record<string, string>;
  /** the line it prints once it listens, its URL in the first group */
  ready: RegExp;
}

export interface SpawnedReferenceService {
  url: string;
  process: ChildProcess;
  /** Stops the process (SIGTERM by default; SIGKILL after 5 s) and waits for it to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** generous: on a loaded 2-core machine a start that takes a second alone took over 20 s (TEST_START_TIMEOUT_MS changes it) */
const START_TIMEOUT_MS = Number(process.env.TEST_START_TIMEOUT_MS) || 180_000;

export async function spawnReferenceService(opts: SpawnReferenceServiceOptions): Promise<SpawnedReferenceService> {
  const child = spawn(process.execPath, ["--import", "tsx", opts.main], {
    cwd: opts.appDir,
    env: { PATH: process.env.PATH ?? "", ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // a test run that ends without kill() must not leave the service behind
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
      reject(new Error(`${opts.title} did not start within ${START_TIMEOUT_MS / 1000} s.\n${stderr}`));
    }, START_TIMEOUT_MS);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (stdout === null) return;
      stdout += chunk.toString();
      const ready = opts.ready.exec(stdout);
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
      reject(new Error(`${opts.title} exited (${code ?? signal}) before it listened.\n${stderr}`));
    });
  });
  return {
    url,
    process: child,
    async kill(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const forced = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(forced);
    },
  };
}
