import { HEADERS, routes } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { buildRequest, needsCsrf } from "./build-request.ts";

const ORG = "11111111-1111-4111-8111-111111111111";

describe("buildRequest", () => {
  it("fills path params and sends the route's API version", () => {
    const r = buildRequest(routes.myPermissions, { params: { orgId: ORG } }, "csrf-1");
    expect(r.url).toBe(`/api/v1/organizations/${ORG}/users/me/permissions`);
    expect(r.method).toBe("GET");
    expect(r.headers[HEADERS.apiVersion]).toBe("v1");
    expect(r.headers[HEADERS.csrf]).toBeUndefined();
    expect(r.body).toBeUndefined();
  });

  it("form-encodes the token request and asks for cookie-style answers", () => {
    const r = buildRequest(
      routes.token,
      { body: { grant_type: "password", client_id: "signet-web", username: "a@b.c", password: "p&ss word" } },
      "csrf-1",
    );
    expect(r.url).toBe("/cas/oauth/token");
    expect(r.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(r.headers[HEADERS.responseFormat]).toBe("cookie");
    expect(r.headers[HEADERS.csrf]).toBe("csrf-1");
    expect(new URLSearchParams(r.body).get("password")).toBe("p&ss word");
    expect(new URLSearchParams(r.body).get("grant_type")).toBe("password");
  });

  it.each([
    ["keepAlive", "PUT", "csrf-9", "csrf-9"],
    ["logout", "DELETE", "csrf-9", "csrf-9"],
    ["publicConfig", "GET", "csrf-9", undefined],
    ["keepAlive", "PUT", null, undefined],
  ] as const)("%s (%s) anti-forgery header", (id, method, token, expected) => {
    const r = buildRequest(routes[id], {}, token);
    expect(r.method).toBe(method);
    expect(r.headers[HEADERS.csrf]).toBe(expected);
  });

  it("JSON-encodes bodies and appends the query", () => {
    const r = buildRequest(
      routes.lookupPasswordReset,
      { params: { id: ORG }, query: { token: "t".repeat(20) }, body: undefined },
      null,
    );
    expect(r.url).toBe(`/api/v1/password-reset-requests/${ORG}?token=${"t".repeat(20)}`);
    const c = buildRequest(routes.changePassword, { body: { currentPassword: "a", newPassword: "b" } }, "x");
    expect(c.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(c.body!)).toEqual({ currentPassword: "a", newPassword: "b" });
  });
});

describe("needsCsrf", () => {
  it.each([
    ["POST", "/api/v1/x", true],
    ["put", "/api/v1/x", true],
    ["DELETE", "/cas/x", true],
    ["GET", "/api/v1/x", false],
    ["HEAD", "/api/v1/x", false],
    ["POST", "https://other.example/x", false],
    ["POST", "//other.example/x", false],
  ])("%s %s → %s", (method, url, expected) => {
    expect(needsCsrf(method, url)).toBe(expected);
  });
});
