import { type ExecutionType, type ParticipantRole, reviewsOnly } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { loadSigningProgress, type SigningProgress } from "./signing-progress.ts";

type Reader = Db | Prisma.TransactionClient;

/**
 * Whether this participant only reviews (reviewsOnly): the room, the consent disclosure and every
 * email they receive then speak of reviewing, never of signing.
 */
export async function participantReviewsOnly(
  db: Reader,
  participant: { id: string; packageId: string; role: ParticipantRole },
  known?: SigningProgress,
): Promise<boolean> {
  const progress = known ?? (await loadSigningProgress(db, participant.packageId));
  const tagCount = await db.tag.count({ where: { participantId: participant.id } });
  return reviewsOnlyOf(participant, progress, tagCount);
}

/** The same answer from facts already read: the package's progress and the participant's tag count. */
export function reviewsOnlyOf(
  participant: { id: string; role: ParticipantRole },
  progress: SigningProgress,
  tagCount: number,
): boolean {
  const executionTypes = progress.documents
    .map((document) => progress.executionTypeOf(document.id, participant.id))
    .filter((type): type is ExecutionType => type !== null);
  return reviewsOnly({ role: participant.role, executionTypes, tagCount });
}
