import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testRedisPrefix } from "../../src/testing/index.ts";

describe("createTestDatabase", () => {
  let a: TestDatabase;
  let b: TestDatabase;

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });

  afterAll(async () => {
    await Promise.all([a?.drop(), b?.drop()]);
  });

  it("clones a fully migrated database", async () => {
    expect(a.url).not.toBe(b.url);
    expect(await a.db.user.count()).toBe(0);
    const migrations = await a.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM _prisma_migrations`;
    expect(Number(migrations[0]?.n)).toBeGreaterThan(0);
  });

  it("keeps each database isolated", async () => {
    await a.db.organization.create({ data: { name: "Acme", nameKey: "acme" } });
    expect(await a.db.organization.count()).toBe(1);
    expect(await b.db.organization.count()).toBe(0);
  });

  it('reads "char" catalog columns through Prisma', async () => {
    const rows = await a.db.$queryRaw<{ relkind: string }[]>`SELECT relkind FROM pg_class WHERE relname = 'User'`;
    expect(rows).toEqual([{ relkind: "r" }]);
  });

  it("drops the database, even with connections open", async () => {
    const c = await createTestDatabase();
    await c.db.user.count();
    await c.drop();
    await expect(c.db.user.count()).rejects.toThrow();
  });

  it("gives this test file one Redis prefix of its own", () => {
    expect(testRedisPrefix()).toMatch(/^signet:test:[0-9a-z]+_[0-9a-f]{8}:$/);
    expect(testRedisPrefix()).toBe(testRedisPrefix());
  });
});
