import { ROLE_MESSAGES } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { notFound } from "../errors/app-error.ts";

/** Role ids from a request body must be visible roles of this organization (else 404). Returns them de-duplicated. */
export async function assertOrganizationRoles(
  db: Db | Prisma.TransactionClient,
  organizationId: string,
  roleIds: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(roleIds)];
  if (unique.length === 0) return unique;
  const found = await db.role.count({ where: { organizationId, hidden: false, id: { in: unique } } });
  if (found !== unique.length) throw notFound(ROLE_MESSAGES.roleOrganizationNotFound);
  return unique;
}
