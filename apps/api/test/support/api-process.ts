import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { CHILD_START_TIMEOUT_MS } from "@signet/core/testing";
import { freePort } from "./free-port.ts";
import { TEST_AUTH_SECRET } from "./test-app.ts";

export interface ApiProcess {
  url: string;
  signingUrl: string;
  process: ChildProcess;
  pid: number;
  /** true while the child has not exited */
  alive(): boolean;
  /** everything the child printed (stdout and stderr) */
  output(): string;
  /** GET /ready's status, or 0 when nothing answers */
  ready(): Promise<number>;
  stop(): Promise<void>;
}

const apiDir = fileURLToPath(new URL("../..", import.meta.url));
const entries = {
  main: fileURLToPath(new URL("../../src/main.ts", import.meta.url)),
  /** what `pnpm start` runs: main.ts under the restarting supervisor */
  supervised: fileURLToPath(new URL("../../src/supervise.ts", import.meta.url)),
};

/**
 * The API (both listeners) as a real process, as `pnpm start` runs it, so a request that would end
 * the process is seen as the process ending, not as an error inside the test runner.
 */
export async function spawnApiProcess(
  env: Record<string, string>,
  entry: keyof typeof entries = "main",
): Promise<ApiProcess> {
  const [port, signingPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const signingUrl = `http://127.0.0.1:${signingPort}`;
  const child = spawn(process.execPath, ["--import", "tsx", entries[entry]], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? "",
      AUTH_SECRET: TEST_AUTH_SECRET,
      SEED_DEMO: "false",
      WEB_DIST: "/nonexistent",
      LOG_LEVEL: "warn",
      PORT: String(port),
      PUBLIC_URL: url,
      SIGNING_ROOM_LISTEN_PORT: String(signingPort),
      SIGNING_ROOM_URL: signingUrl,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const orphaned = () => child.kill("SIGKILL");
  process.once("exit", orphaned);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => process.off("exit", orphaned));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const ready = async () => {
    try {
      return (await fetch(`${url}/ready`, { signal: AbortSignal.timeout(5_000) })).status;
    } catch {
      return 0;
    }
  };
  const deadline = Date.now() + CHILD_START_TIMEOUT_MS;
  while ((await ready()) !== 200) {
    if (!alive()) throw new Error(`the API process exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the API process was not ready within ${CHILD_START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    signingUrl,
    process: child,
    pid: child.pid!,
    alive,
    output: () => output,
    ready,
    async stop() {
      if (!alive()) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
