import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSchemaDir } from "../db/migrations/default-paths.ts";
import { ENCRYPTED_COLUMNS } from "./reencrypt-field-values.ts";

/** Every `…Ciphertext` / `…Encrypted` String column of the Prisma schema, as model.field. */
function encryptedColumnsInSchema(): string[] {
  const found: string[] = [];
  for (const file of readdirSync(defaultSchemaDir()).filter((name) => name.endsWith(".prisma"))) {
    let model: string | null = null;
    for (const line of readFileSync(join(defaultSchemaDir(), file), "utf8").split("\n")) {
      const opened = /^model\s+(\w+)\s*\{/.exec(line);
      if (opened) model = opened[1]!;
      else if (line.startsWith("}")) model = null;
      const field = /^\s+(\w+(?:Ciphertext|Encrypted))\s+String\b/.exec(line);
      if (model && field) found.push(`${model}.${field[1]}`);
    }
  }
  return found.sort();
}

describe("the columns a field-key rotation re-encrypts", () => {
  it("are every encrypted column of the schema (a new one must join ENCRYPTED_COLUMNS)", () => {
    const listed = ENCRYPTED_COLUMNS.map(({ table, column }) => `${table}.${column}`).sort();
    expect(listed).toEqual(encryptedColumnsInSchema());
  });
});
