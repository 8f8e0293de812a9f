-- AlterEnum
ALTER TYPE "TagType" ADD VALUE 'WITNESS_SIGNATURE';

-- AlterTable
ALTER TABLE "Participant" ADD COLUMN     "witnessForParticipantId" UUID;

-- CreateIndex
CREATE INDEX "Participant_witnessForParticipantId_idx" ON "Participant"("witnessForParticipantId");

-- AddForeignKey
ALTER TABLE "Participant" ADD CONSTRAINT "Participant_witnessForParticipantId_fkey" FOREIGN KEY ("witnessForParticipantId") REFERENCES "Participant"("id") ON DELETE SET NULL ON UPDATE CASCADE;
