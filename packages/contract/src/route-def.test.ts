import { describe, expect, it } from "vitest";
import { queryString, routeRequestPath } from "./route-def.ts";

describe("queryString", () => {
  it.each([
    [undefined, ""],
    [{}, ""],
    [{ a: 1, b: undefined, c: null }, "?a=1"],
    [{ tag: ["x", "y"], page: 2 }, "?tag=x&tag=y&page=2"],
    [{ q: "a b&c" }, "?q=a+b%26c"],
    [{ at: new Date("2026-11-29T00:00:00Z") }, "?at=2026-11-29T00%3A00%3A00.000Z"],
  ])("%j → %s", (query, expected) => {
    expect(queryString(query as Record<string, unknown> | undefined)).toBe(expected);
  });
});

describe("routeRequestPath", () => {
  it("fills the path's parameters, encoded, and appends the query", () => {
    const route = { base: "api", version: 2, path: "/organizations/:orgId/packages" } as const;
    expect(routeRequestPath(route, { params: { orgId: "a/b" }, query: { page: 3 } })).toBe(
      "/api/v2/organizations/a%2Fb/packages?page=3",
    );
  });
  it("refuses a missing parameter rather than calling a wrong URL", () => {
    expect(() => routeRequestPath({ path: "/x/:id" } as never, {})).toThrow("Missing path parameter id");
  });
});
