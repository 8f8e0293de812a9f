import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describeExit, nextQuickDeaths, restartDelayMs } from "./supervisor/restart-policy.ts";

// `pnpm start`'s process: runs the API (main.ts) as a child and starts it again when it dies, with
// back-off and the reason logged, so a single-machine install recovers by itself. A child that dies
// before it was ever ready is a configuration problem a restart cannot mend: its exit code is ours.

const main = fileURLToPath(new URL("./main.ts", import.meta.url));
const STDERR_TAIL_LINES = 15;

let child: ChildProcess | null = null;
let stopping = false;
let everReady = false;
let quickDeaths = 0;
let restartTimer: NodeJS.Timeout | undefined;

const log = (message: string) => console.error(`[signet supervisor] ${message}`);

function start() {
  const startedAt = Date.now();
  let stderrTail: string[] = [];
  // the loader flags this process runs with (tsx's) carry over to the child
  const current = spawn(process.execPath, [...process.execArgv, main], {
    env: process.env,
    stdio: ["inherit", "inherit", "pipe", "ipc"],
    // its own process group: a terminal's Ctrl-C reaches this process only, which passes it on once
    // (twice, the child's second SIGINT would end it in the middle of its shutdown)
    detached: true,
  });
  child = current;
  current.stderr!.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderrTail = [...stderrTail, ...chunk.toString().split("\n").filter(Boolean)].slice(-STDERR_TAIL_LINES);
  });
  current.on("message", (message: { type?: string }) => {
    if (message?.type !== "ready") return;
    everReady = true;
    log(`API process ${current.pid} is ready`);
  });
  current.once("exit", (code, signal) => {
    child = null;
    if (stopping) process.exit(code ?? 0);
    const ranForMs = Date.now() - startedAt;
    const reason = describeExit(code, signal);
    if (!everReady) {
      log(`API process ${current.pid} ${reason} before it was ready; not restarting (fix the cause above)`);
      process.exit(code || 1);
    }
    quickDeaths = nextQuickDeaths(quickDeaths, ranForMs);
    const delay = restartDelayMs(quickDeaths);
    log(
      `API process ${current.pid} ${reason} after ${Math.round(ranForMs / 1000)} s; restarting in ${delay / 1000} s` +
        (stderrTail.length > 0 ? `. Its last words:\n  ${stderrTail.join("\n  ")}` : ""),
    );
    restartTimer = setTimeout(start, delay);
  });
}

function stop(signal: NodeJS.Signals) {
  stopping = true;
  clearTimeout(restartTimer);
  if (child) child.kill(signal);
  else process.exit(0);
}

process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
start();
