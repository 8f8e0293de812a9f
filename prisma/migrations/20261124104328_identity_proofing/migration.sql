-- CreateEnum
CREATE TYPE "IdentityProofingOutcome" AS ENUM ('PASSED', 'FAILED', 'EXPIRED');

-- CreateTable
CREATE TABLE "IdentityProofingAttempt" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "personReferenceEncrypted" TEXT NOT NULL,
    "quizId" TEXT NOT NULL,
    "questions" JSONB NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "answeredAt" TIMESTAMPTZ(3),
    "correctCount" INTEGER,
    "outcome" "IdentityProofingOutcome",

    CONSTRAINT "IdentityProofingAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IdentityProofingAttempt_participantId_startedAt_idx" ON "IdentityProofingAttempt"("participantId", "startedAt");

-- CreateIndex
CREATE INDEX "IdentityProofingAttempt_organizationId_packageId_idx" ON "IdentityProofingAttempt"("organizationId", "packageId");

-- AddForeignKey
ALTER TABLE "IdentityProofingAttempt" ADD CONSTRAINT "IdentityProofingAttempt_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
