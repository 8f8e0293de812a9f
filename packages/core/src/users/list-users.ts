import type { UserListQuery, UserPage } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { presentUsers } from "./present-users.ts";
import { userSearchWhere } from "./user-search.ts";

type Direction = "asc" | "desc";

function orderBy(sortBy: UserListQuery["sortBy"], direction: Direction): Prisma.MembershipOrderByWithRelationInput[] {
  const byName = (order: Direction): Prisma.MembershipOrderByWithRelationInput[] => [
    { user: { givenName: order } },
    { user: { familyName: order } },
  ];
  // ties of the other sorts read alphabetically
  switch (sortBy) {
    case "name":
      return byName(direction);
    case "email":
      return [{ user: { email: direction } }];
    case "lastSignIn":
      // never signed in sorts last either way
      return [{ user: { lastSignInAt: { sort: direction, nulls: "last" } } }, ...byName("asc")];
    case "status":
      // ascending reads Active before Inactive, as the status column shows them
      return [{ enabled: direction === "asc" ? "desc" : "asc" }, { user: { status: direction } }, ...byName("asc")];
  }
}

/** The users of an organization (its memberships), paged; VIEW_USERS_GROUPS_ROLES. */
export async function listUsers(
  actor: Actor,
  input: UserListQuery & { organizationId: string },
  deps: CoreDeps,
): Promise<UserPage> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, "VIEW_USERS_GROUPS_ROLES", deps);
  const where: Prisma.MembershipWhereInput = {
    organizationId,
    ...(input.status === "ACTIVE" ? { enabled: true } : input.status === "INACTIVE" ? { enabled: false } : {}),
    user: {
      // people only: API users are listed on their own screen (api-clients)
      apiUser: null,
      ...userSearchWhere(input.search),
      ...(input.status === "LOCKED" ? { credential: { lockedUntil: { gt: new Date() } } } : {}),
    },
  };
  const [memberships, count] = await Promise.all([
    deps.db.membership.findMany({
      where,
      orderBy: [...orderBy(input.sortBy, input.sortDirection), { userId: "asc" }],
      skip: (input.pageNumber - 1) * input.pageSize,
      take: input.pageSize,
      select: { userId: true },
    }),
    deps.db.membership.count({ where }),
  ]);
  const records = await presentUsers(
    deps.db,
    organizationId,
    memberships.map((m) => m.userId),
  );
  return { records, count };
}
