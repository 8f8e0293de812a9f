-- CreateEnum
CREATE TYPE "EDepositStage" AS ENUM ('OPEN_TRANSACTION', 'UPLOAD_DOCUMENTS', 'UPLOAD_ESIGN_AUDIT_TRAIL', 'VAULT_AUDIT_TRAIL', 'COMPLETE_TRANSACTION', 'DONE');

-- CreateTable
CREATE TABLE "EVault" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "adapter" TEXT NOT NULL DEFAULT 'reference',
    "url" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretEncrypted" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "lastTestedAt" TIMESTAMPTZ(3),
    "lastTestOk" BOOLEAN,
    "lastTestMessage" TEXT,
    "createdById" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "EVault_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PackageEDeposit" (
    "packageId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "eVaultId" UUID,
    "financialAssetDocId" UUID,
    "financialAssetDocType" TEXT,
    "supplementalDocType" TEXT,
    "transactionType" TEXT,
    "status" TEXT,
    "attemptNum" INTEGER NOT NULL DEFAULT 0,
    "nextStage" "EDepositStage" NOT NULL DEFAULT 'OPEN_TRANSACTION',
    "vaultTransactionId" TEXT,
    "auditTrailDocVaulted" BOOLEAN NOT NULL DEFAULT false,
    "vaultAuditTrailBlobKey" TEXT,
    "vaultAuditTrailSha256" TEXT,
    "errorsContainer" JSONB NOT NULL DEFAULT '[]',
    "nextAttemptAt" TIMESTAMPTZ(3),
    "leaseUntil" TIMESTAMPTZ(3),
    "runToken" TEXT,
    "startedAt" TIMESTAMPTZ(3),
    "depositedAt" TIMESTAMPTZ(3),
    "cancelledAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PackageEDeposit_pkey" PRIMARY KEY ("packageId")
);

-- CreateTable
CREATE TABLE "EDepositItem" (
    "id" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "documentKey" TEXT NOT NULL,
    "artifactId" UUID,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "documentType" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "receiptId" TEXT NOT NULL,
    "depositedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EDepositItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EVault_organizationId_nameKey_key" ON "EVault"("organizationId", "nameKey");

-- CreateIndex
CREATE INDEX "PackageEDeposit_organizationId_status_idx" ON "PackageEDeposit"("organizationId", "status");

-- CreateIndex
CREATE INDEX "PackageEDeposit_eVaultId_idx" ON "PackageEDeposit"("eVaultId");

-- CreateIndex
CREATE UNIQUE INDEX "EDepositItem_packageId_documentKey_key" ON "EDepositItem"("packageId", "documentKey");

-- AddForeignKey
ALTER TABLE "PackageEDeposit" ADD CONSTRAINT "PackageEDeposit_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "Package"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PackageEDeposit" ADD CONSTRAINT "PackageEDeposit_eVaultId_fkey" FOREIGN KEY ("eVaultId") REFERENCES "EVault"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EDepositItem" ADD CONSTRAINT "EDepositItem_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "PackageEDeposit"("packageId") ON DELETE CASCADE ON UPDATE CASCADE;
