import { INVITATION_MESSAGES } from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { hashInvitationSecret, sameHash } from "./invitation-secrets.ts";

export const invitationNotFound = () => new AppError("NOT_FOUND", INVITATION_MESSAGES.invitationNotFound);
export const accountAlreadyCreated = () => new AppError("ALREADY_EXISTS", INVITATION_MESSAGES.accountAlreadyCreated);

/**
 * The invitation of a sign-up link, if the link is still good. An unknown id, a wrong secret, a
 * revoked or expired invitation and a deactivated organization all answer the same 404; an
 * invitation already used — or an address that meanwhile has an account — answers 409.
 */
export async function findUsableInvitation(input: { invitationId: string; token: string }, deps: CoreDeps) {
  const invitation = await deps.db.userInvitation.findUnique({ where: { id: input.invitationId } });
  if (!invitation || !sameHash(invitation.tokenHash, hashInvitationSecret(input.token))) throw invitationNotFound();
  if (invitation.status === "ACCEPTED") throw accountAlreadyCreated();
  if (invitation.status === "REVOKED" || invitation.expiresAt <= new Date()) throw invitationNotFound();
  const organization = await deps.db.organization.findUnique({ where: { id: invitation.organizationId } });
  if (!organization?.enabled) throw invitationNotFound();
  const account = await deps.db.user.findUnique({
    where: { email: invitation.email },
    select: { id: true, status: true, _count: { select: { memberships: true } } },
  });
  if (account && hasAccount(account)) throw accountAlreadyCreated();
  return { invitation, organization, pendingUserId: account?.id ?? null };
}

/**
 * A user row in status INVITED without memberships is a sign-up waiting for its verification code,
 * not an account yet: an invitation may take it over.
 */
export function hasAccount(user: { status: string; _count: { memberships: number } }): boolean {
  return user.status === "ACTIVE" || user._count.memberships > 0;
}
