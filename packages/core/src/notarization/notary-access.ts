import type { NotaryStateRule } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden } from "../errors/app-error.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";

/**
 * Who may see notary data in an organization: the member themself (self-service) and
 * administrators (MANAGE_ADMIN_SETTINGS), who list every notary and every journal. The journal is
 * the notary's own record, so other members see none of it. Another organization answers 404
 * (loadGroupAccess resolves tenancy first).
 */
export async function notaryAccess(actor: Actor, organizationId: string, deps: CoreDeps) {
  const access = await loadGroupAccess(actor, organizationId, deps);
  if (actor.kind !== "user") throw forbidden();
  return { userId: actor.userId, admin: access.canInOrganization("MANAGE_ADMIN_SETTINGS") };
}

/** The state's configured rule (NOTARY_STATE_RULES), or none: the common core applies. */
export function stateRule(deps: Pick<CoreDeps, "config">, state: string): NotaryStateRule | undefined {
  return deps.config.NOTARY_STATE_RULES[state];
}
