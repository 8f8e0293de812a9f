import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { CHILD_START_TIMEOUT_MS } from "@signet/core/testing";
import type { TestHost } from "./network-hosts.ts";

// The compiled server (`pnpm build`, issue 18 §1) as tests run it: built once per change of the
// sources (several test files share it, so the build holds a lock and is skipped when `dist` is
// newer than every source file), and started as plain node processes.

export const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const PACKAGES = ["packages/contract", "packages/core", "apps/api", "apps/worker"];
const LOCK = join(REPO_ROOT, "node_modules", ".cache", "signet-compiled-build.lock");

async function newestSource(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name)) {
      newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
    }
  }
  return newest;
}

async function upToDate(): Promise<boolean> {
  for (const pkg of PACKAGES) {
    const entry = join(REPO_ROOT, pkg, "dist", pkg.startsWith("apps") ? "main.js" : "index.js");
    if (!existsSync(entry)) return false;
    if (statSync(entry).mtimeMs < (await newestSource(join(REPO_ROOT, pkg, "src")))) return false;
  }
  return existsSync(join(REPO_ROOT, "packages/core/dist/migrations"));
}

/** Builds the compiled server unless it is current; waits for another test file building it. */
export async function ensureCompiledBuild(): Promise<void> {
  await mkdir(join(REPO_ROOT, "node_modules", ".cache"), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await mkdir(LOCK);
      break;
    } catch {
      // a lock older than two minutes belongs to a build that died
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 120_000)
        await rm(LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error("waited two minutes for another compiled build");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    if (!(await upToDate())) {
      await promisify(execFile)(process.execPath, ["scripts/build-server.mjs"], { cwd: REPO_ROOT });
    }
  } finally {
    await rm(LOCK, { recursive: true, force: true });
  }
}

export { freePort } from "./free-port.ts";

export interface CompiledProcess {
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s */
  stop(): Promise<void>;
  /** SIGKILL at once: a crash */
  kill(): Promise<void>;
}

/** Plain node with the compiled packages' export condition: what `pnpm start:prod` runs. */
export function runCompiled(
  entry: "apps/api/dist/main.js" | "apps/worker/dist/main.js",
  env: Record<string, string>,
  /** a test host (network namespace) to run it on; this machine's own network otherwise */
  host?: TestHost,
) {
  const args = ["--conditions=signet-dist", "--enable-source-maps", entry];
  const [command, commandArgs] = host ? host.command(process.execPath, ...args) : [process.execPath, args];
  const child = spawn(command, commandArgs, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const processHandle: CompiledProcess = {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
  return processHandle;
}

/** Waits until GET url answers 200, failing early if the process exits. */
export async function waitReady(
  url: string,
  process: CompiledProcess,
  timeoutMs = CHILD_START_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (process.child.exitCode !== null)
      throw new Error(`the process exited before it was ready; it said:\n${process.output()}`);
    const answer = await fetch(url).catch(() => null);
    if (answer?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs} ms; it said:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
