-- CreateEnum
CREATE TYPE "NotarialActType" AS ENUM ('ACKNOWLEDGMENT', 'JURAT');

-- CreateEnum
CREATE TYPE "NotarialActStatus" AS ENUM ('PENDING', 'COMPLETED');

-- CreateTable
CREATE TABLE "NotaryProfile" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "notaryName" TEXT NOT NULL,
    "commissionNumber" TEXT NOT NULL,
    "commissionState" TEXT NOT NULL,
    "commissionExpiresOn" DATE NOT NULL,
    "sealPng" BYTEA NOT NULL,
    "sealSha256" TEXT NOT NULL,
    "p12Ciphertext" TEXT NOT NULL,
    "passwordCiphertext" TEXT NOT NULL,
    "certificateSubject" TEXT NOT NULL,
    "certificateFingerprint" TEXT NOT NULL,
    "certificateNotAfter" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "NotaryProfile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotarialAct" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "actType" "NotarialActType" NOT NULL,
    "participantIds" UUID[],
    "status" "NotarialActStatus" NOT NULL DEFAULT 'PENDING',
    "notaryProfileId" UUID,
    "feeCents" INTEGER,
    "completedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotarialAct_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotaryJournalEntry" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "notaryProfileId" UUID NOT NULL,
    "notarialActId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "performedAt" TIMESTAMPTZ(3) NOT NULL,
    "actType" "NotarialActType" NOT NULL,
    "documentName" TEXT NOT NULL,
    "documentSha256" TEXT NOT NULL,
    "signerName" TEXT NOT NULL,
    "signerAddress" TEXT NOT NULL,
    "identityProof" JSONB NOT NULL,
    "feeCents" INTEGER NOT NULL,
    "avSessionId" UUID NOT NULL,
    "recordingSha256" TEXT,
    "retainUntil" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotaryJournalEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "NotaryProfile_organizationId_userId_key" ON "NotaryProfile"("organizationId", "userId");

-- CreateIndex
CREATE INDEX "NotarialAct_organizationId_packageId_idx" ON "NotarialAct"("organizationId", "packageId");

-- CreateIndex
CREATE UNIQUE INDEX "NotarialAct_packageId_documentId_key" ON "NotarialAct"("packageId", "documentId");

-- CreateIndex
CREATE INDEX "NotaryJournalEntry_organizationId_notaryProfileId_performed_idx" ON "NotaryJournalEntry"("organizationId", "notaryProfileId", "performedAt");

-- AddForeignKey
ALTER TABLE "NotarialAct" ADD CONSTRAINT "NotarialAct_notaryProfileId_fkey" FOREIGN KEY ("notaryProfileId") REFERENCES "NotaryProfile"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotaryJournalEntry" ADD CONSTRAINT "NotaryJournalEntry_notaryProfileId_fkey" FOREIGN KEY ("notaryProfileId") REFERENCES "NotaryProfile"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotaryJournalEntry" ADD CONSTRAINT "NotaryJournalEntry_notarialActId_fkey" FOREIGN KEY ("notarialActId") REFERENCES "NotarialAct"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
