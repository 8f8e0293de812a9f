import type { Package } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findVisiblePackage } from "./find-package.ts";
import { loadPackageAccess } from "./package-access.ts";
import { loadPackageView } from "./package-views.ts";

export async function getPackage(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<Package> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  if (!access.canViewTemplates) access.require("VIEW_DOCUMENTS_PACKAGES");
  await findVisiblePackage(deps.db, access, input.packageId);
  return loadPackageView(deps.db, access, input.packageId);
}
