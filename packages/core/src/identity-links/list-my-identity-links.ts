import { IDENTITY_MESSAGES, type IdentityLink } from "@signet/contract";
import type { UserActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { IdentityLink as IdentityLinkRow } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";

export function presentIdentityLink(row: IdentityLinkRow, providerName: string): IdentityLink {
  return {
    id: row.id,
    providerKind: row.providerKind === "saml" ? "saml" : "oidc",
    providerId: row.providerId,
    providerName,
    linkedBy: row.linkedBy === "jit" || row.linkedBy === "password" ? row.linkedBy : "email",
    createdAt: row.createdAt.toISOString(),
  };
}

async function providerNames(deps: CoreDeps, ids: string[]): Promise<Map<string, string>> {
  const [oidc, saml] = await Promise.all([
    deps.db.identityProvider.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
    deps.db.samlProvider.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  ]);
  return new Map([...oidc, ...saml].map((row) => [row.id, row.name]));
}

/** The providers that sign the signed-in person's account in. */
export async function listMyIdentityLinks(actor: UserActor, deps: CoreDeps): Promise<{ records: IdentityLink[] }> {
  const rows = await deps.db.identityLink.findMany({ where: { userId: actor.userId }, orderBy: { createdAt: "asc" } });
  const names = await providerNames(
    deps,
    rows.map((row) => row.providerId),
  );
  return { records: rows.map((row) => presentIdentityLink(row, names.get(row.providerId) ?? "Removed provider")) };
}

/**
 * The person unlinks a provider: it signs this account in no more until they link it again (a
 * session it opened lives on until it ends: sign-out, idle timeout, or the provider's refresh).
 */
export async function deleteMyIdentityLink(actor: UserActor, input: { linkId: string }, deps: CoreDeps): Promise<void> {
  const link = await deps.db.identityLink.findFirst({ where: { id: input.linkId, userId: actor.userId } });
  if (!link) throw new AppError("NOT_FOUND", IDENTITY_MESSAGES.linkNotFound);
  const names = await providerNames(deps, [link.providerId]);
  const home = await deps.db.user.findUniqueOrThrow({
    where: { id: actor.userId },
    select: { homeOrganizationId: true },
  });
  await deps.db.$transaction(async (tx) => {
    const { count } = await tx.identityLink.deleteMany({ where: { id: link.id, userId: actor.userId } });
    if (count !== 1) throw new AppError("NOT_FOUND", IDENTITY_MESSAGES.linkNotFound);
    await appendAuditEvent(tx, actor, {
      organizationId: actor.organizationId ?? home.homeOrganizationId,
      streamType: "user",
      streamId: actor.userId,
      type: "identity-link.removed",
      data: {
        providerKind: link.providerKind,
        providerId: link.providerId,
        provider: names.get(link.providerId) ?? null,
      },
    });
  });
}
