import { GROUP_MESSAGES } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { notFound } from "../errors/app-error.ts";

/** A group of this organization, or 404 (another organization's group is never confirmed). */
export async function findGroup(
  db: Db | Prisma.TransactionClient,
  organizationId: string,
  groupId: string,
  message: string = GROUP_MESSAGES.groupOrganizationNotFound,
) {
  const group = await db.group.findFirst({ where: { id: groupId, organizationId } });
  if (!group) throw notFound(message);
  return group;
}

/** Lower-cased, trimmed: names are unique per organization regardless of case. */
export const nameKey = (name: string) => name.trim().toLowerCase();
