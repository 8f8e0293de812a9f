import { createHash } from "node:crypto";
import { createPrismaClient } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { type SignablePackage, sendPackage, signablePackage } from "./support/signing-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 29 §5: sending reads and hashes every document from storage; that I/O (seconds for large
// files on object storage) must not run while a transaction holds the package's row. The real
// storage is watched as it is read: at each read, another connection must be able to lock the row.

let app: TestApp;
let s: SignablePackage;

beforeAll(async () => {
  app = await startTestApp({ ...ACCESS_TEST_ENV });
  s = await signablePackage(app, app.server.db, {
    signers: [{ givenName: "Ada", email: "ada@example.com", accessMethod: "EMAIL" }],
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("sending a package", () => {
  it("reads its documents from storage with no transaction holding the package, and records their hashes", async () => {
    const probe = createPrismaClient(app.server.config.DATABASE_URL!, { max: 1 });
    const storage = app.server.deps.storage;
    const realGet = storage.get.bind(storage);
    const heldDuringRead: boolean[] = [];
    storage.get = async (key: string) => {
      try {
        await probe.$transaction(
          (tx) => tx.$queryRaw`SELECT 1 FROM "Package" WHERE id = ${s.pkg.id}::uuid FOR UPDATE NOWAIT`,
        );
        heldDuringRead.push(false);
      } catch (error) {
        // 55P03 lock_not_available: a transaction holds the row
        if (!String((error as Error).message).includes("55P03") && !/could not obtain lock/.test(String(error)))
          throw error;
        heldDuringRead.push(true);
      }
      return realGet(key);
    };
    try {
      await sendPackage(s, app.server.db);
    } finally {
      storage.get = realGet;
      await probe.$disconnect();
    }
    expect(heldDuringRead.length).toBeGreaterThan(0);
    expect(heldDuringRead, "a transaction held the package row while storage was read").not.toContain(true);
    const document = await app.server.db.document.findUniqueOrThrow({ where: { id: s.document.id } });
    const stored = await storage.get(document.blobKey);
    const hash = createHash("sha256");
    for await (const chunk of stored as AsyncIterable<Buffer>) hash.update(chunk);
    expect(document.sha256AtSend).toBe(hash.digest("hex"));
  });
});
