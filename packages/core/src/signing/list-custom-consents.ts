import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { signingSettingsAccess, toConsent } from "./signing-admin-rules.ts";

export async function listCustomConsents(actor: Actor, input: { organizationId: string }, deps: CoreDeps) {
  await signingSettingsAccess(actor, input.organizationId, deps, false);
  const rows = await deps.db.consentDocument.findMany({
    where: { organizationId: input.organizationId },
    orderBy: { version: "desc" },
  });
  return { records: rows.map(toConsent), count: rows.length };
}
