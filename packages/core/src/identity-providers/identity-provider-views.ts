import { IDENTITY_PROVIDER_MESSAGES, type IdentityProvider, OIDC_CALLBACK_PATH } from "@signet/contract";
import type { Config } from "../config/config.ts";
import type { IdentityProvider as IdentityProviderRow } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";

/** The redirect URI every provider of this installation sends browsers back to. */
export const oidcRedirectUri = (config: Config) => `${config.publicUrl}${OIDC_CALLBACK_PATH}`;

export const identityProviderNotFound = () => new AppError("NOT_FOUND", IDENTITY_PROVIDER_MESSAGES.notFound);

/** The API view of a provider: the encrypted secret never leaves the server, only whether one is set. */
export function toIdentityProvider(row: IdentityProviderRow, config: Config): IdentityProvider {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: row.clientSecretEncrypted.length > 0,
    scopes: row.scopes,
    emailClaim: row.emailClaim,
    givenNameClaim: row.givenNameClaim,
    familyNameClaim: row.familyNameClaim,
    enabled: row.enabled,
    isDefault: row.isDefault,
    jitEnabled: row.jitEnabled,
    jitGroupId: row.jitGroupId,
    jitRoleIds: row.jitRoleIds,
    redirectUri: oidcRedirectUri(config),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Scopes as sent to the provider: openid first and always, each scope once. */
export function normalizeScopes(scopes: string): string {
  return [...new Set(["openid", ...scopes.split(" ").filter(Boolean)])].join(" ");
}
