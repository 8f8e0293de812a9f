import { randomUUID } from "node:crypto";
import { API_CLIENT_MESSAGES, API_CLIENT_SCOPE, type OAuthErrorBody } from "@signet/contract";
import type { RequestOrigin } from "../actor.ts";
import type { IssuedToken } from "../auth/issue-token.ts";
import type { CoreDeps } from "../core-deps.ts";
import { hashClientSecret, secretIsActive } from "./client-secret.ts";

/** A token-endpoint failure in RFC 6749 §5.2 terms (the endpoint answers it as OAuth error JSON). */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorBody["error"],
    readonly status: 400 | 401,
    description: string,
  ) {
    super(description);
    this.name = "OAuthError";
  }
}

const invalidClient = () => new OAuthError("invalid_client", 401, API_CLIENT_MESSAGES.invalidClient);

// lastUsedAt is for people deciding whether a secret is still in use: minute precision is plenty,
// and skipping the write most of the time keeps the token endpoint a read.
const LAST_USED_STEP_MS = 60_000;

/**
 * OAuth 2.0 client credentials: the client's secret buys a short-lived bearer token for its API
 * user in the API user's organization. Every reason the client cannot authenticate (unknown id,
 * wrong, revoked or expired secret, disabled client, deactivated API user) answers the same
 * invalid_client, so the answer tells an attacker nothing about which part was wrong.
 */
export async function issueClientCredentialsToken(
  origin: RequestOrigin,
  input: { clientId: string; clientSecret: string; scope?: string | undefined },
  deps: CoreDeps,
): Promise<IssuedToken> {
  const { db, config, tokens } = deps;
  const client = await db.apiClient.findUnique({
    where: { clientId: input.clientId },
    include: {
      apiUser: {
        include: {
          user: {
            select: {
              id: true,
              memberships: {
                select: {
                  organizationId: true,
                  enabled: true,
                  organization: { select: { name: true, enabled: true } },
                },
              },
            },
          },
        },
      },
    },
  });
  if (!client) throw invalidClient();
  const secret = await db.apiClientSecret.findFirst({
    where: { apiClientId: client.id, secretHash: hashClientSecret(input.clientSecret) },
  });
  const organizationId = client.organizationId;
  const membership = client.apiUser.user.memberships.find((m) => m.organizationId === organizationId);
  if (
    !secret ||
    !secretIsActive(secret) ||
    !client.enabled ||
    !membership?.enabled ||
    !membership.organization.enabled
  ) {
    throw invalidClient();
  }
  if (!client.grantTypes.includes("client_credentials")) {
    throw new OAuthError("unauthorized_client", 400, API_CLIENT_MESSAGES.unauthorizedClient);
  }
  const requested = input.scope?.split(" ").filter(Boolean) ?? [];
  if (requested.some((scope) => scope !== API_CLIENT_SCOPE)) {
    throw new OAuthError("invalid_scope", 400, API_CLIENT_MESSAGES.invalidScope);
  }

  const now = Date.now();
  const userId = client.apiUserId;
  const roles = await db.role.findMany({
    where: { organizationId, memberRoles: { some: { userId } } },
    select: { name: true },
    distinct: ["id"],
  });
  const lifetime = config.API_CLIENT_TOKEN_LIFETIME_SECONDS;
  const jti = randomUUID();
  await db.activeToken.create({
    data: {
      id: jti,
      userId,
      organizationId,
      expiresAt: new Date(now + lifetime * 1000),
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 500) ?? null,
    },
  });
  await db.apiClientSecret.updateMany({
    where: {
      id: secret.id,
      OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - LAST_USED_STEP_MS) } }],
    },
    data: { lastUsedAt: new Date(now) },
  });
  return tokens.sign(
    {
      sub: userId,
      client_id: client.clientId,
      scope: API_CLIENT_SCOPE,
      secret_id: secret.id,
      roles: roles.map((role) => role.name).sort(),
      oid: organizationId,
      o: membership.organization.name,
      home_oid: organizationId,
      uid: userId,
      orgs: [organizationId],
      org_enabled: true,
      partial: false,
      mfa_enrolled: false,
      family_name: "",
      given_name: client.apiUser.name,
      middle_name: null,
      name_suffix: null,
      email: "",
      phone_number: null,
      account_non_locked: true,
      credentials_non_expired: true,
      support_user: false,
      jti,
    },
    lifetime,
  );
}
