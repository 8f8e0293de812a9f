import { IDENTITY_MESSAGES } from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { hashInvitationSecret, sameHash } from "./invitation-secrets.ts";

export const membershipRequestNotFound = () => new AppError("NOT_FOUND", IDENTITY_MESSAGES.membershipRequestNotFound);

/**
 * An open request to join (kind MEMBERSHIP, not answered, not expired, organization enabled), found
 * either for the signed-in person it names or by the emailed link's secret. Anything else answers
 * the same 404, so a link or an id tells nobody whether a request exists.
 */
export async function findMembershipRequest(
  by: { invitationId: string } & ({ userId: string } | { token: string }),
  deps: CoreDeps,
) {
  const invitation = await deps.db.userInvitation.findUnique({ where: { id: by.invitationId } });
  if (invitation?.kind !== "MEMBERSHIP" || !invitation.userId) throw membershipRequestNotFound();
  const holder =
    "userId" in by ? invitation.userId === by.userId : sameHash(invitation.tokenHash, hashInvitationSecret(by.token));
  if (!holder || invitation.status !== "PENDING" || invitation.expiresAt <= new Date()) {
    throw membershipRequestNotFound();
  }
  const organization = await deps.db.organization.findUnique({
    where: { id: invitation.organizationId },
    select: { id: true, name: true, enabled: true },
  });
  if (!organization?.enabled) throw membershipRequestNotFound();
  return { invitation: { ...invitation, userId: invitation.userId }, organization };
}
