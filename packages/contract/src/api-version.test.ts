import { describe, expect, it } from "vitest";
import { defaultApiVersion, parseApiVersionHeader } from "./api-version.ts";

describe("defaultApiVersion", () => {
  it.each([
    ["/organizations/o/users/me/permissions", 1],
    ["/organizations/o/packages", 9],
    ["/organizations/o/packages/p/audit", 9],
    ["/organizations/o/packages/p/participants", 5],
    ["/organizations/o/packages/p/documents/d", 4],
    ["/organizations/o/packages/p/documents/d/tags?x=1", 6],
    ["/active-tokens/me", 1],
  ])("%s → v%i", (path, version) => {
    expect(defaultApiVersion(path)).toBe(version);
  });
});

describe("parseApiVersionHeader", () => {
  it.each([
    ["v1", 1],
    ["V9", 9],
    ["4", 4],
    [" v6 ", 6],
    ["", null],
    [undefined, null],
    ["latest", null],
    ["v1.2", null],
  ])("%j → %j", (value, expected) => {
    expect(parseApiVersionHeader(value)).toBe(expected);
  });
});
