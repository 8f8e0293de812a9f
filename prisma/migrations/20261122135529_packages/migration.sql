-- CreateEnum
CREATE TYPE "PackageStatus" AS ENUM ('STARTED', 'AVAILABLE_TO_SIGNERS', 'EDEPOSIT_PENDING', 'COMPLETED', 'EDEPOSITED', 'CANCELLED', 'CONSENT_WITHDRAWN', 'PENDING_ENOTARY');

-- CreateEnum
CREATE TYPE "PackageStepOrder" AS ENUM ('AFTER_ESIGN', 'BEFORE_ESIGN');

-- CreateEnum
CREATE TYPE "PackageSigningOrder" AS ENUM ('PARALLEL', 'PARTICIPANT');

-- CreateEnum
CREATE TYPE "ParticipantAccessMethod" AS ENUM ('EMAIL', 'SMS', 'API');

-- CreateTable
CREATE TABLE "Package" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "shortId" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT 'New document package',
    "status" "PackageStatus" NOT NULL DEFAULT 'STARTED',
    "paperOrder" "PackageStepOrder" NOT NULL DEFAULT 'AFTER_ESIGN',
    "stipsOrder" "PackageStepOrder" NOT NULL DEFAULT 'AFTER_ESIGN',
    "signingOrder" "PackageSigningOrder" NOT NULL DEFAULT 'PARALLEL',
    "scheduledAvailability" BOOLEAN NOT NULL DEFAULT false,
    "scheduledOn" TIMESTAMPTZ(3),
    "expirationType" TEXT,
    "scheduledExpiryDays" INTEGER,
    "scheduledExpiryTime" TEXT,
    "packageExpiresAt" TIMESTAMPTZ(3),
    "enablePrintFulfillment" BOOLEAN NOT NULL DEFAULT false,
    "printServiceProvider" TEXT NOT NULL DEFAULT 'WK',
    "transactionId" TEXT,
    "avEsign" BOOLEAN NOT NULL DEFAULT false,
    "packageCollaboration" BOOLEAN NOT NULL DEFAULT false,
    "emailSubject" TEXT,
    "emailIntroText" TEXT,
    "emailDocumentId" UUID,
    "emailIsDefault" BOOLEAN NOT NULL DEFAULT true,
    "vaultId" TEXT,
    "cancelReason" TEXT,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Package_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PackageGroup" (
    "packageId" UUID NOT NULL,
    "groupId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PackageGroup_pkey" PRIMARY KEY ("packageId","groupId")
);

-- CreateTable
CREATE TABLE "Participant" (
    "id" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "roleNumber" INTEGER NOT NULL,
    "givenName" TEXT,
    "middleName" TEXT,
    "familyName" TEXT,
    "email" TEXT,
    "phoneNumber" TEXT,
    "accessMethod" "ParticipantAccessMethod" NOT NULL DEFAULT 'EMAIL',
    "orderSequence" INTEGER NOT NULL,
    "avHost" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Participant_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Package_organizationId_status_idx" ON "Package"("organizationId", "status");

-- CreateIndex
CREATE INDEX "Package_organizationId_createdAt_idx" ON "Package"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "Package_organizationId_vaultId_idx" ON "Package"("organizationId", "vaultId");

-- CreateIndex
CREATE UNIQUE INDEX "Package_organizationId_shortId_key" ON "Package"("organizationId", "shortId");

-- CreateIndex
CREATE INDEX "PackageGroup_groupId_idx" ON "PackageGroup"("groupId");

-- CreateIndex
CREATE INDEX "PackageGroup_organizationId_groupId_idx" ON "PackageGroup"("organizationId", "groupId");

-- CreateIndex
CREATE INDEX "Participant_organizationId_email_idx" ON "Participant"("organizationId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Participant_packageId_type_roleNumber_key" ON "Participant"("packageId", "type", "roleNumber");

-- AddForeignKey
ALTER TABLE "Package" ADD CONSTRAINT "Package_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PackageGroup" ADD CONSTRAINT "PackageGroup_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "Package"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PackageGroup" ADD CONSTRAINT "PackageGroup_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Participant" ADD CONSTRAINT "Participant_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "Package"("id") ON DELETE CASCADE ON UPDATE CASCADE;
