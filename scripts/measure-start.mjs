// `pnpm measure:start`: start time and idle memory of the API and the worker, run from the
// TypeScript sources (tsx, as `pnpm start` does) and compiled (`pnpm build`, as `pnpm start:prod`
// does), one after the other on the same machine. Needs PostgreSQL and Redis (DATABASE_URL,
// REDIS_URL; defaults: the local ones) and a `pnpm build` first. Prints a markdown table.
// The measuring itself is the bench's (bench/lib/start-measurement.mjs, its `start` scenario).
import { createRequire } from "node:module";
import { measureStart, median, repositoryRoot, runModes, startOf } from "../bench/lib/start-measurement.mjs";

// pg is a dependency of the core package, not of the repository root
const pg = createRequire(`${repositoryRoot}packages/core/package.json`)("pg");
const IDLE_MS = Number(process.env.MEASURE_IDLE_MS ?? 10_000);
const ROUNDS = Number(process.env.MEASURE_ROUNDS ?? 3);
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

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

await withScratchDatabase(async (databaseUrl) => {
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `measure-${process.pid}`,
    LOG_LEVEL: "info",
  };
  const rows = [];
  for (const mode of Object.keys(runModes)) {
    for (const app of ["api", "worker"]) {
      const results = [];
      for (let round = 0; round < ROUNDS; round++) {
        results.push(await measureStart({ ...(await startOf(app, mode, env)), idleMs: IDLE_MS }));
      }
      rows.push({
        mode,
        app,
        startMs: median(results.map((r) => r.startMs)),
        startCpuMs: median(results.map((r) => r.startCpuMs)),
        rssMb: median(results.map((r) => r.rssMb)),
      });
      process.stderr.write(`measured ${app} from ${mode}\n`);
    }
  }
  console.log(
    `| Process | Run from | Start (ms, median of ${ROUNDS}) | Start CPU (ms) | Idle RSS (MB, after ${IDLE_MS / 1000} s) |`,
  );
  console.log("| --- | --- | ---: | ---: | ---: |");
  for (const row of rows)
    console.log(`| ${row.app} | ${row.mode} | ${row.startMs} | ${row.startCpuMs} | ${row.rssMb} |`);
});
