import { GROUP_MESSAGES } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import { conflict } from "./conflict.ts";

/**
 * Every rule that refuses deleting a group (spec §5), in one place. Runs inside the delete's
 * transaction, after lockGroupTree.
 *
 * Not built yet: "the only group with access to a package cannot be deleted" (409
 * GROUP_MESSAGES.onlyPackageGroup) arrives with packages and belongs here.
 */
export async function assertGroupDeletable(
  tx: Prisma.TransactionClient,
  group: { id: string; organizationId: string },
): Promise<void> {
  const subGroups = await tx.group.count({ where: { organizationId: group.organizationId, parentId: group.id } });
  if (subGroups > 0) throw conflict(GROUP_MESSAGES.hasSubGroups);
}
