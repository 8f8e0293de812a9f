import type { UserInvitation } from "@signet/contract";
import type { Prisma, UserInvitation as UserInvitationRow } from "../db/generated/client.ts";
import { OPEN_INVITATION_STATUSES } from "./list-user-invitations.ts";

export function presentInvitation(row: UserInvitationRow): UserInvitation {
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    givenName: row.givenName,
    familyName: row.familyName,
    status: row.status,
    kind: row.kind,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    invitedBy: row.invitedById,
    groupId: row.groupId,
    roleIds: row.roleIds,
  };
}

/** Inviting an address again replaces its open invitation: only the newest link works. */
export async function replaceOpenInvitations(tx: Prisma.TransactionClient, organizationId: string, email: string) {
  await tx.userInvitation.updateMany({
    where: { organizationId, email, status: { in: [...OPEN_INVITATION_STATUSES] } },
    data: { status: "REVOKED", verificationCodeHash: null, version: { increment: 1 } },
  });
}
