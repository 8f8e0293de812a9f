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

/**
 * The same answers as assertPackageGroups, for a check made before a write that checks the groups'
 * existence again itself (under the group tree's lock): groups the caller's access already lists
 * as visible in this organization need no query; only an id it does not list is looked up, to tell
 * an unknown group (404) from one the caller cannot see (403).
 */
export async function assertPackageGroupsBeforeWrite(
  db: Db,
  access: PackageAccess,
  groupIds: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(groupIds)];
  const visible = new Set(access.visibleGroupIds);
  if (unique.length > 0 && unique.every((id) => visible.has(id))) return unique;
  return assertPackageGroups(db, access, unique);
}
