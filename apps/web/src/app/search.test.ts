import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { extend, isoDate, returnUrlSearch, searchSchema, someOf, text, uuid, wholeNumber } from "./search.ts";

describe("search params", () => {
  it.each([
    "2024-02-29",
    "2023-02-29",
    "2024-13-01",
    "2024-04-31",
    "2024-04-30",
    "1900-02-29",
    "2000-02-29",
    " 2024-01-01",
    "2024-1-01",
    "",
  ])("reads the day %j as zod's z.iso.date() did", (day) => {
    expect(isoDate()(day) !== undefined).toBe(z.iso.date().safeParse(day).success);
  });

  it.each([
    "123e4567-e89b-12d3-a456-426614174000",
    "123E4567-E89B-12D3-A456-426614174000",
    "123e4567-e89b-92d3-a456-426614174000",
    "123e4567-e89b-12d3-c456-426614174000",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "123e4567e89b12d3a456426614174000",
  ])("reads the id %j as zod's z.uuid() did", (id) => {
    expect(uuid()(id) !== undefined).toBe(z.uuid().safeParse(id).success);
  });

  it("drops what is missing or malformed and keeps the rest", () => {
    const schema = extend(returnUrlSearch, { page: wholeNumber(1), name: text({ trim: true, min: 1, max: 5 }) });
    expect(schema.read({ returnUrl: "/x", page: "2", name: " ab ", other: 1 })).toStrictEqual({
      returnUrl: "/x",
      page: 2,
      name: "ab",
    });
    expect(schema.read({ returnUrl: 7, page: "0", name: "   " })).toStrictEqual({});
    expect(schema.read({ page: 2.5, name: "abcdef" })).toStrictEqual({});
  });

  it("reads a list as an array or comma-separated, unknown words and repeats dropped", () => {
    const schema = searchSchema({ status: someOf(["A", "B"]) });
    expect(schema.read({ status: "B,X,B,A" })).toEqual({ status: ["B", "A"] });
    expect(schema.read({ status: ["A", "A"] })).toEqual({ status: ["A"] });
    expect(schema.read({ status: ["A", 1] })).toEqual({});
  });

  it("bounds whole numbers on both sides", () => {
    const step = wholeNumber(1, 4);
    expect([step(1), step("4"), step(5), step(0), step(undefined), step("x")]).toEqual([
      1,
      4,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
