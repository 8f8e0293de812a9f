import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createTestDatabase, type TestDatabase, testRedisPrefix, testRedisUrl } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CompiledProcess,
  ensureCompiledBuild,
  freePort,
  REPO_ROOT,
  runCompiled,
  waitReady,
} from "./support/compiled-build.ts";
import { HttpClient } from "./support/http-client.ts";
import { deleteRedisKeys } from "./support/redis-keys.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { TEST_AUTH_SECRET } from "./support/test-app.ts";

// Issue 18 §1: `pnpm build` compiles the server to JavaScript, and the compiled API and worker run
// on plain node (no TypeScript loader), sharing PostgreSQL and Redis: a sign-in, the API document,
// and an email that goes API → outbox → Redis → compiled worker → SMTP.

const root = REPO_ROOT;
const DEMO_PASSWORD = "Compiled-Demo-2026";
const redisUrl = testRedisUrl();
const prefix = testRedisPrefix();

describe("the compiled API and worker", () => {
  let database: TestDatabase;
  let smtp: SmtpCapture;
  let dataDir: string;
  let api: CompiledProcess;
  let worker: CompiledProcess;
  let baseUrl: string;

  beforeAll(async () => {
    await ensureCompiledBuild();
    [database, smtp, dataDir] = await Promise.all([
      createTestDatabase(),
      startSmtpCapture(),
      mkdtemp(join(tmpdir(), "signet-compiled-")),
    ]);
    await database.db.$disconnect();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      SMTP_URL: smtp.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
    };
    api = runCompiled("apps/api/dist/main.js", {
      ...env,
      PORT: String(port),
      SIGNING_ROOM_LISTEN_PORT: "0",
      SEED_DEMO: "true",
      DEMO_PASSWORD,
    });
    worker = runCompiled("apps/worker/dist/main.js", env);
    await waitReady(`${baseUrl}/ready`, api);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await Promise.all([smtp?.close(), database?.drop(), dataDir && rm(dataDir, { recursive: true, force: true })]);
    await deleteRedisKeys(redisUrl, prefix);
  });

  it("is built: one JavaScript module per package, with source maps and the migrations", () => {
    for (const file of [
      "packages/contract/dist/index.js",
      "packages/core/dist/index.js",
      "packages/core/dist/index.js.map",
      "apps/api/dist/main.js",
      "apps/worker/dist/main.js",
    ]) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
    expect(existsSync(join(root, "packages/core/dist/migrations/migration_lock.toml"))).toBe(true);
  });

  it("reads its font and migrations from the compiled package", async () => {
    const core = (await import(pathToFileURL(join(root, "packages/core/dist/index.js")).href)) as {
      unicodeFontBytes(): Promise<Uint8Array>;
      defaultMigrationsDir(): string;
    };
    expect((await core.unicodeFontBytes()).byteLength).toBeGreaterThan(1_000_000);
    expect(core.defaultMigrationsDir()).toBe(join(root, "packages/core/dist/migrations"));
  });

  it("signs in and serves the API document", async () => {
    const admin = new HttpClient(baseUrl);
    const signIn = await admin.signIn("admin@demo.signet.local", DEMO_PASSWORD);
    expect(signIn.status, api.output()).toBe(200);
    const document = await admin.get<{ openapi: string; paths: Record<string, unknown> }>("/api/docs/json");
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths).length).toBeGreaterThan(100);
  });

  it("hands a job to the compiled worker through Redis, which sends the email", async () => {
    const reply = await new HttpClient(baseUrl).request("POST", "/api/v1/password-reset-requests", {
      json: { email: "member@demo.signet.local" },
    });
    expect(reply.status).toBe(202);
    const mail = await smtp.waitFor((message) => message.envelopeTo.includes("member@demo.signet.local"));
    expect(mail.parsed.subject).toBe("Reset your Signet password");
    expect(worker.child.exitCode, worker.output()).toBeNull();
  });
});
