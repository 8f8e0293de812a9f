import type { SendCheck } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { automaticMailingWarnings } from "../print-mail/automatic-mailing-job.ts";
import { sendProblems } from "./send-package.ts";

/**
 * The review step's checklist (issue 4 §6): the same problems the send refuses with, so the
 * review shows everything that is missing before the member presses Send.
 */
export async function getSendCheck(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<SendCheck> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  await findVisiblePackage(deps.db, access, input.packageId);
  return deps.db.$transaction(async (tx) => {
    const pkg = await tx.package.findUniqueOrThrow({ where: { id: input.packageId } });
    const problems = await sendProblems(tx, pkg, new Date());
    return { ready: problems.length === 0, problems, warnings: await automaticMailingWarnings(tx, pkg) };
  });
}
