import type { PendingUserInvitation, PendingUserInvitationList } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";

/** Invitations not used yet; the list is short by nature (an accepted or revoked one leaves it). */
const MAX_LISTED = 200;
export const OPEN_INVITATION_STATUSES = ["PENDING", "REGISTERED"] as const;

/** MANAGE_USERS (like inviting): the organization's invitations nobody has accepted yet, newest first. */
export async function listUserInvitations(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<PendingUserInvitationList> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, "MANAGE_USERS", deps);
  const where = { organizationId, status: { in: [...OPEN_INVITATION_STATUSES] } };
  const [rows, count] = await Promise.all([
    deps.db.userInvitation.findMany({ where, orderBy: { createdAt: "desc" }, take: MAX_LISTED }),
    deps.db.userInvitation.count({ where }),
  ]);
  const records = await presentPendingInvitations(deps, organizationId, rows);
  return { records, count };
}

interface InvitationRow {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  status: string;
  kind: "SIGN_UP" | "MEMBERSHIP";
  expiresAt: Date;
  createdAt: Date;
  invitedById: string | null;
  groupId: string | null;
  roleIds: string[];
}

/** Names instead of ids: the inviter, the group and the roles the person gets on acceptance. */
export async function presentPendingInvitations(
  deps: CoreDeps,
  organizationId: string,
  rows: readonly InvitationRow[],
): Promise<PendingUserInvitation[]> {
  const userIds = [...new Set(rows.flatMap((row) => (row.invitedById ? [row.invitedById] : [])))];
  const groupIds = [...new Set(rows.flatMap((row) => (row.groupId ? [row.groupId] : [])))];
  const roleIds = [...new Set(rows.flatMap((row) => row.roleIds))];
  const [users, groups, roles] = await Promise.all([
    deps.db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, givenName: true, familyName: true } }),
    deps.db.group.findMany({ where: { id: { in: groupIds }, organizationId }, select: { id: true, name: true } }),
    deps.db.role.findMany({ where: { id: { in: roleIds }, organizationId }, select: { id: true, name: true } }),
  ]);
  const userName = new Map(users.map((u) => [u.id, `${u.givenName} ${u.familyName}`]));
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const roleName = new Map(roles.map((r) => [r.id, r.name]));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    givenName: row.givenName,
    familyName: row.familyName,
    status: row.status === "REGISTERED" ? "REGISTERED" : "PENDING",
    kind: row.kind,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    invitedByName: (row.invitedById && userName.get(row.invitedById)) || null,
    groupName: (row.groupId && groupName.get(row.groupId)) || null,
    roleNames: row.roleIds.flatMap((id) => roleName.get(id) ?? []),
  }));
}
