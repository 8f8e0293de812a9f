import { splitToken, type TokenClaims, TokenFormatError } from "@signet/contract";
import { BoundedCache } from "../access/bounded-cache.ts";
import type { RequestOrigin, UserActor } from "../actor.ts";
import { secretIsActive } from "../api-clients/client-secret.ts";
import type { CoreDeps } from "../core-deps.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryRows } from "../db/pool-query.ts";
import { AppError } from "../errors/app-error.ts";
import type { TokenSigner } from "./token-signer.ts";

/** What one request's token check reads, in one round trip. */
interface TokenRow {
  revokedAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
  /** the token organization's access version (see access-cache.ts) */
  accessVersion: bigint | null;
  /** client-credentials tokens only: their secret and client */
  secretRevokedAt: Date | null;
  secretExpiresAt: Date | null;
  secretFound: boolean;
  clientEnabled: boolean | null;
  clientId: string | null;
  /** what the caller's `alongside` expression answered (null without one) */
  alongside: unknown;
}

/**
 * A scalar SQL expression a route reads in the same statement as the token row (one round trip
 * instead of two), built from the verified claims. Its answer is thrown away when the token is
 * refused, so it must only read what those claims' user may see anyway.
 */
export type TokenAlongside = (claims: TokenClaims) => Prisma.Sql;

/**
 * Verifies a token and its server-side record: revoked, expired or idle tokens are refused.
 * An idle token is revoked on the spot, so the idle timeout holds even if the client timer is bypassed.
 */
export async function authenticateToken(
  token: string,
  origin: RequestOrigin,
  deps: CoreDeps,
  alongside?: TokenAlongside,
): Promise<{ actor: UserActor; claims: TokenClaims; idleExpiresAt: Date; alongside: unknown }> {
  try {
    splitToken(token);
  } catch (error) {
    if (error instanceof TokenFormatError) throw new AppError("NOT_A_JWT");
    throw error;
  }
  const claims = await verifyOnce(token, deps.tokens);
  const record = await readTokenRow(claims, deps, alongside);
  const now = Date.now();
  if (!record || record.revokedAt || record.expiresAt.getTime() <= now) throw new AppError("UNAUTHORIZED");
  const accessVersion = record.accessVersion === null ? {} : { accessVersion: record.accessVersion };
  if (claims.secret_id) {
    // a client-credentials token: no idle timeout (no person is at a keyboard), but its secret and
    // client are checked on every request so revocation works at once: a revoked, expired or
    // deleted secret, or a disabled client, stops its tokens at once instead of at their expiry
    const secret = { revokedAt: record.secretRevokedAt, expiresAt: record.secretExpiresAt };
    if (
      !record.secretFound ||
      !secretIsActive(secret) ||
      !record.clientEnabled ||
      record.clientId !== claims.client_id
    ) {
      throw new AppError("UNAUTHORIZED");
    }
    const actor: UserActor = {
      kind: "user",
      userId: claims.uid,
      organizationId: claims.oid,
      tokenId: claims.jti,
      supportUser: false,
      partial: false,
      credentialsExpired: false,
      apiClient: { clientId: claims.client_id, secretId: claims.secret_id },
      ip: origin.ip,
      userAgent: origin.userAgent,
      ...accessVersion,
    };
    return { actor, claims, idleExpiresAt: record.expiresAt, alongside: record.alongside };
  }
  const idleMs = deps.config.SESSION_IDLE_TIMEOUT_SECONDS * 1000;
  if (now - record.lastSeenAt.getTime() > idleMs) {
    await deps.db.activeToken.update({
      where: { id: claims.jti },
      data: { revokedAt: new Date(), revokedReason: "idle" },
    });
    throw new AppError("UNAUTHORIZED");
  }
  // Writing lastSeenAt on every request would make each read a write; a coarse step is enough
  // for a timeout measured in minutes.
  let lastSeen = record.lastSeenAt.getTime();
  if (now - lastSeen > Math.min(15_000, idleMs / 8)) {
    lastSeen = now;
    await deps.db.activeToken.update({ where: { id: claims.jti }, data: { lastSeenAt: new Date(now) } });
  }
  const actor: UserActor = {
    kind: "user",
    userId: claims.uid,
    organizationId: claims.oid,
    tokenId: claims.jti,
    supportUser: claims.support_user,
    partial: claims.partial,
    credentialsExpired: !claims.credentials_non_expired,
    ...(claims.idp ? { identityProviderId: claims.idp } : {}),
    ip: origin.ip,
    userAgent: origin.userAgent,
    ...accessVersion,
  };
  return { actor, claims, idleExpiresAt: new Date(lastSeen + idleMs), alongside: record.alongside };
}

/**
 * The token row, the access version of the token's organization and, for a client-credentials
 * token, its secret and client: one round trip where three lookups by primary key would be three.
 */
async function readTokenRow(
  claims: TokenClaims,
  deps: CoreDeps,
  alongside: TokenAlongside | undefined,
): Promise<TokenRow | undefined> {
  const query = Prisma.sql`
    SELECT t."revokedAt", t."expiresAt", t."lastSeenAt",
           (SELECT v.version::text FROM "OrganizationAccessVersion" v
             WHERE v."organizationId" = ${claims.oid}::uuid) AS "accessVersion",
           s.id IS NOT NULL AS "secretFound", s."revokedAt" AS "secretRevokedAt", s."expiresAt" AS "secretExpiresAt",
           c.enabled AS "clientEnabled", c."clientId",
           ${alongside ? alongside(claims) : Prisma.sql`NULL`} AS "alongside"
      FROM "ActiveToken" t
      LEFT JOIN "ApiClientSecret" s ON s.id = ${claims.secret_id ?? null}::uuid
      LEFT JOIN "ApiClient" c ON c.id = s."apiClientId"
     WHERE t.id = ${claims.jti}::uuid`;
  // read on every authenticated request: on the pool, prepared (pool-query.ts); the version as text,
  // which both pg and Prisma answer alike
  const [row] = await queryRows<Omit<TokenRow, "accessVersion"> & { accessVersion: string | null }>(
    deps.db,
    query.text,
    query.values,
  );
  return row && { ...row, accessVersion: row.accessVersion === null ? null : BigInt(row.accessVersion) };
}

/** distinct tokens whose signature check is remembered, per process */
const VERIFIED_CAPACITY = 10_000;
const verifiedTokens = new WeakMap<TokenSigner, BoundedCache<string, TokenClaims>>();

/**
 * A token's signature is checked once per process: the same string always verifies the same way
 * under the same keys, and HMAC through WebCrypto was the largest single cost of an authenticated
 * read in the profile. Expiry is time-dependent, so it is checked on every use; revocation is the
 * token row's job (read on every request).
 */
async function verifyOnce(token: string, signer: TokenSigner): Promise<TokenClaims> {
  let cache = verifiedTokens.get(signer);
  if (!cache) {
    cache = new BoundedCache(VERIFIED_CAPACITY);
    verifiedTokens.set(signer, cache);
  }
  const cached = cache.get(token);
  if (cached && cached.exp * 1000 > Date.now()) return cached;
  cache.delete(token);
  const claims = await signer.verify(token);
  cache.set(token, Object.freeze(claims));
  return claims;
}
