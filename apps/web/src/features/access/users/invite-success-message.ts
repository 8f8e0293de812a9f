import type { CreateUserInvitationResult } from "@signet/contract";

/**
 * The toast after 'Add user', saying what was done: a sign-up link for a new address, or a request
 * to join for someone who already has an account (a member only once they accept, issue 30 §1).
 */
export function inviteSuccessMessage(
  outcome: CreateUserInvitationResult["outcome"],
  email: string,
  groupName: string | null,
  roleNames: readonly string[],
): string {
  const roles = joinNames(roleNames);
  if (outcome === "MEMBERSHIP_REQUESTED") {
    const asked = `${email} already has an account: we asked them to join.`;
    if (!groupName) return `${asked} They become a member once they accept.`;
    return roles
      ? `${asked} Once they accept, they join ${groupName} as ${roles}.`
      : `${asked} Once they accept, they join ${groupName}.`;
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
