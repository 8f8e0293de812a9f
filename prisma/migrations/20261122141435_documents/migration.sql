-- CreateEnum
CREATE TYPE "DocumentExecutionType" AS ENUM ('E_SIGN', 'VIEW_ONLY', 'PAPER');

-- CreateTable
CREATE TABLE "Document" (
    "id" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "executionType" "DocumentExecutionType" NOT NULL DEFAULT 'E_SIGN',
    "orderSequence" INTEGER NOT NULL,
    "blobKey" TEXT NOT NULL,
    "contentType" TEXT NOT NULL DEFAULT 'application/pdf',
    "sizeBytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "numPages" INTEGER NOT NULL,
    "originalFileName" TEXT NOT NULL,
    "uploadedById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Document_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Document_packageId_orderSequence_idx" ON "Document"("packageId", "orderSequence");

-- CreateIndex
CREATE INDEX "Document_organizationId_idx" ON "Document"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "Document_packageId_nameKey_key" ON "Document"("packageId", "nameKey");

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "Package"("id") ON DELETE CASCADE ON UPDATE CASCADE;
