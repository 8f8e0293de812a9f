import { z } from "zod";
import { UI } from "./constants.ts";

/** Query of every paged list: 1-based page, page size (spec §9: 10), sort field and direction. */
export function pageQuerySchema<const S extends readonly [string, ...string[]]>(sortFields: S, defaultSort: S[number]) {
  return z.object({
    pageNumber: z.coerce.number().int().min(1).default(1).describe("1-based page number"),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(UI.pageSize)
      .describe(`Records per page, 1 to 100 (default ${UI.pageSize})`),
    sortBy: z
      .enum(sortFields)
      .default(defaultSort as never)
      .describe(`The field the records are sorted by (default ${defaultSort})`),
    sortDirection: z
      .enum(["asc", "desc"])
      .default("asc")
      .describe("asc: smallest or earliest first; desc: largest or latest first"),
  });
}

/** A page of a list: spec §3 'records and count' (count is the total over all pages). */
export function pageSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record).describe("The records of the page asked for, in the order asked for"),
    count: z.number().int().describe("Total number of records over all pages"),
  });
}

export const versionQuerySchema = z.object({
  version: z.coerce.number().int().min(1).describe("Version the client last read (optimistic locking)"),
});

/** Spec §5: duplicate names answer 'This {thing} already exists'. */
export function alreadyExistsMessage(thing: string): string {
  return `This ${thing} already exists`;
}
