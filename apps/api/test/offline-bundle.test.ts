import { execFile, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CompiledProcess, ensureCompiledBuild, freePort, REPO_ROOT, waitReady } from "./support/compiled-build.ts";
import { HttpClient } from "./support/http-client.ts";

// Issue 18 §5: `pnpm bundle:offline` makes one folder an air-gapped machine needs. Started from
// that folder with no repository, no registry and no network (every proxy points at a closed
// port), the embedded default comes up from the bundled PostgreSQL binaries, serves the web app and
// signs the demo admin in.

const DEMO_PASSWORD = "Offline-Demo-2026";
let work: string;
let bundle: string;
let signet: CompiledProcess | undefined;
let baseUrl: string;

beforeAll(async () => {
  for (const app of ["web", "signing-room"]) {
    if (!existsSync(join(REPO_ROOT, "apps", app, "dist", "index.html"))) {
      throw new Error(`apps/${app}/dist is missing: run \`pnpm build:web\` first (pnpm test does)`);
    }
  }
  await ensureCompiledBuild();
  work = await mkdtemp(join(tmpdir(), "signet-offline-"));
  // as root, the embedded PostgreSQL runs as the postgres user, who must reach its binaries and data
  await chmod(work, 0o755);
  bundle = join(work, "bundle");
  await promisify(execFile)(process.execPath, ["scripts/bundle-offline.mjs", "--out", bundle, "--skip-build"], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(join(bundle, "bin", "signet"), [], {
    cwd: work,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: work,
      // no network: anything that tried to download would find a closed port
      HTTP_PROXY: "http://127.0.0.1:9",
      HTTPS_PROXY: "http://127.0.0.1:9",
      npm_config_offline: "true",
      DATA_DIR: join(work, "data"),
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      EMBEDDED_PG_PORT: String(await freePort()),
      SIGNING_ROOM_LISTEN_PORT: "0",
      DEMO_PASSWORD,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  signet = {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
  };
  await waitReady(`${baseUrl}/ready`, signet, 90_000);
}, 180_000);

afterAll(async () => {
  await signet?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("the offline bundle", () => {
  it("holds the compiled apps, their production dependencies and start scripts, and no sources", () => {
    for (const file of ["bin/signet", "bin/signet-worker", "bin/signet-keys", "bin/signet-backup", "INSTALL.txt"]) {
      expect(existsSync(join(bundle, file)), file).toBe(true);
    }
    expect(existsSync(join(bundle, "api/dist/main.js"))).toBe(true);
    expect(existsSync(join(bundle, "api/worker/main.js"))).toBe(true);
    expect(existsSync(join(bundle, "web/dist/index.html"))).toBe(true);
    expect(existsSync(join(bundle, "api/node_modules/@signet/core/dist/index.js"))).toBe(true);
    expect(existsSync(join(bundle, "api/node_modules/@signet/core/src"))).toBe(false);
    expect(readdirSync(join(bundle, "api/dist")).filter((name) => name.endsWith(".ts"))).toEqual([]);
    // production dependencies only
    expect(existsSync(join(bundle, "api/node_modules/vitest"))).toBe(false);
    expect(existsSync(join(bundle, "api/node_modules/tsx"))).toBe(false);
  });

  it("starts from the bundle alone, with its embedded PostgreSQL, and signs the demo admin in", async () => {
    expect(signet!.output()).toContain("Database:            embedded PostgreSQL");
    const page = await fetch(`${baseUrl}/sign-in`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const admin = new HttpClient(baseUrl);
    expect((await admin.signIn("admin@demo.signet.local", DEMO_PASSWORD)).status).toBe(200);
  });
});
