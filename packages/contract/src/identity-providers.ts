import { z } from "zod";
import { ID } from "./ids.ts";
import { ISSUER_URL_MESSAGES, outboundUrlShapeProblem } from "./outbound-url-rule.ts";
import { pageSchema, versionQuerySchema } from "./paging.ts";
import { recordCreatedAt, recordVersion } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// OIDC identity providers (issue 12 §2; spec §7 "OAuth providers, connection tests, default
// provider, enabled flag"). An organization's staff sign in through its provider with the
// authorization code flow (PKCE S256, state and nonce); the result is the same session as a
// password sign-in.

/** Path of the callback every provider redirects back to; register `<public URL><this>` at the provider. */
export const OIDC_CALLBACK_PATH = "/api/v1/oidc/callback";

export const IDENTITY_PROVIDER_MESSAGES = {
  notFound: "Identity provider not found",
  issuerNotHttps: ISSUER_URL_MESSAGES.https,
  jitNeedsGroup: "Choose the group that people created at sign-in join",
  jitGroupNotFound: "That group does not exist in this organization",
  jitRoleNotFound: "One of those roles does not exist in this organization",
  /** shown on the page the callback answers with */
  signInExpired: "This sign-in has expired or was already used. Start again from the sign-in page.",
  otherBrowser: "This sign-in was started in another browser. Start again from the sign-in page.",
  providerUnavailable: "This sign-in option is not available. Sign in another way or ask your administrator.",
  providerRefused: "The identity provider did not sign you in.",
  answerNotTrusted:
    "The identity provider's answer could not be verified, so you were not signed in. Try again; if it happens again, tell your administrator.",
  emailNotVerified:
    "Your identity provider did not confirm your email address, so you were not signed in. Ask your administrator.",
  emailMissing:
    "Your identity provider did not send an email address, so you were not signed in. Ask your administrator.",
  noAccount: "There is no account for you in this organization. Ask your administrator to invite you.",
  notEnabled: "Your account is not enabled in this organization. Ask your administrator.",
} as const;

/**
 * Why an issuer URL is not a URL the server could call, or null. Whether it must be https and
 * public is the installation's outbound policy, checked when it is saved (OUTBOUND_ALLOWED_HOSTS).
 */
export function issuerProblem(issuer: string): string | null {
  return outboundUrlShapeProblem(issuer, ISSUER_URL_MESSAGES);
}

const IDP_TEXT = {
  clientId: "The client id the organization registered at the identity provider",
  emailClaim: "The ID token claim holding the person's email address (default email)",
  givenNameClaim: "The ID token claim holding the given name (default given_name)",
  familyNameClaim: "The ID token claim holding the family name (default family_name)",
  enabled: "People may sign in through it",
  jitGroupId: "The group people created at first sign-in are put in; null: none",
  jitRoleIds: "The roles people created at first sign-in get in that group",
} as const;

export const identityProviderSchema = z
  .object({
    id: z.uuid().describe("The identity provider's id"),
    organizationId: ID.organizationId,
    name: z.string().describe('Shown on the sign-in button: "Sign in with <name>"'),
    issuer: z.string().describe("Issuer identifier; discovery is read from <issuer>/.well-known/openid-configuration"),
    clientId: z.string().describe(IDP_TEXT.clientId),
    clientSecretSet: z.boolean().describe("Whether a client secret is stored (the secret itself is never returned)"),
    scopes: z.string().describe("Space-separated scopes requested; openid is always included"),
    emailClaim: z.string().describe(IDP_TEXT.emailClaim),
    givenNameClaim: z.string().describe(IDP_TEXT.givenNameClaim),
    familyNameClaim: z.string().describe(IDP_TEXT.familyNameClaim),
    enabled: z.boolean().describe(IDP_TEXT.enabled),
    isDefault: z.boolean().describe("The provider the sign-in page goes straight to when asked for the default"),
    jitEnabled: z.boolean().describe("Create people the organization does not know yet when they first sign in"),
    jitGroupId: ID.jitGroupId.nullable().describe(IDP_TEXT.jitGroupId),
    jitRoleIds: z.array(z.uuid()).describe(IDP_TEXT.jitRoleIds),
    redirectUri: z.string().describe("The redirect URI to register at the identity provider"),
    version: recordVersion,
    createdAt: recordCreatedAt,
  })
  .meta({ id: "IdentityProvider" });
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

export const identityProviderListSchema = pageSchema(identityProviderSchema).meta({ id: "IdentityProviderList" });
export type IdentityProviderList = z.infer<typeof identityProviderListSchema>;

const name = z
  .string()
  .trim()
  .min(1, "Enter a name")
  .max(100)
  .describe('Shown on the sign-in button: "Sign in with <name>" (1–100 characters)');
const issuer = z
  .string()
  .trim()
  .min(1, "Enter the issuer")
  .max(500)
  .refine((value) => issuerProblem(value) === null, { error: (issue) => issuerProblem(String(issue.input)) ?? "" })
  .describe("Issuer identifier URL; discovery is read from <issuer>/.well-known/openid-configuration");
const clientId = z.string().trim().min(1, "Enter the client ID").max(500).describe(IDP_TEXT.clientId);
const clientSecret = z
  .string()
  .min(1, "Enter the client secret")
  .max(2000)
  .describe("The client secret from the identity provider; stored encrypted and never returned");
const claim = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_:.\-/]+$/, "A claim name has letters, digits and _ : . - / only");
const scopes = z
  .string()
  .trim()
  .max(500)
  .regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, "Separate scopes with single spaces")
  .describe("Space-separated scopes requested (default openid email profile); openid is always included");

const IDP_DEFAULT_TEXT = "The provider the sign-in page goes straight to when asked for the default";
const IDP_JIT_TEXT = "Create people the organization does not know yet when they first sign in";

export const createIdentityProviderSchema = z
  .object({
    name,
    issuer,
    clientId,
    clientSecret,
    scopes: scopes.default("openid email profile"),
    emailClaim: claim.default("email").describe(IDP_TEXT.emailClaim),
    givenNameClaim: claim.default("given_name").describe(IDP_TEXT.givenNameClaim),
    familyNameClaim: claim.default("family_name").describe(IDP_TEXT.familyNameClaim),
    enabled: z.boolean().default(true).describe(`${IDP_TEXT.enabled} (default true)`),
    isDefault: z.boolean().default(false).describe(IDP_DEFAULT_TEXT),
    jitEnabled: z.boolean().default(false).describe(IDP_JIT_TEXT),
    jitGroupId: ID.jitGroupId.nullish().describe(IDP_TEXT.jitGroupId),
    jitRoleIds: z.array(z.uuid()).max(50).default([]).describe(`${IDP_TEXT.jitRoleIds} (up to 50)`),
  })
  .meta({ id: "CreateIdentityProvider" });
export type CreateIdentityProvider = z.infer<typeof createIdentityProviderSchema>;

export const updateIdentityProviderSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    name: name.optional(),
    issuer: issuer.optional(),
    clientId: clientId.optional(),
    clientSecret: clientSecret.optional().describe("Only when replacing the stored secret"),
    scopes: scopes.optional(),
    emailClaim: claim.optional().describe(IDP_TEXT.emailClaim),
    givenNameClaim: claim.optional().describe(IDP_TEXT.givenNameClaim),
    familyNameClaim: claim.optional().describe(IDP_TEXT.familyNameClaim),
    enabled: z.boolean().optional().describe(IDP_TEXT.enabled),
    isDefault: z.boolean().optional().describe(IDP_DEFAULT_TEXT),
    jitEnabled: z.boolean().optional().describe(IDP_JIT_TEXT),
    jitGroupId: ID.jitGroupId.nullish().describe(IDP_TEXT.jitGroupId),
    jitRoleIds: z.array(z.uuid()).max(50).optional().describe(IDP_TEXT.jitRoleIds),
  })
  .meta({ id: "UpdateIdentityProvider" });
export type UpdateIdentityProvider = z.infer<typeof updateIdentityProviderSchema>;

export const connectionCheckSchema = z
  .object({
    name: z
      .enum(["discovery", "issuer", "endpoints", "jwks", "pkce", "client"])
      .describe(
        "The check: discovery (the configuration document is read), issuer (it names the same issuer), endpoints, jwks (the signing keys), pkce (S256 supported), client (the client id and secret are accepted)",
      ),
    ok: z.boolean().describe("The check passed"),
    message: z.string().describe("What was found, in plain words"),
  })
  .meta({ id: "IdentityProviderConnectionCheck" });

export const connectionTestResultSchema = z
  .object({
    ok: z.boolean().describe("Every check passed"),
    checks: z.array(connectionCheckSchema).describe("Each check, in the order they ran"),
  })
  .meta({ id: "IdentityProviderConnectionTest" });
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

export const signInProviderSchema = z
  .object({
    id: ID.providerId,
    name: z.string().describe('Shown on the sign-in button: "Sign in with <name>"'),
    isDefault: z.boolean().describe(IDP_DEFAULT_TEXT),
  })
  .meta({ id: "SignInProvider" });
export const signInProviderListSchema = z
  .object({
    records: z.array(signInProviderSchema).describe("The enabled identity providers people may sign in through"),
  })
  .meta({ id: "SignInProviderList" });
export type SignInProviderList = z.infer<typeof signInProviderListSchema>;

export const startOidcSignInQuerySchema = z.object({
  returnUrl: z.string().max(2000).optional().describe("Where to go after signing in (a path of this app)"),
});

export const oidcCallbackQuerySchema = z.object({
  state: z.string().max(500).optional().describe("The state Signet sent with the sign-in request (OpenID Connect)"),
  code: z.string().max(4000).optional().describe("The authorization code the identity provider issued"),
  iss: z.string().max(500).optional().describe("The issuer that answered (RFC 9207), checked against the provider's"),
  error: z.string().max(200).optional().describe("The identity provider's error code, when sign-in failed there"),
  error_description: z.string().max(1000).optional().describe("The identity provider's text for the error"),
});

const orgParams = z.object({ orgId: ID.orgId });
const providerParams = orgParams.extend({ providerId: ID.providerId });
const readers = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const admins = ["MANAGE_ADMIN_SETTINGS"] as const;
const common = { base: "api", version: 1, auth: "user", tags: ["identity-providers"] } as const;

export const identityProviderRoutes = {
  listIdentityProviders: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/oauth-providers",
    permission: readers,
    summary: "The organization's OpenID Connect identity providers (client secrets are never returned)",
    params: orgParams,
    response: identityProviderListSchema,
    status: 200,
  }),
  createIdentityProvider: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/oauth-providers",
    permission: admins,
    summary: "Add an identity provider",
    params: orgParams,
    body: createIdentityProviderSchema,
    response: identityProviderSchema,
    status: 201,
  }),
  getIdentityProvider: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/oauth-providers/:providerId",
    permission: readers,
    summary: "One identity provider",
    params: providerParams,
    response: identityProviderSchema,
    status: 200,
  }),
  updateIdentityProvider: define({
    ...common,
    method: "PATCH",
    path: "/organizations/:orgId/oauth-providers/:providerId",
    permission: admins,
    summary: "Change an identity provider (enable, disable, make default, replace the secret…)",
    params: providerParams,
    body: updateIdentityProviderSchema,
    response: identityProviderSchema,
    status: 200,
  }),
  deleteIdentityProvider: define({
    ...common,
    method: "DELETE",
    path: "/organizations/:orgId/oauth-providers/:providerId",
    permission: admins,
    summary: "Remove an identity provider",
    params: providerParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  testIdentityProvider: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/oauth-providers/:providerId/connection-tests",
    permission: admins,
    summary: "Connection test: fetches discovery and the signing keys and checks the client credentials",
    params: providerParams,
    response: connectionTestResultSchema,
    status: 200,
  }),
  listSignInProviders: define({
    base: "api",
    version: 1,
    auth: "none",
    tags: ["identity-providers"],
    method: "GET",
    path: "/organizations/:orgId/sign-in-providers",
    summary:
      "Public: the enabled identity providers the sign-in page offers for an organization (empty for an unknown organization)",
    params: orgParams,
    response: signInProviderListSchema,
    status: 200,
  }),
  startOidcSignIn: define({
    base: "api",
    version: 1,
    auth: "none",
    tags: ["identity-providers"],
    method: "GET",
    path: "/organizations/:orgId/oauth-providers/:providerId/sign-in",
    summary: "Public: starts a sign-in through the identity provider (redirects the browser to it)",
    params: providerParams,
    query: startOidcSignInQuerySchema,
    response: null,
    status: 302,
  }),
  oidcCallback: define({
    base: "api",
    version: 1,
    auth: "none",
    tags: ["identity-providers"],
    method: "GET",
    path: "/oidc/callback",
    summary:
      "Public: where identity providers send the browser back; signs in and redirects into the app, or answers a page saying why not",
    query: oidcCallbackQuerySchema,
    response: null,
    status: 303,
  }),
} as const satisfies Record<string, RouteDef>;
