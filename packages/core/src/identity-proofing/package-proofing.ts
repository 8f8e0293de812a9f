import { type ParticipantProofing, proofingState } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { proofingRequired } from "./proofing-required.ts";

/** Each participant's identity-proofing outcome, for the sender's package page (issue 16 §2). */
export async function listPackageIdentityProofing(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<{ records: ParticipantProofing[] }> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  const visible = await findVisiblePackage(deps.db, access, input.packageId);
  const pkg = await deps.db.package.findUniqueOrThrow({
    where: { id: visible.id },
    select: {
      avEsign: true,
      participants: {
        select: {
          id: true,
          avHost: true,
          role: true,
          identityProofingAttempts: { where: { packageId: visible.id }, orderBy: { startedAt: "asc" } },
        },
        orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
      },
    },
  });
  const now = new Date();
  return {
    records: pkg.participants.map((participant) => {
      const attempts = participant.identityProofingAttempts;
      const state = proofingState(attempts, now);
      const passed = attempts.find((attempt) => attempt.outcome === "PASSED");
      return {
        participantId: participant.id,
        required: proofingRequired(pkg, participant),
        state: state.kind,
        attempts: attempts.length,
        lastOutcome: state.lastOutcome,
        lastCorrectCount: state.lastCorrectCount,
        passedAt: passed?.answeredAt?.toISOString() ?? null,
        lockedUntil: state.kind === "locked" && state.until ? state.until.toISOString() : null,
      };
    }),
  };
}
