import { randomUUID } from "node:crypto";
import { type ApiUser, type CreateApiUser, createApiUserSchema, MEMBERSHIP_MESSAGES } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden } from "../errors/app-error.ts";
import { findGroup } from "../groups/find-group.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";
import { assertStructureRoles } from "../memberships/assert-structure-roles.ts";
import { loadApiUsers } from "./present-api-clients.ts";

/**
 * MANAGE_USERS: adds an API user. It is a User with a membership in this organization and no
 * password credential, so password sign-in can never succeed for it, while groups and roles apply
 * through the same tables as for people. Placing it in a group with roles needs what granting roles
 * to a person needs there (MANAGE_GROUPS and MANAGE_ROLES), so MANAGE_USERS alone cannot mint a
 * more powerful identity.
 */
export async function createApiUser(
  actor: Actor,
  input: CreateApiUser & { organizationId: string },
  deps: CoreDeps,
): Promise<ApiUser> {
  const { organizationId } = input;
  const body = createApiUserSchema.parse(input);
  await requirePermission(actor, organizationId, "MANAGE_USERS", deps);
  if (body.groupId) {
    const access = await loadGroupAccess(actor, organizationId, deps);
    await findGroup(deps.db, organizationId, body.groupId, MEMBERSHIP_MESSAGES.memberGroupOrganizationNotFound);
    if (!access.canIn(body.groupId, "MANAGE_GROUPS", "MANAGE_ROLES")) throw forbidden();
  }
  const userId = randomUUID();
  const createdById = actor.kind === "user" ? actor.userId : null;
  await deps.db.$transaction(async (tx) => {
    await tx.user.create({
      data: {
        id: userId,
        // never mailed: .invalid is reserved (RFC 2606) and the address only satisfies the unique column
        email: `api-user-${userId}@api-users.invalid`,
        givenName: body.name,
        familyName: "",
        homeOrganizationId: organizationId,
        mfaEnrolled: false,
        memberships: { create: { organizationId } },
        apiUser: {
          create: { organizationId, name: body.name, description: body.description ?? null, createdById },
        },
      },
    });
    let roleIds: string[] = [];
    if (body.groupId) {
      roleIds = await assertStructureRoles(tx, body.groupId, body.roleIds);
      await tx.groupMember.create({ data: { groupId: body.groupId, userId, organizationId } });
      await tx.memberRole.createMany({
        data: roleIds.map((roleId) => ({ groupId: body.groupId!, userId, roleId, organizationId })),
      });
    }
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "user",
      streamId: userId,
      type: "api-user.created",
      data: { name: body.name, groupId: body.groupId ?? null, roleIds },
    });
  });
  const [apiUser] = await loadApiUsers(deps.db, organizationId, [userId]);
  return apiUser!;
}
