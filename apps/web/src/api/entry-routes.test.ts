import { errorBodyFields, errorBodySchema, sessionRoutes, WEB_CLIENT_ID } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { PASS_THROUGH_KEYS, routeKey } from "./client.ts";
import { entryRoutes } from "./entry-routes.ts";
import type { StandardSchema } from "./standard-schema.ts";

const config = {
  supportPhone: "1-800-555-0100",
  supportEmail: "support@example.com",
  privacyUrl: "https://example.com/privacy",
  documentationUrl: "https://example.com/docs",
  idleTimeoutSeconds: 900,
  countdownSeconds: 120,
  payloadCookie: "signet_payload",
  csrfCookie: "XSRF-TOKEN",
  devMailbox: false,
  signingRoomUrl: "http://127.0.0.1:8017",
  maxUploadBytes: 52_428_800,
};
const signIn = { grant_type: "password", client_id: WEB_CLIENT_ID, username: "ana@example.com", password: "secret" };
const token = { access_token: "a.b.c", token_type: "cookie", expires_in: 900, partial: false };
const active = { expiresAt: "2030-01-01T00:00:00Z", idleExpiresAt: "2030-01-01T00:15:00Z", idleTimeoutSeconds: 900 };

/** Values each schema must judge as the contract's does: valid ones, near misses, and junk. */
const cases = {
  publicConfig: [
    config,
    { ...config, extra: 1 },
    { ...config, idleTimeoutSeconds: 1.5 },
    { ...config, maxUploadBytes: "52428800" },
    { ...config, devMailbox: "false" },
    { ...config, supportPhone: undefined },
    { ...config, countdownSeconds: Number.MAX_SAFE_INTEGER + 2 },
    null,
    [],
    "config",
  ],
  token: [
    token,
    { ...token, access_token: undefined, token_type: "bearer", scope: "read" },
    { ...token, token_type: "mfa_challenge", mfa_token: "m", mfa_methods: ["totp", "sms", "recovery_code"] },
    { ...token, mfa_methods: ["email"] },
    { ...token, token_type: "jwt" },
    { ...token, expires_in: 1.5 },
    { ...token, partial: "no" },
    { ...token, access_token: 1 },
    {},
    undefined,
  ],
  keepAlive: [active, { ...active, idleTimeoutSeconds: "900" }, { ...active, expiresAt: null }, {}, 42],
} as const;

const requests = [
  signIn,
  { ...signIn, username: "" },
  { ...signIn, username: "a".repeat(254) },
  { ...signIn, username: "a".repeat(255) },
  { ...signIn, password: "" },
  { ...signIn, password: "p".repeat(256) },
  { ...signIn, password: "p".repeat(257) },
  { ...signIn, client_id: "other" },
  { ...signIn, grant_type: "client_credentials" },
  { ...signIn, username: 7 },
];

/** What a schema answers: the output, or that it refused (answers' texts are never shown). */
async function verdict(schema: StandardSchema, value: unknown) {
  const result = await schema["~standard"].validate(value);
  return result.issues ? "refused" : { data: result.value };
}

/** The same with its issues' paths and texts (zod's, on both sides). */
async function verdictWithIssues(schema: StandardSchema, value: unknown) {
  const result = await schema["~standard"].validate(value);
  return result.issues
    ? {
        issues: result.issues.map((issue) => ({
          path: (issue as { path?: unknown }).path,
          message: (issue as { message: string }).message,
        })),
      }
    : { data: result.value };
}

describe("the entry's routes", () => {
  it.each(Object.keys(entryRoutes) as (keyof typeof entryRoutes)[])(
    "%s has its contract route's method and path",
    (name) => {
      const { method, base, path } = sessionRoutes[name];
      const version = "version" in sessionRoutes[name] ? sessionRoutes[name].version : undefined;
      expect({ ...entryRoutes[name], body: undefined, response: undefined, bodyType: undefined }).toEqual({
        method,
        base,
        path,
        ...(version === undefined ? {} : { version }),
        body: undefined,
        response: undefined,
        bodyType: undefined,
      });
      expect(entryRoutes[name].response === null).toBe(sessionRoutes[name].response === null);
    },
  );

  it.each(
    (Object.keys(cases) as (keyof typeof cases)[]).flatMap((name) =>
      cases[name].map((value) => [name, value] as const),
    ),
  )("%s's answer check judges %j as the contract's does", async (name, value) => {
    const contract = sessionRoutes[name].response;
    const entry: StandardSchema = entryRoutes[name].response;
    expect(await verdict(entry, value)).toEqual(await verdict(contract, value));
  });

  it.each(requests)("the sign-in body check judges %j as the contract's does", async (value) => {
    expect(entryRoutes.token.bodyType).toBe(sessionRoutes.token.bodyType);
    // the contract's body is a union with the client-credentials grant: its password branch is the one to match
    const contract = sessionRoutes.token.body.options[0];
    expect(await verdictWithIssues(entryRoutes.token.body, value)).toEqual(await verdictWithIssues(contract, value));
  });

  it.each([
    { code: "NOT_FOUND", message: "Not found", status: 404, traceId: "t" },
    { code: "BAD_REQUEST", message: "Bad", status: 400, traceId: "t", details: [{ path: "email", message: "Enter" }] },
    { code: "BAD_REQUEST", message: "Bad", status: 400, traceId: "t", details: [{ path: 1, message: "Enter" }] },
    { code: "X", message: "m", status: 400.5, traceId: "t" },
    { code: "X", message: "m", status: 400 },
    { error: "invalid_grant" },
    "<html>",
    null,
  ])("the error body check judges %j as the contract's does", async (value) => {
    // the one reader of error bodies (ApiError and the SDK both use it) agrees with the schema on what is complete
    const contract = await verdict(errorBodySchema, value);
    const fields = errorBodyFields(value);
    const read = fields.complete
      ? {
          code: fields.code,
          message: fields.message,
          status: fields.status,
          traceId: fields.traceId,
          ...(fields.details ? { details: fields.details } : {}),
        }
      : "refused";
    expect(read).toEqual(contract === "refused" ? contract : contract.data);
  });

  it("passes the errors of the contract's form routes through to the caller", () => {
    const { token, multiOrgLogin, logout, changePassword, requestPasswordReset, lookupPasswordReset, createPassword } =
      sessionRoutes;
    const routes = [
      token,
      multiOrgLogin,
      logout,
      changePassword,
      requestPasswordReset,
      lookupPasswordReset,
      createPassword,
    ];
    expect(new Set(routes.map(routeKey))).toEqual(PASS_THROUGH_KEYS);
  });
});
