import { type CreateGroup, GROUP_MESSAGES, type Group } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { alreadyExists, isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden } from "../errors/app-error.ts";
import { assertOrganizationRoles } from "../roles/assert-organization-roles.ts";
import { findGroup, nameKey } from "./find-group.ts";
import { loadGroupView } from "./group-views.ts";
import { loadGroupAccess } from "./load-group-access.ts";
import { lockGroupTree } from "./lock-group-tree.ts";

/** A sub-group needs MANAGE_GROUPS in its parent; a top-level group MANAGE_GROUPS in the organization. */
export async function createGroup(
  actor: Actor,
  input: CreateGroup & { organizationId: string },
  deps: CoreDeps,
): Promise<Group> {
  const { organizationId } = input;
  const permissions = await loadGroupAccess(actor, organizationId, deps);
  const parentId = input.parentId ?? null;
  if (parentId) {
    await findGroup(deps.db, organizationId, parentId, GROUP_MESSAGES.selectedGroupNotFound);
    if (!permissions.canIn(parentId, "MANAGE_GROUPS")) throw forbidden();
  } else if (!permissions.canInOrganization("MANAGE_GROUPS")) {
    throw forbidden();
  }
  const roleIds = await assertOrganizationRoles(deps.db, organizationId, input.roleIds);
  const key = nameKey(input.name);
  if (await deps.db.group.findFirst({ where: { organizationId, nameKey: key }, select: { id: true } })) {
    throw alreadyExists("group");
  }
  const actorId = actor.kind === "user" ? actor.userId : null;
  try {
    const id = await deps.db.$transaction(async (tx) => {
      await lockGroupTree(tx, organizationId);
      // the parent may have been deleted since it was checked
      if (parentId) await findGroup(tx, organizationId, parentId, GROUP_MESSAGES.selectedGroupNotFound);
      const group = await tx.group.create({
        data: {
          organizationId,
          parentId,
          name: input.name.trim(),
          nameKey: key,
          description: input.description?.trim() || null,
          createdById: actorId,
          updatedById: actorId,
        },
      });
      if (roleIds.length > 0) {
        await tx.groupRole.createMany({
          data: roleIds.map((roleId) => ({ groupId: group.id, roleId, organizationId })),
        });
      }
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "organization",
        streamId: organizationId,
        type: "group.created",
        data: { groupId: group.id, name: group.name, parentId, roleIds },
      });
      return group.id;
    });
    return await loadGroupView(
      deps.db,
      organizationId,
      id,
      await loadGroupAccess(actor, organizationId, deps, { fresh: true }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists("group");
    throw error;
  }
}
