import { splitToken, type TokenClaims, TokenFormatError } from "@signet/contract";
import type { RequestOrigin, UserActor } from "../actor.ts";
import { checkClientToken } from "../api-clients/check-client-token.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * Verifies a token and its server-side record: revoked, expired or idle tokens are refused.
 * An idle token is revoked on the spot, so the idle timeout holds even if the client timer is bypassed.
 */
export async function authenticateToken(
  token: string,
  origin: RequestOrigin,
  deps: CoreDeps,
): Promise<{ actor: UserActor; claims: TokenClaims; idleExpiresAt: Date }> {
  try {
    splitToken(token);
  } catch (error) {
    if (error instanceof TokenFormatError) throw new AppError("NOT_A_JWT");
    throw error;
  }
  const claims = await deps.tokens.verify(token);
  const record = await deps.db.activeToken.findUnique({ where: { id: claims.jti } });
  const now = Date.now();
  if (!record || record.revokedAt || record.expiresAt.getTime() <= now) throw new AppError("UNAUTHORIZED");
  if (claims.secret_id) {
    // a client-credentials token: no idle timeout (no person is at a keyboard), but its secret and
    // client are checked on every request so revocation works at once
    await checkClientToken({ secret_id: claims.secret_id, client_id: claims.client_id }, deps);
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
    };
    return { actor, claims, idleExpiresAt: record.expiresAt };
  }
  const idleMs = deps.config.SESSION_IDLE_TIMEOUT_SECONDS * 1000;
  if (now - record.lastSeenAt.getTime() > idleMs) {
    await deps.db.activeToken.update({
      where: { id: record.id },
      data: { revokedAt: new Date(), revokedReason: "idle" },
    });
    throw new AppError("UNAUTHORIZED");
  }
  // Writing lastSeenAt on every request would make each read a write; a coarse step is enough
  // for a timeout measured in minutes.
  let lastSeen = record.lastSeenAt.getTime();
  if (now - lastSeen > Math.min(15_000, idleMs / 8)) {
    lastSeen = now;
    await deps.db.activeToken.update({ where: { id: record.id }, data: { lastSeenAt: new Date(now) } });
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
  };
  return { actor, claims, idleExpiresAt: new Date(lastSeen + idleMs) };
}
