import type { Prisma } from "../db/generated/client.ts";

/**
 * Spec §4 cancel / DOMAIN.md §1 correction: open sessions and unused links of the package stop
 * working at once (in the caller's transaction). Participants who had not finished wait again, so a
 * later send invites them anew.
 */
export async function revokeSigningAccess(
  tx: Prisma.TransactionClient,
  packageId: string,
  reason: "CANCELLED" | "EXPIRED" | "CORRECTED" | "CONSENT_WITHDRAWN" | "DELETED",
  now = new Date(),
): Promise<void> {
  await tx.signingSession.updateMany({
    where: { packageId, revokedAt: null },
    data: { revokedAt: now, revokedReason: reason },
  });
  await tx.signingLink.updateMany({ where: { packageId, revokedAt: null, usedAt: null }, data: { revokedAt: now } });
  if (reason === "CONSENT_WITHDRAWN") return;
  await tx.participant.updateMany({
    where: { packageId, signingStatus: { in: ["INVITED", "OPENED"] } },
    data: { signingStatus: "WAITING" },
  });
}
