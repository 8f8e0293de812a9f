-- CreateEnum
CREATE TYPE "ClosingCenterKind" AS ENUM ('SETTLEMENT_AGENT', 'TITLE_AGENT');

-- CreateTable
CREATE TABLE "ClosingCenter" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "kind" "ClosingCenterKind" NOT NULL,
    "contactEmail" TEXT,
    "contactPhone" TEXT,
    "addressLine1" TEXT,
    "addressLine2" TEXT,
    "city" TEXT,
    "state" TEXT,
    "postalCode" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "defaultPermissions" TEXT[],
    "createdById" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ClosingCenter_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClosingCenterMember" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "closingCenterId" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "givenName" TEXT NOT NULL,
    "familyName" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabledAt" TIMESTAMPTZ(3),
    "invitedById" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ClosingCenterMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClosingCenterShare" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "closingCenterId" UUID NOT NULL,
    "permissions" TEXT[],
    "sharedById" UUID,
    "sharedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMPTZ(3),
    "revokedById" UUID,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "ClosingCenterShare_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ClosingCenter_organizationId_nameKey_key" ON "ClosingCenter"("organizationId", "nameKey");

-- CreateIndex
CREATE INDEX "ClosingCenterMember_closingCenterId_idx" ON "ClosingCenterMember"("closingCenterId");

-- CreateIndex
CREATE UNIQUE INDEX "ClosingCenterMember_organizationId_email_key" ON "ClosingCenterMember"("organizationId", "email");

-- CreateIndex
CREATE INDEX "ClosingCenterShare_closingCenterId_revokedAt_idx" ON "ClosingCenterShare"("closingCenterId", "revokedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ClosingCenterShare_packageId_closingCenterId_key" ON "ClosingCenterShare"("packageId", "closingCenterId");

-- AddForeignKey
ALTER TABLE "ClosingCenterMember" ADD CONSTRAINT "ClosingCenterMember_closingCenterId_fkey" FOREIGN KEY ("closingCenterId") REFERENCES "ClosingCenter"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClosingCenterShare" ADD CONSTRAINT "ClosingCenterShare_closingCenterId_fkey" FOREIGN KEY ("closingCenterId") REFERENCES "ClosingCenter"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClosingCenterShare" ADD CONSTRAINT "ClosingCenterShare_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "Package"("id") ON DELETE CASCADE ON UPDATE CASCADE;
