import type { Package } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { revokeSigningAccess } from "../signing/revoke-signing-access.ts";
import { runPackageAction } from "./run-package-action.ts";

/**
 * DOMAIN.md §1: correction (AVAILABLE_TO_SIGNERS → STARTED) needs INITIATE_CORRECTION in one of the
 * package's groups besides MANAGE_DOCUMENTS_PACKAGES. Open sessions and links expire at once; the
 * package becomes editable (unsent) again. Values on documents that stay are kept; a tag removed or
 * a document replaced takes its values with it, and a finished participant whose required fields
 * lost their values is invited again at the next send.
 */
export async function correctPackage(
  actor: Actor,
  input: { organizationId: string; packageId: string; version: number },
  deps: CoreDeps,
): Promise<Package> {
  return runPackageAction(
    actor,
    { ...input, action: "correct", alsoNeeds: "INITIATE_CORRECTION" },
    deps,
    async (tx) => {
      await revokeSigningAccess(tx, input.packageId, "CORRECTED");
      return { changes: { sentAt: null }, auditType: "package.corrected" };
    },
  );
}
