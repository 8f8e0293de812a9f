import { type CreateUserInvitationResult, INVITATION_MESSAGES } from "@signet/contract";

/**
 * The toast after 'Add user', saying what was done: the spec's 'User added. Next, add this user to
 * groups.' fits only when no group was chosen; with a group (and roles) the person is already placed.
 */
export function inviteSuccessMessage(
  outcome: CreateUserInvitationResult["outcome"],
  email: string,
  groupName: string | null,
  roleNames: readonly string[],
): string {
  const roles = joinNames(roleNames);
  if (outcome === "MEMBERSHIP_ADDED") {
    if (!groupName) return INVITATION_MESSAGES.userAdded;
    return roles ? `User added to ${groupName} as ${roles}.` : `User added to ${groupName}. Next, assign roles.`;
  }
  if (!groupName) return `Invitation sent to ${email}. Next, add this user to groups.`;
  return roles
    ? `Invitation sent to ${email}. They will join ${groupName} as ${roles}.`
    : `Invitation sent to ${email}. They will join ${groupName}.`;
}

function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
