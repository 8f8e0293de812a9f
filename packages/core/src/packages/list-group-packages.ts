import type { GroupPackagesQuery, PackageList } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findGroup } from "../groups/find-group.ts";
import { packageFilterWhere } from "./list-packages.ts";
import { loadPackageAccess } from "./package-access.ts";
import { packageViewInclude, toPackage } from "./package-views.ts";
import { readTridContext } from "./trid-view.ts";

/**
 * Spec §7 group packages: the packages shared with one group of the organization (404 for another
 * organization's group), with the package list's filters and paging, limited to those the caller
 * sees (VIEW_DOCUMENTS_PACKAGES in one of the package's groups).
 */
export async function listGroupPackages(
  actor: Actor,
  input: GroupPackagesQuery & { organizationId: string; groupId: string },
  deps: CoreDeps,
): Promise<PackageList> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  await findGroup(deps.db, input.organizationId, input.groupId);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  const where = packageFilterWhere(access, { ...input, groupId: input.groupId });
  const [rows, count] = await Promise.all([
    deps.db.package.findMany({
      where,
      include: packageViewInclude,
      orderBy: [{ [input.sortBy]: input.sortDirection }, { id: input.sortDirection }],
      skip: (input.pageNumber - 1) * input.pageSize,
      take: input.pageSize,
    }),
    deps.db.package.count({ where }),
  ]);
  const trid = await readTridContext(deps.db, input.organizationId);
  return { records: rows.map((row) => toPackage(row, access, trid)), count };
}
