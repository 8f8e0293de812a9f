import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/index.ts";

/**
 * Whether an A/V signer may enter the host's session (DOMAIN.md §8): true once the participant
 * has a passed identity-proofing attempt for the package they belong to now.
 */
export async function isIdentityProofed(db: Db | Prisma.TransactionClient, participantId: string): Promise<boolean> {
  const participant = await db.participant.findUnique({
    where: { id: participantId },
    select: { packageId: true },
  });
  if (!participant) return false;
  const passed = await db.identityProofingAttempt.findFirst({
    where: { participantId, packageId: participant.packageId, outcome: "PASSED" },
    select: { id: true },
  });
  return passed !== null;
}
