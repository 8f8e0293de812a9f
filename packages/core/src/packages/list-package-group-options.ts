import type { PackageGroupOptions } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { loadPackageAccess } from "./package-access.ts";

/**
 * The groups the package builder offers (issue 11 §1): a loan officer who manages packages but may
 * not read the access-control screens still picks the groups a package is shared with. They are the
 * groups the server accepts for the caller's packages (those where they see packages), by name.
 */
export async function listPackageGroupOptions(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<PackageGroupOptions> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("MANAGE_DOCUMENTS_PACKAGES");
  const groups = await deps.db.group.findMany({
    where: { id: { in: access.visibleGroupIds } },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
  });
  return {
    records: groups.map((group) => ({
      groupId: group.id,
      name: group.name,
      manages: access.groups.canIn(group.id, "MANAGE_DOCUMENTS_PACKAGES"),
    })),
  };
}
