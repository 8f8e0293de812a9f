import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { secretIsActive } from "./client-secret.ts";

/**
 * Checked on every request made with a client-credentials token: a revoked, expired or deleted
 * secret, or a disabled client, stops its tokens at once instead of at their expiry. One lookup by
 * primary key, cheaper than the permission query every organization route already makes.
 */
export async function checkClientToken(claims: { secret_id: string; client_id: string }, deps: CoreDeps) {
  const secret = await deps.db.apiClientSecret.findUnique({
    where: { id: claims.secret_id },
    select: { revokedAt: true, expiresAt: true, client: { select: { enabled: true, clientId: true } } },
  });
  if (!secret || !secretIsActive(secret) || !secret.client.enabled || secret.client.clientId !== claims.client_id) {
    throw new AppError("UNAUTHORIZED");
  }
}
