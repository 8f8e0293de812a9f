import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { CHILD_START_TIMEOUT_MS } from "@signet/core/testing";

export interface WorkerProcess {
  process: ChildProcess;
  /** Stops the worker; SIGKILL is a crash: no shutdown, its running jobs left mid-way. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  output(): string;
}

const workerDir = fileURLToPath(new URL("../../../worker", import.meta.url));
const main = fileURLToPath(new URL("../../../worker/src/main.ts", import.meta.url));

/** apps/worker as a real process (as deployed), so a test can kill it mid-job. Resolves once it started. */
export async function spawnWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    cwd: workerDir,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const orphaned = () => child.kill("SIGKILL");
  process.once("exit", orphaned);
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  exited.then(() => process.off("exit", orphaned));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the worker did not start within ${CHILD_START_TIMEOUT_MS} ms; it said:\n${output}`)),
      CHILD_START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("worker started")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    exited.then(() => reject(new Error(`worker exited:\n${output}`)));
  });
  return {
    process: child,
    output: () => output,
    async kill(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}
