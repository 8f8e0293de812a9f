import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const MEMORY_REPORTER = new URL("./memory-reporter.mjs", import.meta.url).href;
/** what is kept of a process's output, for the error that says why it stopped */
const OUTPUT_TAIL_CHARS = 20_000;
const MB = 1024 * 1024;
const FIRST_ERROR_LINES = 5;

/** The process's own readings (memory-reporter.mjs, one a second) since the last take, in MB. */
export interface MemoryReadings {
  rssMb: number[];
  heapMb: number[];
}

export interface CompiledProcess {
  name: string;
  pid: number;
  /** hands out the memory readings since the last call */
  takeMemory(): MemoryReadings;
  /** pino lines at error level or above (50+) so far: errors the product logged, not answered */
  loggedErrors(): number;
  /** the first of those lines (a few), to say what went wrong once the process is gone */
  firstErrorLines(): string[];
  /** the end of what it printed */
  output(): string;
  exited(): boolean;
  stop(): Promise<void>;
}

/**
 * A compiled entry (`pnpm build` output) started as `pnpm start:prod` / `worker:prod` start it: plain
 * node with the signet-dist condition, plus the memory reporter preloaded and an IPC channel for it.
 */
export function startCompiled(
  name: string,
  entry: "apps/api/dist/main.js" | "apps/worker/dist/main.js",
  env: Record<string, string>,
): CompiledProcess {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--conditions=signet-dist", "--enable-source-maps", `--import=${MEMORY_REPORTER}`, entry],
    { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe", "ipc"] },
  );
  let output = "";
  let partial = "";
  let errors = 0;
  const errorLines: string[] = [];
  let memory: MemoryReadings = { rssMb: [], heapMb: [] };
  const take = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-OUTPUT_TAIL_CHARS);
    const lines = (partial + text).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      const level = /"level":(\d+)/.exec(line);
      if (level && Number(level[1]) >= 50) {
        errors++;
        if (errorLines.length < FIRST_ERROR_LINES) errorLines.push(line.slice(0, 1500));
      }
    }
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  child.on("message", (message: { type?: string; rss?: number; heapUsed?: number }) => {
    if (message.type !== "soak-memory") return;
    memory.rssMb.push(message.rss! / MB);
    memory.heapMb.push(message.heapUsed! / MB);
  });
  // a process that is gone cannot take the channel's last messages: nothing to report
  child.on("error", () => {});
  const exitedPromise = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    name,
    pid: child.pid!,
    takeMemory() {
      const taken = memory;
      memory = { rssMb: [], heapMb: [] };
      return taken;
    },
    loggedErrors: () => errors,
    firstErrorLines: () => [...errorLines],
    output: () => output,
    exited,
    async stop() {
      if (exited()) return;
      child.kill("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exitedPromise, new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]);
      clearTimeout(timer);
      if (!exited()) {
        child.kill("SIGKILL");
        await exitedPromise;
      }
    },
  };
}

/** Polls `ready` until it answers true; fails early when the process exits, with what it printed. */
export async function waitUntil(
  what: string,
  process: CompiledProcess,
  ready: () => Promise<boolean>,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (process.exited()) throw new Error(`${process.name} exited before ${what}:\n${process.output()}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${process.name}: no ${what} within ${timeoutMs} ms:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
