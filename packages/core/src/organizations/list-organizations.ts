import { hasPermission, type OrganizationListQuery, type OrganizationPage } from "@signet/contract";
import { resolveOrganizationAccess } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { presentOrganizations } from "./present-organizations.ts";

const SORT_COLUMNS = { name: "nameKey", createdAt: "createdAt", lastUpdatedAt: "lastUpdatedAt" } as const;

/**
 * A support user holding VIEW_MANAGE_ORGANIZATIONS sees every organization; anyone else sees only
 * the organization of their token. Paged, sorted and filtered the same way for both.
 */
export async function listOrganizations(
  actor: Actor,
  query: OrganizationListQuery,
  deps: CoreDeps,
): Promise<OrganizationPage> {
  if (actor.kind !== "user") throw new AppError("UNAUTHORIZED");
  if (!actor.organizationId) throw new AppError("ORGANIZATION_NOT_SELECTED");
  const access = await resolveOrganizationAccess(actor, actor.organizationId, deps);
  const seesAll = actor.supportUser && hasPermission(access.permissions, "VIEW_MANAGE_ORGANIZATIONS");
  const where: Prisma.OrganizationWhereInput = {
    ...(seesAll ? {} : { id: actor.organizationId }),
    ...(query.type === "ACTIVE" ? { enabled: true } : query.type === "INACTIVE" ? { enabled: false } : {}),
    ...(query.search ? { name: { contains: query.search, mode: "insensitive" } } : {}),
  };
  const [rows, count] = await Promise.all([
    deps.db.organization.findMany({
      where,
      orderBy: [{ [SORT_COLUMNS[query.sortBy]]: query.sortDirection }, { id: "asc" }],
      skip: (query.pageNumber - 1) * query.pageSize,
      take: query.pageSize,
    }),
    deps.db.organization.count({ where }),
  ]);
  return { records: await presentOrganizations(deps.db, rows), count };
}
