import { z } from "zod";
import { ID } from "./ids.ts";
import { versionQuerySchema } from "./paging.ts";
import { recordCreatedAt, recordUpdatedAt, recordVersion } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// API users and API clients (issue 12 §1; spec §1 "API users and an API client for programmatic
// access", §7 api-users, api-client with client-secret and grant-types). An API user is a member of
// one organization that holds roles through groups like a person and signs in only through its
// clients' OAuth 2.0 client credentials (RFC 6749 §4.4) at the token endpoint.

export const API_CLIENT_GRANT_TYPES = ["client_credentials"] as const;
export type ApiClientGrantType = (typeof API_CLIENT_GRANT_TYPES)[number];

/** Two active secrets let an integrator deploy a new secret before revoking the old one. */
export const API_CLIENT_MAX_ACTIVE_SECRETS = 2;
/** The only scope a client-credentials token carries: the API user's own permissions. */
export const API_CLIENT_SCOPE = "api";
/** Shown in the audit trail for events written with a client-credentials token. */
export const API_CLIENT_ACTOR_ROLE = "api_client";

export const API_CLIENT_MESSAGES = {
  apiUserNotFound: "API user not found",
  apiClientNotFound: "API client not found",
  secretNotFound: "Client secret not found",
  tooManySecrets: "This client already has two active secrets. Revoke the one you are replacing before adding another.",
  expiryInPast: "The expiry must be in the future",
  invalidClient: "Client authentication failed",
  unauthorizedClient: "This client may not use this grant type",
  unsupportedGrantType: "The grant type is not supported",
  invalidScope: "The requested scope is not available",
  invalidRequest: "The token request is missing a parameter or repeats one",
} as const;

const name = z.string().trim().min(1).max(100);
const description = z.string().trim().max(500).describe("What the system is and who runs it (up to 500 characters)");
const USER_NAME = "The API user's name: the system that calls the API, shown in the audit trail (1–100 characters)";
const CLIENT_NAME = "The client's name, e.g. the deployment that uses it (1–100 characters)";
const grantTypes = z
  .array(z.enum(API_CLIENT_GRANT_TYPES))
  .max(API_CLIENT_GRANT_TYPES.length)
  .describe("Grant types the client may use at the token endpoint; empty blocks every grant");

export const apiUserSchema = z
  .object({
    id: z.uuid().describe("The API user's user id: the token's subject and the audit trail's actor"),
    organizationId: ID.organizationId,
    name: z.string().describe(USER_NAME),
    description: z.string().nullable().describe("What the system is and who runs it; null: none"),
    enabled: z.boolean().describe("False once deactivated: its tokens stop working at once"),
    groups: z
      .array(
        z.object({
          id: ID.groupId,
          name: z.string().describe("The group's name"),
          roles: z
            .array(z.object({ id: ID.roleId, name: z.string().describe("The role's name") }))
            .describe("The roles the API user holds in that group"),
        }),
      )
      .describe("The groups the API user belongs to, with its roles in each"),
    clientCount: z.number().int().describe("Number of its OAuth clients"),
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
    version: recordVersion,
  })
  .meta({ id: "ApiUser" });
export type ApiUser = z.infer<typeof apiUserSchema>;

export const apiUserListSchema = z
  .object({
    records: z.array(apiUserSchema).describe("The organization's API users"),
    count: z.number().int().describe("Total number of records"),
  })
  .meta({ id: "ApiUserList" });
export type ApiUserList = z.infer<typeof apiUserListSchema>;

export const createApiUserSchema = z
  .object({
    name: name.describe(USER_NAME),
    description: description.optional(),
    groupId: ID.groupId.optional().describe("Group to place the API user in (needs MANAGE_GROUPS and MANAGE_ROLES)"),
    roleIds: z.array(z.uuid()).max(50).default([]).describe("Roles of that group to grant"),
  })
  .meta({ id: "CreateApiUser" });
export type CreateApiUser = z.input<typeof createApiUserSchema>;

export const updateApiUserSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    name: name.optional().describe(USER_NAME),
    description: description.nullable().optional(),
    enabled: z.boolean().optional().describe("false deactivates the API user and revokes its tokens"),
  })
  .meta({ id: "UpdateApiUser" });
export type UpdateApiUser = z.input<typeof updateApiUserSchema>;

export const apiClientSecretSchema = z
  .object({
    id: z.uuid().describe("The client secret's id"),
    prefix: z.string().describe("First characters of the secret, to tell secrets apart"),
    createdAt: recordCreatedAt,
    expiresAt: z.string().nullable().describe("When the secret stops working (ISO 8601 time); null: until revoked"),
    lastUsedAt: z.string().nullable().describe("Last token request with this secret (to the minute)"),
    revokedAt: z.string().nullable().describe("When the secret was revoked (ISO 8601 time); null: not revoked"),
    active: z.boolean().describe("Neither revoked nor expired"),
  })
  .meta({ id: "ApiClientSecret" });
export type ApiClientSecret = z.infer<typeof apiClientSecretSchema>;

export const apiClientSchema = z
  .object({
    id: z.uuid().describe("The OAuth client's record id (not its client_id)"),
    organizationId: ID.organizationId,
    apiUserId: ID.apiUserId,
    clientId: z.string().describe("Sent as client_id to the token endpoint"),
    name: z.string().describe("The client's name"),
    grantTypes: z
      .array(z.enum(API_CLIENT_GRANT_TYPES))
      .describe("Grant types the client may use at the token endpoint: client_credentials; empty blocks every grant"),
    enabled: z.boolean().describe("The client may get tokens; false stops every token of the client"),
    secrets: z.array(apiClientSecretSchema).describe("Secrets by creation, newest first; values are never listed"),
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
    version: recordVersion,
  })
  .meta({ id: "ApiClient", description: "An OAuth 2.0 client of an API user: gets tokens with client credentials" });
export type ApiClient = z.infer<typeof apiClientSchema>;

export const apiClientListSchema = z.array(apiClientSchema).meta({ id: "ApiClientList" });

export const newApiClientSecretSchema = apiClientSecretSchema
  .extend({ value: z.string().describe("The secret itself: shown this once, never again") })
  .meta({ id: "NewApiClientSecret", description: "A client secret just made, with its value (shown this once)" });
export type NewApiClientSecret = z.infer<typeof newApiClientSecretSchema>;

export const apiClientWithSecretSchema = z
  .object({
    client: apiClientSchema,
    secret: newApiClientSecretSchema,
  })
  .meta({ id: "ApiClientWithSecret" });
export type ApiClientWithSecret = z.infer<typeof apiClientWithSecretSchema>;

const expiresAt = z.iso
  .datetime({ offset: true })
  .optional()
  .describe("When the secret stops working; none: until revoked");

export const createApiClientSchema = z
  .object({
    name: name.describe(CLIENT_NAME),
    grantTypes: grantTypes.default(["client_credentials"]),
    secretExpiresAt: expiresAt,
  })
  .meta({ id: "CreateApiClient" });
export type CreateApiClient = z.input<typeof createApiClientSchema>;

export const updateApiClientSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    name: name.optional().describe(CLIENT_NAME),
    grantTypes: grantTypes.optional(),
    enabled: z.boolean().optional().describe("false stops every token of the client at once"),
  })
  .meta({ id: "UpdateApiClient" });
export type UpdateApiClient = z.input<typeof updateApiClientSchema>;

export const addApiClientSecretSchema = z.object({ expiresAt }).meta({ id: "AddApiClientSecret" });
export type AddApiClientSecret = z.input<typeof addApiClientSecretSchema>;

/** RFC 6749 §5.2 error answer of the token endpoint for the client-credentials grant. */
export const oauthErrorSchema = z
  .object({
    error: z.enum([
      "invalid_request",
      "invalid_client",
      "unauthorized_client",
      "unsupported_grant_type",
      "invalid_scope",
    ]),
    error_description: z.string(),
  })
  .meta({ id: "OAuthError" });
export type OAuthErrorBody = z.infer<typeof oauthErrorSchema>;

const orgParams = z.object({ orgId: ID.orgId });
const apiUserParams = orgParams.extend({ apiUserId: ID.apiUserId });
const apiClientParams = apiUserParams.extend({ apiClientId: ID.apiClientId });
const secretParams = apiClientParams.extend({ secretId: ID.secretId });
const readers = ["VIEW_USERS_GROUPS_ROLES", "MANAGE_USERS"] as const;
const managers = ["MANAGE_USERS"] as const;
const common = { base: "api", version: 1, auth: "user", tags: ["api-clients"] } as const;

export const apiClientRoutes = {
  listApiUsers: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/api-users",
    permission: readers,
    summary: "The organization's API users",
    params: orgParams,
    response: apiUserListSchema,
    status: 200,
  }),
  createApiUser: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/api-users",
    permission: managers,
    summary: "Add an API user (no password; signs in through its API clients)",
    params: orgParams,
    body: createApiUserSchema,
    response: apiUserSchema,
    status: 201,
  }),
  getApiUser: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/api-users/:apiUserId",
    permission: readers,
    summary: "One API user",
    params: apiUserParams,
    response: apiUserSchema,
    status: 200,
  }),
  updateApiUser: define({
    ...common,
    method: "PATCH",
    path: "/organizations/:orgId/api-users/:apiUserId",
    permission: managers,
    summary: "Rename, describe, deactivate or reactivate an API user (with its version)",
    params: apiUserParams,
    body: updateApiUserSchema,
    response: apiUserSchema,
    status: 200,
  }),
  listApiClients: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/api-users/:apiUserId/api-clients",
    permission: readers,
    summary: "An API user's clients with their secrets' metadata (never the secrets)",
    params: apiUserParams,
    response: apiClientListSchema,
    status: 200,
  }),
  createApiClient: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/api-users/:apiUserId/api-clients",
    permission: managers,
    summary: "Add a client: the answer holds its client id and first secret, shown this once",
    params: apiUserParams,
    body: createApiClientSchema,
    response: apiClientWithSecretSchema,
    status: 201,
  }),
  getApiClient: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/api-users/:apiUserId/api-clients/:apiClientId",
    permission: readers,
    summary: "One API client",
    params: apiClientParams,
    response: apiClientSchema,
    status: 200,
  }),
  updateApiClient: define({
    ...common,
    method: "PATCH",
    path: "/organizations/:orgId/api-users/:apiUserId/api-clients/:apiClientId",
    permission: managers,
    summary: "Rename a client, change its grant types, enable or disable it (with its version)",
    params: apiClientParams,
    body: updateApiClientSchema,
    response: apiClientSchema,
    status: 200,
  }),
  deleteApiClient: define({
    ...common,
    method: "DELETE",
    path: "/organizations/:orgId/api-users/:apiUserId/api-clients/:apiClientId",
    permission: managers,
    summary: "Delete a client: its secrets and tokens stop working at once",
    params: apiClientParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  addApiClientSecret: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/api-users/:apiUserId/api-clients/:apiClientId/secrets",
    permission: managers,
    summary: "Add a second secret to rotate without downtime (at most two active); shown this once",
    params: apiClientParams,
    body: addApiClientSecretSchema,
    response: newApiClientSecretSchema,
    status: 201,
  }),
  revokeApiClientSecret: define({
    ...common,
    method: "DELETE",
    path: "/organizations/:orgId/api-users/:apiUserId/api-clients/:apiClientId/secrets/:secretId",
    permission: managers,
    summary: "Revoke a secret: it and the tokens issued with it stop working at once",
    params: secretParams,
    response: null,
    status: 204,
  }),
} as const satisfies Record<string, RouteDef>;
