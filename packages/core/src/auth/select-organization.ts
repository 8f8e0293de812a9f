import type { UserActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { carryOidcSession } from "../identity-providers/oidc-session-refresh.ts";
import type { TokenAlongside } from "./authenticate-token.ts";
import { type IssuedToken, issueToken } from "./issue-token.ts";

/** Finishes a partial sign-in: the partial token is revoked and a full one issued for the chosen organization. */
export async function selectOrganization(
  actor: UserActor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<IssuedToken> {
  const { db } = deps;
  // a provider vouched for this person in its own organization only: any other one is not theirs
  // to reach through this session (they sign in there by its own means)
  if (actor.identityProviderId && input.organizationId !== actor.organizationId) throw new AppError("NOT_FOUND");
  const membership = await db.membership.findUnique({
    where: { userId_organizationId: { userId: actor.userId, organizationId: input.organizationId } },
    include: { organization: { select: { enabled: true } } },
  });
  if (!membership) throw new AppError("NOT_FOUND");
  if (!membership.enabled || !membership.organization.enabled) throw new AppError("USER_NOT_ENABLED_FOR_ORG");
  await db.$transaction(async (tx) => {
    await tx.activeToken.update({
      where: { id: actor.tokenId },
      data: { revokedAt: new Date(), revokedReason: "organization-selected" },
    });
    await appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "user",
      streamId: actor.userId,
      type: "organization.selected",
      data: { organizationId: input.organizationId },
    });
  });
  const issued = await issueToken(
    {
      userId: actor.userId,
      organizationId: input.organizationId,
      credentialsExpired: actor.credentialsExpired,
      origin: actor,
      ...(actor.identityProviderId ? { identityProviderId: actor.identityProviderId } : {}),
    },
    deps,
  );
  await carryOidcSession(deps.db, actor.tokenId, issued.claims.jti);
  return issued;
}

interface MyOrganizationRow {
  id: string;
  name: string;
  enabled: boolean;
  home: boolean;
}

/**
 * The organizations a user belongs to, for the organization picker, on a path every page load of
 * the web app takes: memberships with their organizations and the user's home, as one JSON value.
 * The route reads it in the token's own statement (authenticateToken's `alongside`): one round trip.
 */
const myOrganizationsSql = (userId: string) => Prisma.sql`
  (SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'enabled', m.enabled AND o.enabled,
                                              'home', m."organizationId" = u."homeOrganizationId")), '[]')
     FROM "Membership" m
     JOIN "Organization" o ON o.id = m."organizationId"
     JOIN "User" u ON u.id = m."userId"
    WHERE m."userId" = ${userId}::uuid)`;

export const myOrganizationsAlongside: TokenAlongside = (claims) => myOrganizationsSql(claims.uid);

/** The picker's list from what myOrganizationsAlongside read (read afresh when not given). */
export async function listMyOrganizations(actor: UserActor, deps: CoreDeps, read?: unknown) {
  const rows =
    (read as MyOrganizationRow[] | null | undefined) ??
    (
      await deps.db.$queryRaw<{ organizations: MyOrganizationRow[] }[]>`
        SELECT ${myOrganizationsSql(actor.userId)} AS organizations`
    )[0]!.organizations;
  return rows
    .filter((row) => !actor.identityProviderId || row.id === actor.organizationId)
    .sort((a, b) => a.name.localeCompare(b.name));
}
