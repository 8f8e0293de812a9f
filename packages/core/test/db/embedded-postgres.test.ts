import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../src/db/embedded-postgres.ts";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function selectOne(databaseUrl: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query("SELECT 1 AS one, current_database() AS db")).rows[0];
  } finally {
    await client.end();
  }
}

describe("startEmbeddedPostgres", () => {
  let dataDir: string | undefined;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("starts, answers, stops, and starts again on the same data", { timeout: 90_000 }, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "signet-embedded-"));
    const port = await freePort();

    const first = await startEmbeddedPostgres({ dataDir, port });
    try {
      expect(first.databaseUrl).toBe(`postgresql://postgres:postgres@127.0.0.1:${port}/signet`);
      expect(await selectOne(first.databaseUrl)).toEqual({ one: 1, db: "signet" });
      const client = new pg.Client({ connectionString: first.databaseUrl });
      await client.connect();
      await client.query("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
      await client.end();
    } finally {
      await first.stop();
    }

    const started = performance.now();
    const second = await startEmbeddedPostgres({ dataDir, port });
    try {
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(await selectOne(second.databaseUrl)).toEqual({ one: 1, db: "signet" });
      const client = new pg.Client({ connectionString: second.databaseUrl });
      await client.connect();
      expect((await client.query("SELECT v FROM kept")).rows).toEqual([{ v: "still here" }]);
      await client.end();
    } finally {
      await second.stop();
    }
  });
});
