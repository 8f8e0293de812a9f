import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inPoolTransaction } from "../../src/db/pool-query.ts";
import type { Db } from "../../src/db/prisma-client.ts";
import { createTestDatabase, type TestDatabase } from "../../src/testing/index.ts";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.$executeRawUnsafe("CREATE TABLE pool_transaction_probe (id int PRIMARY KEY, note text)");
});
afterAll(() => database?.drop());

const notes = async () =>
  (await db.$queryRawUnsafe<{ note: string }[]>("SELECT note FROM pool_transaction_probe ORDER BY id")).map(
    (row) => row.note,
  );
const insert = "INSERT INTO pool_transaction_probe (id, note) VALUES ($1, $2)";

describe("inPoolTransaction", () => {
  it("commits what its work wrote, and answers what the work answered", async () => {
    const answer = await inPoolTransaction(db, async (statements) => {
      await statements.execute(insert, [1, "kept"]);
      return statements.rows<{ note: string }>("SELECT note FROM pool_transaction_probe WHERE id = $1", [1]);
    });
    expect(answer).toEqual([{ note: "kept" }]);
    expect(await notes()).toEqual(["kept"]);
  });

  it("rolls everything back when the work fails, and the connection serves the next caller", async () => {
    await expect(
      inPoolTransaction(db, async (statements) => {
        await statements.execute(insert, [2, "rolled back"]);
        throw new Error("publish failed");
      }),
    ).rejects.toThrow("publish failed");
    expect(await notes()).toEqual(["kept"]);
    await inPoolTransaction(db, (statements) => statements.execute(insert, [3, "after"]));
    expect(await notes()).toEqual(["kept", "after"]);
  });

  it("is ended by PostgreSQL when its work hangs, and its writes are rolled back", async () => {
    await expect(
      inPoolTransaction(
        db,
        async (statements) => {
          await statements.execute(insert, [4, "hung"]);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        },
        200,
      ),
    ).rejects.toThrow();
    expect(await notes()).toEqual(["kept", "after"]);
    await inPoolTransaction(db, (statements) => statements.execute(insert, [5, "next"]));
    expect(await notes()).toEqual(["kept", "after", "next"]);
  });
});
