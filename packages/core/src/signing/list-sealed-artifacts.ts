import type { SealedArtifact } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { toArtifact, visiblePackage } from "./signing-admin-rules.ts";

export async function listSealedArtifacts(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<{ records: SealedArtifact[]; count: number }> {
  await visiblePackage(actor, input, deps);
  // files appear once the whole package is sealed (the job writes them one by one, then seals the
  // package): a caller never sees a document without its certificate, like the zip's 409
  const rows = await deps.db.sealedArtifact.findMany({
    where: { packageId: input.packageId, package: { sealedAt: { not: null } } },
    orderBy: [{ kind: "asc" }, { sealedAt: "asc" }],
  });
  return { records: rows.map(toArtifact), count: rows.length };
}
