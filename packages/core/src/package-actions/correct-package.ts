import type { Package } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { runPackageAction } from "./run-package-action.ts";

/**
 * DOMAIN.md §1: correction (AVAILABLE_TO_SIGNERS → STARTED) needs INITIATE_CORRECTION in one of the
 * package's groups besides MANAGE_DOCUMENTS_PACKAGES. Expiring open sessions and links and clearing
 * signatures of changed documents arrive with the signing room.
 */
export async function correctPackage(
  actor: Actor,
  input: { organizationId: string; packageId: string; version: number },
  deps: CoreDeps,
): Promise<Package> {
  return runPackageAction(actor, { ...input, action: "correct", alsoNeeds: "INITIATE_CORRECTION" }, deps, async () => ({
    auditType: "package.corrected",
  }));
}
