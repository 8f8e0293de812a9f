import { VIEW_PERMISSIONS } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";

const startedAt = new Date().toISOString();

/** Spec §6: Build Info is for users of a support organization holding any view permission. */
export async function getBuildInfo(actor: Actor, deps: CoreDeps) {
  if (actor.kind !== "user" || !actor.organizationId) throw new AppError("UNAUTHORIZED");
  await requirePermission(actor, actor.organizationId, VIEW_PERMISSIONS, deps);
  const organization = await deps.db.organization.findUnique({
    where: { id: actor.organizationId },
    select: { eoSupport: true },
  });
  if (!organization?.eoSupport) throw new AppError("FORBIDDEN");
  return {
    version: deps.config.BUILD_VERSION,
    commit: deps.config.BUILD_COMMIT,
    builtAt: deps.config.BUILD_TIME ?? startedAt,
    node: process.version,
    startedAt,
  };
}
