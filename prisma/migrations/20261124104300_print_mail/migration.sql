-- AlterTable
ALTER TABLE "Package" ADD COLUMN     "printMailMilestoneError" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Mailing" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "participantId" UUID,
    "reason" TEXT NOT NULL,
    "recipientName" TEXT NOT NULL,
    "recipientAddress" JSONB NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'WK',
    "vendorJobId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'QUEUED',
    "printSetBlobKey" TEXT,
    "printSetSha256" TEXT,
    "pageCount" INTEGER NOT NULL DEFAULT 0,
    "submitAttempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "milestoneError" BOOLEAN NOT NULL DEFAULT false,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Mailing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailingLeg" (
    "id" UUID NOT NULL,
    "mailingId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "direction" TEXT NOT NULL,
    "carrier" TEXT,
    "service" TEXT,
    "trackingNumber" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailingLeg_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailingMilestone" (
    "id" UUID NOT NULL,
    "legId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL,
    "detail" TEXT,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailingMilestone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailingScan" (
    "id" UUID NOT NULL,
    "mailingId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "documentId" UUID,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "blobKey" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "uploadedById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailingScan_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Mailing_organizationId_createdAt_idx" ON "Mailing"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "Mailing_packageId_idx" ON "Mailing"("packageId");

-- CreateIndex
CREATE UNIQUE INDEX "Mailing_organizationId_vendorJobId_key" ON "Mailing"("organizationId", "vendorJobId");

-- CreateIndex
CREATE UNIQUE INDEX "MailingLeg_mailingId_direction_key" ON "MailingLeg"("mailingId", "direction");

-- CreateIndex
CREATE UNIQUE INDEX "MailingMilestone_legId_code_key" ON "MailingMilestone"("legId", "code");

-- CreateIndex
CREATE INDEX "MailingScan_mailingId_idx" ON "MailingScan"("mailingId");

-- AddForeignKey
ALTER TABLE "Mailing" ADD CONSTRAINT "Mailing_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "Package"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mailing" ADD CONSTRAINT "Mailing_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailingLeg" ADD CONSTRAINT "MailingLeg_mailingId_fkey" FOREIGN KEY ("mailingId") REFERENCES "Mailing"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailingMilestone" ADD CONSTRAINT "MailingMilestone_legId_fkey" FOREIGN KEY ("legId") REFERENCES "MailingLeg"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailingScan" ADD CONSTRAINT "MailingScan_mailingId_fkey" FOREIGN KEY ("mailingId") REFERENCES "Mailing"("id") ON DELETE CASCADE ON UPDATE CASCADE;
