import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type StartedServer, startServer } from "@signet/api";
import type { DemoCredentials } from "@signet/core";
import { createTestDatabase, type TestDatabase } from "@signet/core/testing";

export const DEMO_PASSWORD = "Demo-Password-2026";
const WEB_DIST = fileURLToPath(new URL("../../apps/web/dist", import.meta.url));

export interface TestApp {
  url: string;
  server: StartedServer;
  database: TestDatabase;
  demo: DemoCredentials;
  /** the demo user's email by role */
  users: { support: string; admin: string; member: string };
  close(): Promise<void>;
}

/**
 * The whole product (API + built web app) on a random port, against a fresh test database with the
 * demo seeded. Journeys run against the built app: `pnpm build:web` first.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  if (!existsSync(join(WEB_DIST, "index.html"))) {
    throw new Error(`No built web app in ${WEB_DIST}: run \`pnpm build:web\` before the e2e journeys`);
  }
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), "signet-e2e-data-"));
  let server: StartedServer;
  try {
    server = await startServer(
      {
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: "0",
        SIGNING_ROOM_LISTEN_PORT: "0",
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        WEB_DIST,
        AUTH_SECRET: randomBytes(32).toString("hex"),
        SEED_DEMO: "true",
        // journeys that need an eVault start their own reference eVault process
        EMBEDDED_EVAULT: "false",
        // journeys that proof A/V signers spawn the reference identity-proofing provider
        EMBEDDED_IDPROOF: "false",
        // journeys that mail print sets spawn the reference print vendor
        EMBEDDED_PRINT_VENDOR: "false",
        DEMO_PASSWORD,
        LOG_LEVEL: "silent",
        ...env,
      },
      { logLevel: "silent" },
    );
  } catch (error) {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const demo = server.demo;
  if (!demo) throw new Error("The demo seed did not run");
  const email = (prefix: string) => demo.users.find((u) => u.email.startsWith(prefix))!.email;
  return {
    url: server.url,
    server,
    database,
    demo,
    users: { support: email("support@"), admin: email("admin@"), member: email("member@") },
    async close() {
      await server.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
