import { PACKAGE_MESSAGES } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import type { PackageAccess } from "./package-access.ts";

/**
 * The groups named for a package: each a group of this organization (404 'Selected group not
 * found.' otherwise, the same for another organization's id as for an unknown one) in which the
 * caller sees packages (403).
 */
export async function assertPackageGroups(
  db: Db | Prisma.TransactionClient,
  access: PackageAccess,
  groupIds: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(groupIds)];
  if (unique.length === 0) throw new AppError("BAD_REQUEST", PACKAGE_MESSAGES.groupRequired);
  const found = await db.group.count({ where: { organizationId: access.organizationId, id: { in: unique } } });
  if (found !== unique.length) throw notFound(PACKAGE_MESSAGES.selectedGroupNotFound);
  if (!unique.every((id) => access.canView([id]))) throw forbidden(PACKAGE_MESSAGES.groupNotVisible);
  return unique;
}
