-- CreateEnum
CREATE TYPE "NotificationChannel" AS ENUM ('EMAIL', 'SMS');

-- CreateEnum
CREATE TYPE "NotificationStatus" AS ENUM ('SENT', 'FAILED');

-- AlterTable
ALTER TABLE "Package" ADD COLUMN     "emailTemplateId" UUID;

-- CreateTable
CREATE TABLE "EmailTemplate" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "subjectEn" TEXT NOT NULL,
    "bodyEn" TEXT NOT NULL,
    "subjectEs" TEXT,
    "bodyEs" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "EmailTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationRecord" (
    "id" UUID NOT NULL,
    "messageKey" TEXT NOT NULL,
    "organizationId" UUID,
    "channel" "NotificationChannel" NOT NULL,
    "kind" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "subject" TEXT,
    "packageId" UUID,
    "participantId" UUID,
    "status" "NotificationStatus" NOT NULL,
    "answer" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotificationRecord_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EmailTemplate_organizationId_kind_isDefault_idx" ON "EmailTemplate"("organizationId", "kind", "isDefault");

-- CreateIndex
CREATE UNIQUE INDEX "EmailTemplate_organizationId_kind_name_key" ON "EmailTemplate"("organizationId", "kind", "name");

-- CreateIndex
CREATE UNIQUE INDEX "NotificationRecord_messageKey_key" ON "NotificationRecord"("messageKey");

-- CreateIndex
CREATE INDEX "NotificationRecord_lastAttemptAt_idx" ON "NotificationRecord"("lastAttemptAt");

-- CreateIndex
CREATE INDEX "NotificationRecord_organizationId_lastAttemptAt_idx" ON "NotificationRecord"("organizationId", "lastAttemptAt");

-- CreateIndex
CREATE INDEX "NotificationRecord_status_lastAttemptAt_idx" ON "NotificationRecord"("status", "lastAttemptAt");

-- CreateIndex
CREATE INDEX "NotificationRecord_recipient_idx" ON "NotificationRecord"("recipient");

-- CreateIndex
CREATE INDEX "NotificationRecord_packageId_idx" ON "NotificationRecord"("packageId");

-- AddForeignKey
ALTER TABLE "EmailTemplate" ADD CONSTRAINT "EmailTemplate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
