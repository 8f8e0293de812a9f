import type { MembershipRequestList, MembershipRequestLookup } from "@signet/contract";
import type { UserActor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findMembershipRequest } from "./find-membership-request.ts";
import { presentPendingInvitations } from "./list-user-invitations.ts";

/** The requests to join waiting for the signed-in person's answer (organization picker, notice after sign-in). */
export async function listMyMembershipRequests(actor: UserActor, deps: CoreDeps): Promise<MembershipRequestList> {
  const rows = await deps.db.userInvitation.findMany({
    where: { userId: actor.userId, kind: "MEMBERSHIP", status: "PENDING", expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    take: 50,
  });
  const organizations = await deps.db.organization.findMany({
    where: { id: { in: rows.map((row) => row.organizationId) }, enabled: true },
    select: { id: true, name: true },
  });
  const records = [];
  for (const row of rows) {
    const organization = organizations.find((o) => o.id === row.organizationId);
    if (!organization) continue;
    const [named] = await presentPendingInvitations(deps, row.organizationId, [row]);
    records.push({
      id: row.id,
      organizationId: organization.id,
      organizationName: organization.name,
      invitedByName: named?.invitedByName ?? null,
      groupName: named?.groupName ?? null,
      roleNames: named?.roleNames ?? [],
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    });
  }
  return { records };
}

/** What the page of an emailed request shows before the person answers. */
export async function lookupMembershipRequest(
  input: { invitationId: string; token: string },
  deps: CoreDeps,
): Promise<MembershipRequestLookup> {
  const { invitation, organization } = await findMembershipRequest(input, deps);
  const [named] = await presentPendingInvitations(deps, organization.id, [invitation]);
  return {
    email: invitation.email,
    organizationName: organization.name,
    invitedByName: named?.invitedByName ?? null,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}
