import { createTestDatabase } from "@signet/core/testing";
import { type StartedServer, startServer } from "../../src/start-server.ts";

export const TEST_AUTH_SECRET = "test-secret-that-is-long-enough-for-hs256-0123456789";

export interface TestApp {
  server: StartedServer;
  url: string;
  close(): Promise<void>;
}

/** The real API on a random port, on this test file's own database cloned from the migrated template. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await database.db.$disconnect();
  const server = await startServer(
    {
      DATABASE_URL: database.url,
      PORT: "0",
      SIGNING_ROOM_LISTEN_PORT: "0",
      AUTH_SECRET: TEST_AUTH_SECRET,
      SEED_DEMO: "false",
      WEB_DIST: "/nonexistent",
      ...env,
    },
    { logLevel: process.env.TEST_LOG_LEVEL ?? "silent" },
  );
  return {
    server,
    url: server.url,
    async close() {
      await server.close();
      await database.drop();
    },
  };
}

/**
 * A second API process on the test app's database, as another replica would be (no signing room
 * listener); `env` adds to or overrides its configuration (the same DATA_DIR, a lower limit, …).
 */
export function startReplica(app: TestApp, env: Record<string, string> = {}): Promise<StartedServer> {
  return startServer(
    {
      DATABASE_URL: app.server.config.DATABASE_URL!,
      PORT: "0",
      SIGNING_ROOM_LISTEN_PORT: "-1",
      AUTH_SECRET: TEST_AUTH_SECRET,
      SEED_DEMO: "false",
      WEB_DIST: "/nonexistent",
      ...env,
    },
    { logLevel: "silent" },
  );
}
