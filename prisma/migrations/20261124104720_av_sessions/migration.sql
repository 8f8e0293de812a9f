-- CreateEnum
CREATE TYPE "AvSessionStatus" AS ENUM ('LIVE', 'ENDED', 'COMPLETED');

-- CreateTable
CREATE TABLE "AvSession" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "hostParticipantId" UUID NOT NULL,
    "status" "AvSessionStatus" NOT NULL DEFAULT 'LIVE',
    "currentDocumentId" UUID,
    "currentPage" INTEGER NOT NULL DEFAULT 1,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "endedAt" TIMESTAMPTZ(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AvSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AvRecordingChunk" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "sessionId" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "blobKey" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "elapsedMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AvRecordingChunk_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AvRecording" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "sessionId" UUID NOT NULL,
    "blobKey" TEXT NOT NULL,
    "contentType" TEXT NOT NULL DEFAULT 'video/webm',
    "sha256" TEXT NOT NULL,
    "bytes" BIGINT NOT NULL,
    "durationSeconds" INTEGER NOT NULL,
    "chunkCount" INTEGER NOT NULL,
    "retainUntil" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AvRecording_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AvSession_packageId_status_idx" ON "AvSession"("packageId", "status");

-- CreateIndex
CREATE INDEX "AvSession_organizationId_startedAt_idx" ON "AvSession"("organizationId", "startedAt");

-- CreateIndex
CREATE UNIQUE INDEX "AvRecordingChunk_sessionId_index_key" ON "AvRecordingChunk"("sessionId", "index");

-- CreateIndex
CREATE UNIQUE INDEX "AvRecording_sessionId_key" ON "AvRecording"("sessionId");

-- CreateIndex
CREATE INDEX "AvRecording_packageId_idx" ON "AvRecording"("packageId");

-- AddForeignKey
ALTER TABLE "AvSession" ADD CONSTRAINT "AvSession_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "Package"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AvRecordingChunk" ADD CONSTRAINT "AvRecordingChunk_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "AvSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AvRecording" ADD CONSTRAINT "AvRecording_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "AvSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;
