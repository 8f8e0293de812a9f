-- CreateEnum
CREATE TYPE "BulkSendStatus" AS ENUM ('QUEUED', 'RUNNING', 'COMPLETED', 'CANCELLED', 'FAILED');

-- CreateEnum
CREATE TYPE "BulkSendRowStatus" AS ENUM ('PENDING', 'CREATED', 'SENT', 'FAILED', 'SKIPPED');

-- CreateTable
CREATE TABLE "BulkSend" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "templateId" UUID NOT NULL,
    "templateName" TEXT NOT NULL,
    "fileName" TEXT,
    "status" "BulkSendStatus" NOT NULL DEFAULT 'QUEUED',
    "totalRows" INTEGER NOT NULL,
    "createdCount" INTEGER NOT NULL DEFAULT 0,
    "sentCount" INTEGER NOT NULL DEFAULT 0,
    "failedCount" INTEGER NOT NULL DEFAULT 0,
    "skippedCount" INTEGER NOT NULL DEFAULT 0,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "createdById" UUID NOT NULL,
    "actorOrganizationId" UUID NOT NULL,
    "actorSupportUser" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "BulkSend_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BulkSendRow" (
    "id" UUID NOT NULL,
    "bulkSendId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "line" INTEGER NOT NULL,
    "inputCiphertext" TEXT,
    "status" "BulkSendRowStatus" NOT NULL DEFAULT 'PENDING',
    "error" TEXT,
    "packageId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BulkSendRow_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BulkSend_organizationId_templateId_createdAt_idx" ON "BulkSend"("organizationId", "templateId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BulkSendRow_packageId_key" ON "BulkSendRow"("packageId");

-- CreateIndex
CREATE INDEX "BulkSendRow_bulkSendId_status_line_idx" ON "BulkSendRow"("bulkSendId", "status", "line");

-- CreateIndex
CREATE UNIQUE INDEX "BulkSendRow_bulkSendId_line_key" ON "BulkSendRow"("bulkSendId", "line");

-- AddForeignKey
ALTER TABLE "BulkSendRow" ADD CONSTRAINT "BulkSendRow_bulkSendId_fkey" FOREIGN KEY ("bulkSendId") REFERENCES "BulkSend"("id") ON DELETE CASCADE ON UPDATE CASCADE;
