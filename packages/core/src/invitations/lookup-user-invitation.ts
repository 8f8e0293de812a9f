import type { InvitationLookup } from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import { findUsableInvitation } from "./find-usable-invitation.ts";

/** What the sign-up page shows for an invitation link. */
export async function lookupUserInvitation(
  input: { invitationId: string; token: string },
  deps: CoreDeps,
): Promise<InvitationLookup> {
  const { invitation, organization } = await findUsableInvitation(input, deps);
  return {
    email: invitation.email,
    givenName: invitation.givenName,
    familyName: invitation.familyName,
    organizationName: organization.name,
    status: invitation.status === "REGISTERED" ? "REGISTERED" : "PENDING",
  };
}
