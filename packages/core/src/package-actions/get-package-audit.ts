import { type PackageAudit, participantDisplayName } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { verifyAuditChain } from "../audit/verify-audit-chain.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };

/** DOMAIN.md §4: the package's audit events, oldest first, and whether its hash chain re-verifies. */
export async function getPackageAudit(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<PackageAudit> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  await findVisiblePackage(deps.db, access, input.packageId);
  const events = await deps.db.auditEvent.findMany({
    where: { streamType: "package", streamId: input.packageId },
    orderBy: { sequence: "asc" },
  });
  const chain = await verifyAuditChain(deps.db, "package", input.packageId);
  const actorIds = [...new Set(events.flatMap((event) => (event.actorId ? [event.actorId] : [])))];
  const users = await deps.db.user.findMany({
    where: { id: { in: actorIds } },
    select: { id: true, givenName: true, familyName: true },
  });
  const participants = await deps.db.participant.findMany({
    where: { id: { in: actorIds }, packageId: input.packageId },
  });
  const names = new Map([
    ...users.map((user): [string, string] => [user.id, `${user.givenName} ${user.familyName}`.trim()]),
    // participants act in the signing room: named by their display name and names
    ...participants.map((participant): [string, string] => [
      participant.id,
      `${participantDisplayName(participant)}${participant.givenName ? ` (${[participant.givenName, participant.familyName].filter(Boolean).join(" ")})` : ""}`,
    ]),
  ]);
  return {
    packageId: input.packageId,
    events: events.map((event) => ({
      sequence: event.sequence,
      type: event.type,
      occurredAt: event.occurredAt.toISOString(),
      actorId: event.actorId,
      actorName: event.actorId ? (names.get(event.actorId) ?? null) : null,
      actorRole: event.actorRole,
      ip: event.ip,
      userAgent: event.userAgent,
      data: asRecord(event.data),
      prevHash: event.prevHash,
      hash: event.hash,
    })),
    chainValid: chain.valid,
    brokenAt: chain.valid ? null : chain.brokenAt,
  };
}
