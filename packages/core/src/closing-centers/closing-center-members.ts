import {
  CLOSING_CENTER_MESSAGES,
  type ClosingCenterMember,
  type ClosingCenterMemberList,
  type InviteClosingCenterMember,
  type PermissionName,
  type UpdateClosingCenterMember,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { createUserInvitation } from "../invitations/create-user-invitation.ts";
import {
  type ClosingCenterRef,
  findClosingCenter,
  requireClosingCenterFeature,
  type ClosingCenterTx as Tx,
} from "./closing-centers.ts";

// Issue 16 §3, spec §7 "closing-center users": the people of a closing center. They join the
// organization like any invited user, but with no group and no role: what they see comes only from
// the packages shared with their closing center.

type MemberRow = Prisma.ClosingCenterMemberGetPayload<object>;
const READERS: readonly PermissionName[] = [
  "VIEW_ADMIN_SETTINGS",
  "MANAGE_ADMIN_SETTINGS",
  "VIEW_USERS_GROUPS_ROLES",
  "MANAGE_USERS",
];
const MANAGERS = ["MANAGE_USERS"] as const;

interface MemberRef extends ClosingCenterRef {
  memberId: string;
}

const memberNotFound = () => notFound(CLOSING_CENTER_MESSAGES.memberNotFound);
const conflict = (message: string) => new AppError("CONFLICT", message, [{ path: "email", message }]);

/** Members with the account acting as each (by email) and whether it has joined the organization. */
async function presentMembers(db: Db | Tx, organizationId: string, rows: MemberRow[]): Promise<ClosingCenterMember[]> {
  if (rows.length === 0) return [];
  const users = await db.user.findMany({
    where: { email: { in: rows.map((row) => row.email) } },
    select: {
      id: true,
      email: true,
      status: true,
      lastSignInAt: true,
      memberships: { where: { organizationId }, select: { id: true } },
    },
  });
  const byEmail = new Map(users.map((user) => [user.email, user]));
  return rows.map((row) => {
    const user = byEmail.get(row.email);
    const joined = Boolean(user && user.status === "ACTIVE" && user.memberships.length > 0);
    return {
      id: row.id,
      closingCenterId: row.closingCenterId,
      email: row.email,
      givenName: row.givenName,
      familyName: row.familyName,
      enabled: row.enabled,
      status: !row.enabled ? "DISABLED" : joined ? "ACTIVE" : "INVITED",
      userId: joined && user ? user.id : null,
      lastSignInAt: joined ? (user?.lastSignInAt?.toISOString() ?? null) : null,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

async function findMember(db: Db | Tx, ref: MemberRef) {
  const row = await db.closingCenterMember.findFirst({
    where: { id: ref.memberId, closingCenterId: ref.closingCenterId, organizationId: ref.organizationId },
  });
  if (!row) throw memberNotFound();
  return row;
}

function audit(tx: Tx, actor: Actor, organizationId: string, type: string, data: Record<string, unknown>) {
  return appendAuditEvent(tx, actor, {
    organizationId,
    streamType: "organization",
    streamId: organizationId,
    type,
    data,
  });
}

export async function listClosingCenterMembers(
  actor: Actor,
  input: ClosingCenterRef,
  deps: CoreDeps,
): Promise<ClosingCenterMemberList> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  await requireClosingCenterFeature(deps.db, input.organizationId);
  await findClosingCenter(deps.db, input);
  const rows = await deps.db.closingCenterMember.findMany({
    where: { closingCenterId: input.closingCenterId, organizationId: input.organizationId },
    orderBy: [{ familyName: "asc" }, { givenName: "asc" }, { id: "asc" }],
  });
  const records = await presentMembers(deps.db, input.organizationId, rows);
  return { records, count: records.length };
}

/**
 * MANAGE_USERS: adds a person to a closing center and, unless they already belong to the
 * organization, invites them like any user (an account elsewhere joins at once). A member with
 * roles here cannot also be a closing-center user: their access would have two sources.
 */
export async function inviteClosingCenterMember(
  actor: Actor,
  input: InviteClosingCenterMember & ClosingCenterRef,
  deps: CoreDeps,
): Promise<ClosingCenterMember> {
  const { organizationId, closingCenterId } = input;
  await requirePermission(actor, organizationId, MANAGERS, deps);
  await requireClosingCenterFeature(deps.db, organizationId);
  const center = await findClosingCenter(deps.db, input);
  const [existingMember, user] = await Promise.all([
    deps.db.closingCenterMember.findUnique({
      where: { organizationId_email: { organizationId, email: input.email } },
      select: { closingCenterId: true },
    }),
    deps.db.user.findUnique({
      where: { email: input.email },
      select: {
        id: true,
        memberships: { where: { organizationId }, select: { id: true } },
      },
    }),
  ]);
  if (existingMember) {
    throw conflict(
      existingMember.closingCenterId === closingCenterId
        ? CLOSING_CENTER_MESSAGES.userAlreadyExists
        : CLOSING_CENTER_MESSAGES.memberOfOtherCenter,
    );
  }
  if (user) {
    const roles = await deps.db.memberRole.count({ where: { userId: user.id, organizationId } });
    if (roles > 0) throw conflict(CLOSING_CENTER_MESSAGES.memberOfOrganization);
  }

  let created: MemberRow;
  try {
    created = await deps.db.$transaction(async (tx) => {
      const row = await tx.closingCenterMember.create({
        data: {
          organizationId,
          closingCenterId,
          email: input.email,
          givenName: input.givenName,
          familyName: input.familyName,
          invitedById: actor.kind === "user" ? actor.userId : null,
        },
      });
      await audit(tx, actor, organizationId, "closing-center.user-added", {
        closingCenterId,
        name: center.name,
        email: row.email,
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CLOSING_CENTER_MESSAGES.userAlreadyExists);
    throw error;
  }
  if (!user || user.memberships.length === 0) {
    try {
      await createUserInvitation(
        actor,
        { organizationId, email: input.email, givenName: input.givenName, familyName: input.familyName, roleIds: [] },
        deps,
      );
    } catch (error) {
      // no half-done invitation: without the account's invitation the member row would name nobody
      await deps.db.closingCenterMember.deleteMany({ where: { id: created.id } });
      throw error;
    }
  }
  const [member] = await presentMembers(deps.db, organizationId, [created]);
  if (!member) throw memberNotFound();
  return member;
}

export async function updateClosingCenterMember(
  actor: Actor,
  input: UpdateClosingCenterMember & MemberRef,
  deps: CoreDeps,
): Promise<ClosingCenterMember> {
  const { organizationId, version, enabled } = input;
  await requirePermission(actor, organizationId, MANAGERS, deps);
  await requireClosingCenterFeature(deps.db, organizationId);
  const center = await findClosingCenter(deps.db, input);
  const row = await deps.db.$transaction(async (tx) => {
    const before = await findMember(tx, input);
    const { count } = await tx.closingCenterMember.updateMany({
      where: { id: before.id, version },
      data: { enabled, disabledAt: enabled ? null : new Date(), version: { increment: 1 } },
    });
    if (count === 0) throw new AppError("VERSION_NOT_MATCHED");
    if (before.enabled !== enabled) {
      await audit(tx, actor, organizationId, enabled ? "closing-center.user-enabled" : "closing-center.user-disabled", {
        closingCenterId: center.id,
        name: center.name,
        email: before.email,
      });
    }
    return findMember(tx, input);
  });
  const [member] = await presentMembers(deps.db, organizationId, [row]);
  if (!member) throw memberNotFound();
  return member;
}

/** The person keeps their account (it may belong to other organizations) but sees nothing here any more. */
export async function removeClosingCenterMember(
  actor: Actor,
  input: MemberRef & { version: number },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, version } = input;
  await requirePermission(actor, organizationId, MANAGERS, deps);
  await requireClosingCenterFeature(deps.db, organizationId);
  const center = await findClosingCenter(deps.db, input);
  await deps.db.$transaction(async (tx) => {
    const before = await findMember(tx, input);
    const { count } = await tx.closingCenterMember.deleteMany({ where: { id: before.id, version } });
    if (count === 0) throw new AppError("VERSION_NOT_MATCHED");
    await audit(tx, actor, organizationId, "closing-center.user-removed", {
      closingCenterId: center.id,
      name: center.name,
      email: before.email,
    });
  });
}
