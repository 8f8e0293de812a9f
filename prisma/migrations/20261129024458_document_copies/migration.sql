-- CreateTable
CREATE TABLE "DocumentCopy" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "sha256Original" TEXT NOT NULL,
    "sha256Copy" TEXT NOT NULL,
    "documentName" TEXT NOT NULL,
    "markedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "custodianName" TEXT,
    "vaultTransactionId" TEXT,
    "transferredAt" TIMESTAMPTZ(3),

    CONSTRAINT "DocumentCopy_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DocumentCopy_sha256Copy_key" ON "DocumentCopy"("sha256Copy");

-- CreateIndex
CREATE INDEX "DocumentCopy_packageId_idx" ON "DocumentCopy"("packageId");
