import type { Prisma } from "../db/generated/client.ts";

/**
 * Serialises writers of one organization's group tree and role structures (create, move, delete,
 * role structure changes), so a move cannot create a cycle and the role-mismatch and sub-group
 * checks read what the write will see.
 */
export async function lockGroupTree(tx: Prisma.TransactionClient, organizationId: string): Promise<void> {
  const key = `group-tree:${organizationId}`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}
