import type { Package } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { runPackageAction } from "./run-package-action.ts";

/** DOMAIN.md §1: the member confirms the paper documents were executed (AVAILABLE_TO_SIGNERS → COMPLETED). */
export async function finishPackage(
  actor: Actor,
  input: { organizationId: string; packageId: string; version: number },
  deps: CoreDeps,
): Promise<Package> {
  return runPackageAction(actor, { ...input, action: "finish" }, deps, async () => ({
    auditType: "package.completed",
    auditData: { by: "finish" },
  }));
}
