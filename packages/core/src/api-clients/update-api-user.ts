import type { ApiUser, UpdateApiUser } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { assertVersionedWrite } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findApiUser } from "./find-api-client.ts";
import { loadApiUsers } from "./present-api-clients.ts";

/**
 * MANAGE_USERS: rename, describe, deactivate or reactivate an API user. Deactivation disables its
 * membership (the same switch as for a person) and revokes its tokens in the same transaction.
 */
export async function updateApiUser(
  actor: Actor,
  input: UpdateApiUser & { organizationId: string; apiUserId: string },
  deps: CoreDeps,
): Promise<ApiUser> {
  const { organizationId, apiUserId, version, enabled } = input;
  const changes = Object.fromEntries(
    Object.entries({ name: input.name, description: input.description }).filter(([, value]) => value !== undefined),
  ) as Pick<UpdateApiUser, "name" | "description">;
  await requirePermission(actor, organizationId, "MANAGE_USERS", deps);
  await findApiUser(deps.db, organizationId, apiUserId);
  const now = new Date();
  await deps.db.$transaction(async (tx) => {
    const written = await tx.apiUser.updateMany({
      where: { userId: apiUserId, organizationId, version },
      data: { ...changes, version: { increment: 1 } },
    });
    await assertVersionedWrite(written.count, async () =>
      Boolean(await tx.apiUser.findUnique({ where: { userId: apiUserId } })),
    );
    if (changes.name !== undefined)
      await tx.user.update({ where: { id: apiUserId }, data: { givenName: changes.name } });
    const membership = await tx.membership.findUniqueOrThrow({
      where: { userId_organizationId: { userId: apiUserId, organizationId } },
    });
    const audit = (type: string, data: Record<string, unknown> = {}) =>
      appendAuditEvent(tx, actor, { organizationId, streamType: "user", streamId: apiUserId, type, data });
    if (Object.keys(changes).length > 0) await audit("api-user.updated", { changes });
    if (enabled === false && membership.enabled) {
      await tx.membership.update({
        where: { id: membership.id },
        data: {
          enabled: false,
          disabledAt: now,
          deactivatedById: actor.kind === "user" ? actor.userId : null,
          version: { increment: 1 },
        },
      });
      const revoked = await tx.activeToken.updateMany({
        where: { userId: apiUserId, revokedAt: null },
        data: { revokedAt: now, revokedReason: "api-user-deactivated" },
      });
      await audit("api-user.deactivated", { revokedTokens: revoked.count });
    } else if (enabled === true && !membership.enabled) {
      await tx.membership.update({
        where: { id: membership.id },
        data: { enabled: true, disabledAt: null, deactivatedById: null, version: { increment: 1 } },
      });
      await audit("api-user.reactivated");
    }
  });
  const [apiUser] = await loadApiUsers(deps.db, organizationId, [apiUserId]);
  return apiUser!;
}
