import * as oidc from "openid-client";
import type { UserActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { clientConfiguration } from "./oidc-sign-in.ts";

/**
 * Keep-alive of a session that came from an identity provider with a refresh token: once the
 * provider's access token has expired, the refresh token is traded (refresh_token grant). When the
 * provider refuses (the person was disabled there, their grant revoked, the provider disabled
 * here), the session ends at once, as a sign-out would. When the provider cannot be reached the
 * session goes on and the next keep-alive tries again: an outage there must not sign a bank's
 * whole staff out.
 */
export async function revalidateOidcSession(actor: UserActor, deps: CoreDeps): Promise<void> {
  const { db, logger } = deps;
  const session = await db.oidcSession.findUnique({
    where: { activeTokenId: actor.tokenId },
    include: { provider: true },
  });
  if (!session || session.accessTokenExpiresAt > new Date()) return;
  const provider = session.provider;
  let refused: string | null = provider.enabled ? null : "provider-disabled";
  if (!refused) {
    try {
      const client = await clientConfiguration(provider, deps);
      const tokens = await oidc.refreshTokenGrant(client, deps.fieldCipher.decrypt(session.refreshTokenEncrypted));
      await db.oidcSession.update({
        where: { activeTokenId: actor.tokenId },
        data: {
          // providers may rotate refresh tokens: keep the newest
          refreshTokenEncrypted: deps.fieldCipher.encrypt(
            tokens.refresh_token ?? deps.fieldCipher.decrypt(session.refreshTokenEncrypted),
          ),
          accessTokenExpiresAt: new Date(Date.now() + (tokens.expires_in ?? 0) * 1000),
          lastRefreshedAt: new Date(),
        },
      });
      return;
    } catch (error) {
      if (error instanceof oidc.ResponseBodyError) refused = error.error;
      else {
        logger.warn(
          { providerId: provider.id, error: (error as Error).name },
          "identity provider unreachable at keep-alive",
        );
        return;
      }
    }
  }
  await db.$transaction(async (tx) => {
    await tx.activeToken.update({
      where: { id: actor.tokenId },
      data: { revokedAt: new Date(), revokedReason: "identity-provider-ended" },
    });
    await tx.oidcSession.delete({ where: { activeTokenId: actor.tokenId } });
    await appendAuditEvent(tx, actor, {
      organizationId: session.organizationId,
      streamType: "user",
      streamId: actor.userId,
      type: "session.ended-by-identity-provider",
      data: { providerId: provider.id, provider: provider.name, reason: refused },
    });
  });
  throw new AppError("UNAUTHORIZED");
}

/** A partial sign-in finished by picking an organization gets a new token: its provider session follows it. */
export async function carryOidcSession(
  db: Prisma.TransactionClient | CoreDeps["db"],
  fromTokenId: string,
  toTokenId: string,
) {
  await db.oidcSession.updateMany({ where: { activeTokenId: fromTokenId }, data: { activeTokenId: toTokenId } });
}
