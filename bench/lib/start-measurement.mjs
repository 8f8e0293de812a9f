// Start time and idle memory of one process, shared by `pnpm measure:start` (plain node, so plain
// JavaScript) and the bench's `start` scenario.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

/** The loader arguments and entry points of each way the API and the worker run. */
export const runModes = {
  "sources (tsx)": { loader: ["--import", "tsx"], api: "apps/api/src/main.ts", worker: "apps/worker/src/main.ts" },
  compiled: { loader: ["--conditions=signet-dist"], api: "apps/api/dist/main.js", worker: "apps/worker/dist/main.js" },
};

export async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function rssMegabytes(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

/**
 * CPU time (user + system) the process has used, in ms, from /proc: on a shared machine the start's
 * wall time depends on what else runs, its CPU time much less.
 */
export async function cpuMilliseconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // the fields after the command name (which may hold spaces), from the third on: utime is the 14th
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Math.round(((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
}
// USER_HZ, 100 on every Linux the bench runs on
const CLOCK_TICKS = 100;

/** Ready once GET /ready on the port answers 200. */
export const answersReady = (port) => async () =>
  (await fetch(`http://127.0.0.1:${port}/ready`).catch(() => null))?.status === 200;

/** Ready once the process has printed `text`. */
export const printed = (text) => async (output) => output.includes(text);

/**
 * What starts the API or the worker run as `mode` (a key of runModes) on a free port: the
 * environment is the caller's (database, Redis) plus what a measured start needs.
 */
export async function startOf(app, mode, env) {
  const shape = runModes[mode];
  const port = await freePort();
  return {
    args: [...shape.loader, shape[app]],
    env: {
      ...env,
      PORT: String(port),
      SIGNING_ROOM_LISTEN_PORT: "0",
      AUTH_SECRET: "measure-secret-0123456789abcdef0123",
    },
    ready: app === "api" ? answersReady(port) : printed("worker started"),
  };
}

/**
 * Starts one process, waits until it is ready, lets it idle `idleMs`, reads its resident memory,
 * stops it. Start time is from spawn to ready, polled every 20 ms; with it the CPU time the start took.
 */
export async function measureStart({ args, env, ready, cwd = repositoryRoot, idleMs }) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited early:\n${output}`);
      if (await ready(output)) break;
      if (performance.now() - started > 60_000) throw new Error(`not ready after 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const startMs = Math.round(performance.now() - started);
    const startCpuMs = await cpuMilliseconds(child.pid);
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    return { startMs, startCpuMs, rssMb: await rssMegabytes(child.pid) };
  } finally {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  }
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
