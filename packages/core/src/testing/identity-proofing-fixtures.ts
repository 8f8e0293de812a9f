import type { Db } from "../db/index.ts";

/**
 * Records a passed identity-proofing attempt without a provider or a quiz, so tests of what comes
 * after the proofing stage (the A/V session) can start there. The person reference is not a real
 * ciphertext: nothing reads it back.
 */
export async function markIdentityProofed(
  db: Db,
  input: { organizationId: string; packageId: string; participantId: string },
): Promise<void> {
  const now = new Date();
  await db.identityProofingAttempt.create({
    data: {
      organizationId: input.organizationId,
      packageId: input.packageId,
      participantId: input.participantId,
      provider: "fixture",
      personReferenceEncrypted: "fixture",
      quizId: "fixture",
      questions: [],
      startedAt: now,
      expiresAt: now,
      answeredAt: now,
      correctCount: 5,
      outcome: "PASSED",
    },
  });
}
