// `pnpm measure:start`: start time and idle memory of the API and the worker, run from the
// TypeScript sources (tsx, as `pnpm start` does) and compiled (`pnpm build`, as `pnpm start:prod`
// does), one after the other on the same machine. Needs PostgreSQL and Redis (DATABASE_URL,
// REDIS_URL; defaults: the local ones) and a `pnpm build` first. Prints a markdown table.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
// pg is a dependency of the core package, not of the repository root
const pg = createRequire(`${root}packages/core/package.json`)("pg");
const IDLE_MS = Number(process.env.MEASURE_IDLE_MS ?? 10_000);
const ROUNDS = Number(process.env.MEASURE_ROUNDS ?? 3);
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function withScratchDatabase(run) {
  const name = `signet_measure_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function rssMegabytes(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

/** Starts one process, waits until it is ready, lets it idle, reads its resident memory, stops it. */
async function measure({ args, env, ready }) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited early:\n${output}`);
      if (await ready(output)) break;
      if (performance.now() - started > 60_000) throw new Error(`not ready after 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const startMs = Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { startMs, rssMb: await rssMegabytes(child.pid) };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

await withScratchDatabase(async (databaseUrl) => {
  const common = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `measure-${process.pid}`,
    LOG_LEVEL: "info",
  };
  const modes = {
    "sources (tsx)": { loader: ["--import", "tsx"], api: "apps/api/src/main.ts", worker: "apps/worker/src/main.ts" },
    compiled: {
      loader: ["--conditions=signet-dist"],
      api: "apps/api/dist/main.js",
      worker: "apps/worker/dist/main.js",
    },
  };
  const rows = [];
  for (const [mode, shape] of Object.entries(modes)) {
    for (const app of ["api", "worker"]) {
      const results = [];
      for (let round = 0; round < ROUNDS; round++) {
        const port = await freePort();
        results.push(
          await measure({
            args: [...shape.loader, shape[app]],
            env: {
              ...common,
              PORT: String(port),
              SIGNING_ROOM_LISTEN_PORT: "0",
              AUTH_SECRET: "measure-secret-0123456789abcdef0123",
            },
            ready:
              app === "api"
                ? async () => (await fetch(`http://127.0.0.1:${port}/ready`).catch(() => null))?.status === 200
                : async (output) => output.includes("worker started"),
          }),
        );
      }
      rows.push({
        mode,
        app,
        startMs: median(results.map((r) => r.startMs)),
        rssMb: median(results.map((r) => r.rssMb)),
      });
      process.stderr.write(`measured ${app} from ${mode}\n`);
    }
  }
  console.log(`| Process | Run from | Start (ms, median of ${ROUNDS}) | Idle RSS (MB, after ${IDLE_MS / 1000} s) |`);
  console.log("| --- | --- | ---: | ---: |");
  for (const row of rows) console.log(`| ${row.app} | ${row.mode} | ${row.startMs} | ${row.rssMb} |`);
});
