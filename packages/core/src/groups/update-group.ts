import type { Group, UpdateGroup } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { alreadyExists, assertVersionedWrite, isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden } from "../errors/app-error.ts";
import { assertOrganizationRoles } from "../roles/assert-organization-roles.ts";
import { findGroup, nameKey } from "./find-group.ts";
import { loadGroupView } from "./group-views.ts";
import { loadGroupAccess } from "./load-group-access.ts";
import { lockGroupTree } from "./lock-group-tree.ts";

/** Name, description and role structure; members lose roles removed from the structure. */
export async function updateGroup(
  actor: Actor,
  input: UpdateGroup & { organizationId: string; groupId: string },
  deps: CoreDeps,
): Promise<Group> {
  const { organizationId, groupId } = input;
  const permissions = await loadGroupAccess(actor, organizationId, deps);
  const group = await findGroup(deps.db, organizationId, groupId);
  if (!permissions.canIn(groupId, "MANAGE_GROUPS")) throw forbidden();
  const roleIds = input.roleIds ? await assertOrganizationRoles(deps.db, organizationId, input.roleIds) : null;
  const key = input.name === undefined ? undefined : nameKey(input.name);
  if (key !== undefined && key !== group.nameKey) {
    const taken = await deps.db.group.findFirst({ where: { organizationId, nameKey: key }, select: { id: true } });
    if (taken) throw alreadyExists("group");
  }
  const actorId = actor.kind === "user" ? actor.userId : null;
  try {
    await deps.db.$transaction(async (tx) => {
      await lockGroupTree(tx, organizationId);
      const { count } = await tx.group.updateMany({
        where: { id: groupId, organizationId, version: input.version },
        data: {
          ...(input.name === undefined ? {} : { name: input.name.trim(), nameKey: key }),
          ...(input.description === undefined ? {} : { description: input.description?.trim() || null }),
          updatedById: actorId,
          version: { increment: 1 },
        },
      });
      await assertVersionedWrite(count, async () => (await tx.group.count({ where: { id: groupId } })) > 0);
      let added: string[] = [];
      let removed: string[] = [];
      if (roleIds) {
        const current = (await tx.groupRole.findMany({ where: { groupId }, select: { roleId: true } })).map(
          (row) => row.roleId,
        );
        // hidden roles are never offered to clients, so a replacement list cannot remove them
        const hidden = new Set(
          (await tx.role.findMany({ where: { id: { in: current }, hidden: true }, select: { id: true } })).map(
            (role) => role.id,
          ),
        );
        added = roleIds.filter((roleId) => !current.includes(roleId));
        removed = current.filter((roleId) => !roleIds.includes(roleId) && !hidden.has(roleId));
        if (removed.length > 0) {
          await tx.memberRole.deleteMany({ where: { groupId, roleId: { in: removed } } });
          await tx.groupRole.deleteMany({ where: { groupId, roleId: { in: removed } } });
        }
        if (added.length > 0) {
          await tx.groupRole.createMany({ data: added.map((roleId) => ({ groupId, roleId, organizationId })) });
        }
      }
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "organization",
        streamId: organizationId,
        type: "group.updated",
        data: {
          groupId,
          version: input.version + 1,
          ...(input.name === undefined ? {} : { name: input.name.trim() }),
          ...(input.description === undefined ? {} : { description: input.description ?? null }),
          ...(roleIds ? { rolesAdded: added, rolesRemoved: removed } : {}),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists("group");
    throw error;
  }
  const fresh = await loadGroupAccess(actor, organizationId, deps, { fresh: true });
  return loadGroupView(deps.db, organizationId, groupId, fresh);
}
