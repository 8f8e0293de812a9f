import type { UserActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { revalidateOidcSession } from "../identity-providers/oidc-session-refresh.ts";

/** Sign-out: the token is revoked server-side, so a copied cookie stops working at once. */
export async function endSession(actor: UserActor, deps: CoreDeps): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    await tx.activeToken.updateMany({
      where: { id: actor.tokenId, revokedAt: null },
      data: { revokedAt: new Date(), revokedReason: "logout" },
    });
    // the provider's refresh token has no use once the session it kept alive is over
    await tx.oidcSession.deleteMany({ where: { activeTokenId: actor.tokenId } });
    await appendAuditEvent(tx, actor, {
      organizationId: actor.organizationId,
      streamType: "user",
      streamId: actor.userId,
      type: "signed-out",
    });
  });
}

/** Restarts the idle timer (the client calls this on user activity and on 'Stay logged in'). */
export async function keepSessionAlive(actor: UserActor, deps: CoreDeps) {
  // a session from an identity provider lives only as long as the provider still vouches for it
  await revalidateOidcSession(actor, deps);
  const now = new Date();
  const record = await deps.db.activeToken.update({ where: { id: actor.tokenId }, data: { lastSeenAt: now } });
  const idleSeconds = deps.config.SESSION_IDLE_TIMEOUT_SECONDS;
  return {
    expiresAt: record.expiresAt.toISOString(),
    idleExpiresAt: new Date(now.getTime() + idleSeconds * 1000).toISOString(),
    idleTimeoutSeconds: idleSeconds,
  };
}
