-- AlterTable
ALTER TABLE "SealedArtifact" ADD COLUMN     "lastTimestampAt" TIMESTAMPTZ(3),
ADD COLUMN     "lastTimestampTsa" TEXT,
ADD COLUMN     "padesLevel" TEXT,
ADD COLUMN     "renewTimestampBy" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "SealedArtifact_renewTimestampBy_idx" ON "SealedArtifact"("renewTimestampBy");
