import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSchemaDir } from "../db/migrations/default-paths.ts";
import { BLOB_COLUMNS } from "./blob-references.ts";

describe("the rows that point at stored files", () => {
  it("are every blobKey column of the schema (a new one must join BLOB_COLUMNS)", () => {
    const inSchema: string[] = [];
    for (const file of readdirSync(defaultSchemaDir()).filter((name) => name.endsWith(".prisma"))) {
      let model: string | null = null;
      for (const line of readFileSync(join(defaultSchemaDir(), file), "utf8").split("\n")) {
        const opened = /^model\s+(\w+)\s*\{/.exec(line);
        if (opened) model = opened[1]!;
        else if (line.startsWith("}")) model = null;
        const field = /^\s+(\w*[bB]lobKey)\s+String\b/.exec(line);
        if (model && field) inSchema.push(`${model}.${field[1]}`);
      }
    }
    expect(BLOB_COLUMNS.map(({ table, column }) => `${table}.${column}`).sort()).toEqual(inSchema.sort());
  });
});
