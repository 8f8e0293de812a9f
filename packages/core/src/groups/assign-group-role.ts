import { type Group, ROLE_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden, notFound } from "../errors/app-error.ts";
import { conflict } from "./conflict.ts";
import { findGroup } from "./find-group.ts";
import { loadGroupView } from "./group-views.ts";
import { loadGroupAccess } from "./load-group-access.ts";
import { lockGroupTree } from "./lock-group-tree.ts";

type GroupRoleInput = { organizationId: string; groupId: string; roleId: string };

async function lookUp(actor: Actor, input: GroupRoleInput, deps: CoreDeps) {
  const permissions = await loadGroupAccess(actor, input.organizationId, deps);
  await findGroup(deps.db, input.organizationId, input.groupId);
  const role = await deps.db.role.findFirst({
    where: { id: input.roleId, organizationId: input.organizationId, hidden: false },
    select: { id: true, name: true },
  });
  if (!role) throw notFound(ROLE_MESSAGES.roleOrganizationNotFound);
  if (!permissions.canIn(input.groupId, "MANAGE_ROLES")) throw forbidden();
  return role;
}

/** Adds a role to the group's role structure (MANAGE_ROLES in the group). */
export async function assignGroupRole(actor: Actor, input: GroupRoleInput, deps: CoreDeps): Promise<Group> {
  const { organizationId, groupId, roleId } = input;
  const role = await lookUp(actor, input, deps);
  await deps.db.$transaction(async (tx) => {
    await lockGroupTree(tx, organizationId);
    await findGroup(tx, organizationId, groupId);
    const existing = await tx.groupRole.findUnique({ where: { groupId_roleId: { groupId, roleId } } });
    if (existing) throw conflict(ROLE_MESSAGES.memberOrRoleAlreadyAssigned);
    await tx.groupRole.create({ data: { groupId, roleId, organizationId } });
    await tx.group.update({
      where: { id: groupId },
      data: { version: { increment: 1 }, updatedById: actor.kind === "user" ? actor.userId : null },
    });
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "group.role-assigned",
      data: { groupId, roleId, roleName: role.name },
    });
  });
  return loadGroupView(deps.db, organizationId, groupId, await loadGroupAccess(actor, organizationId, deps));
}

/** Removes a role from the group's role structure; the group's members lose it (and its permissions). */
export async function unassignGroupRole(actor: Actor, input: GroupRoleInput, deps: CoreDeps): Promise<Group> {
  const { organizationId, groupId, roleId } = input;
  const role = await lookUp(actor, input, deps);
  await deps.db.$transaction(async (tx) => {
    await lockGroupTree(tx, organizationId);
    const { count } = await tx.groupRole.deleteMany({ where: { groupId, roleId, organizationId } });
    if (count === 0) throw notFound(ROLE_MESSAGES.roleNotFoundOrVersionNotMatched);
    const { count: membersLosingRole } = await tx.memberRole.deleteMany({ where: { groupId, roleId } });
    await tx.group.update({
      where: { id: groupId },
      data: { version: { increment: 1 }, updatedById: actor.kind === "user" ? actor.userId : null },
    });
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "group.role-unassigned",
      data: { groupId, roleId, roleName: role.name, membersLosingRole },
    });
  });
  const fresh = await loadGroupAccess(actor, organizationId, deps, { fresh: true });
  return loadGroupView(deps.db, organizationId, groupId, fresh);
}
