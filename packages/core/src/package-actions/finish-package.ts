import { completionOutcome, PACKAGE_ACTION_MESSAGES, type Package } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueSeal } from "../signing/complete-package.ts";
import { loadSigningProgress } from "../signing/signing-progress.ts";
import { runPackageAction } from "./run-package-action.ts";

/**
 * DOMAIN.md §1: the member confirms the paper documents were executed (AVAILABLE_TO_SIGNERS →
 * COMPLETED). Everyone who signs or reviews electronically must have finished first — sealing a
 * document with signatures missing would certify what did not happen — and the seal is queued.
 */
export async function finishPackage(
  actor: Actor,
  input: { organizationId: string; packageId: string; version: number },
  deps: CoreDeps,
): Promise<Package> {
  return runPackageAction(actor, { ...input, action: "finish" }, deps, async (tx, claimed) => {
    const progress = await loadSigningProgress(tx, input.packageId);
    const outcome = completionOutcome({
      participants: progress.participants,
      avEsign: false,
      hasPaperDocuments: false,
    });
    if (outcome === null) throw new AppError("CONFLICT", PACKAGE_ACTION_MESSAGES.participantsStillSigning);
    await enqueueSeal(tx, claimed.current.id);
    return { changes: { completedAt: new Date() }, auditType: "package.completed", auditData: { by: "finish" } };
  });
}
