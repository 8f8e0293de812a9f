import { MEMBERSHIP_MESSAGES } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";

/** A member's roles in a group must come from the group's role structure (else 400). De-duplicates. */
export async function assertStructureRoles(
  tx: Prisma.TransactionClient,
  groupId: string,
  roleIds: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(roleIds)];
  const found = await tx.groupRole.count({ where: { groupId, roleId: { in: unique }, role: { hidden: false } } });
  if (found !== unique.length) throw new AppError("BAD_REQUEST", MEMBERSHIP_MESSAGES.rolesAssignUnsuccessful);
  return unique;
}
