import { ROLE_MESSAGES } from "@signet/contract";
import type { Db } from "../db/prisma-client.ts";
import { notFound } from "../errors/app-error.ts";

/** A visible role of this organization, or 404 'Role not found' (hidden roles are never shown). */
export async function findRole(db: Db, organizationId: string, roleId: string) {
  const role = await db.role.findFirst({ where: { id: roleId, organizationId, hidden: false } });
  if (!role) throw notFound(ROLE_MESSAGES.roleNotFound);
  return role;
}
