import { GROUP_MESSAGES } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import { conflict } from "./conflict.ts";

/**
 * Every rule that refuses deleting a group (spec §5), in one place. Runs inside the delete's
 * transaction, after lockGroupTree (package creation and package-groups changes take the same lock,
 * so no package can gain this group as its only group meanwhile).
 */
export async function assertGroupDeletable(
  tx: Prisma.TransactionClient,
  group: { id: string; organizationId: string },
): Promise<void> {
  const subGroups = await tx.group.count({ where: { organizationId: group.organizationId, parentId: group.id } });
  if (subGroups > 0) throw conflict(GROUP_MESSAGES.hasSubGroups);
  // spec §5: the only group with access to a package cannot be deleted
  const onlyGroupOf = await tx.packageGroup.count({
    where: { groupId: group.id, package: { groups: { every: { groupId: group.id } } } },
  });
  if (onlyGroupOf > 0) throw conflict(GROUP_MESSAGES.onlyPackageGroup);
}
