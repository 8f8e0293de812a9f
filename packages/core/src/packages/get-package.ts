import type { Package } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { visibleOrNotFound } from "./find-package.ts";
import { loadPackageAccess } from "./package-access.ts";
import { toPackageView } from "./package-views.ts";
import { readPackageViewRow } from "./read-package-view-row.ts";
import { readTridContext } from "./trid-view.ts";

export async function getPackage(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<Package> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  if (!access.canViewTemplates) access.require("VIEW_DOCUMENTS_PACKAGES");
  // in one round: the row (with its groups and participants) and the TRID settings; the row is
  // judged by findVisiblePackage's rule before anything of it is returned (404 otherwise)
  const [row, trid] = await Promise.all([
    readPackageViewRow(deps.db, access.organizationId, input.packageId),
    readTridContext(deps.db, access.organizationId),
  ]);
  await visibleOrNotFound(deps.db, access, input.packageId, row);
  return toPackageView(row, input.packageId, access, trid);
}
