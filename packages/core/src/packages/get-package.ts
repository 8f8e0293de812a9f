import type { Package } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findVisiblePackage } from "./find-package.ts";
import { loadPackageAccess } from "./package-access.ts";
import { readPackageViewRow, toPackageView } from "./package-views.ts";
import { readTridContext } from "./trid-view.ts";

export async function getPackage(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<Package> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  if (!access.canViewTemplates) access.require("VIEW_DOCUMENTS_PACKAGES");
  // in one round: the view is returned only once the visibility check passed (it throws 404 otherwise)
  const [, row, trid] = await Promise.all([
    findVisiblePackage(deps.db, access, input.packageId),
    readPackageViewRow(deps.db, access.organizationId, input.packageId),
    readTridContext(deps.db, access.organizationId),
  ]);
  return toPackageView(row, input.packageId, access, trid);
}
