-- AlterEnum
ALTER TYPE "IdVerificationMethod" ADD VALUE 'EMAIL_CODE';

-- AlterEnum
ALTER TYPE "ParticipantSigningStatus" ADD VALUE 'DELEGATED';

-- AlterTable
ALTER TABLE "Participant" ADD COLUMN     "delegatedAt" TIMESTAMPTZ(3),
ADD COLUMN     "delegatedFromParticipantId" UUID,
ADD COLUMN     "delegationAllowed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "delegationReason" TEXT;

-- AddForeignKey
ALTER TABLE "Participant" ADD CONSTRAINT "Participant_delegatedFromParticipantId_fkey" FOREIGN KEY ("delegatedFromParticipantId") REFERENCES "Participant"("id") ON DELETE SET NULL ON UPDATE CASCADE;
