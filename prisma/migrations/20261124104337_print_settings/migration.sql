-- CreateTable
CREATE TABLE "PrintFulfillmentSettings" (
    "organizationId" UUID NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "providerCode" TEXT NOT NULL DEFAULT 'WK',
    "vendorUrl" TEXT,
    "clientId" TEXT,
    "clientSecretEncrypted" TEXT,
    "lastTestedAt" TIMESTAMPTZ(3),
    "lastTestOk" BOOLEAN,
    "lastTestMessage" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PrintFulfillmentSettings_pkey" PRIMARY KEY ("organizationId")
);

-- CreateTable
CREATE TABLE "ReturnAddress" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "company" TEXT,
    "line1" TEXT NOT NULL,
    "line2" TEXT,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "postalCode" TEXT NOT NULL,
    "country" TEXT NOT NULL DEFAULT 'US',
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ReturnAddress_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BusinessReturnEnvelope" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "permitNumber" TEXT NOT NULL,
    "postalFacility" TEXT NOT NULL,
    "returnAddressId" UUID NOT NULL,
    "imb" TEXT,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BusinessReturnEnvelope_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PrintCarrier" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "service" TEXT NOT NULL,
    "use" TEXT NOT NULL DEFAULT 'BOTH',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PrintCarrier_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReturnAddress_organizationId_idx" ON "ReturnAddress"("organizationId");

-- CreateIndex
CREATE INDEX "BusinessReturnEnvelope_organizationId_idx" ON "BusinessReturnEnvelope"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "PrintCarrier_organizationId_code_service_key" ON "PrintCarrier"("organizationId", "code", "service");

-- AddForeignKey
ALTER TABLE "BusinessReturnEnvelope" ADD CONSTRAINT "BusinessReturnEnvelope_returnAddressId_fkey" FOREIGN KEY ("returnAddressId") REFERENCES "ReturnAddress"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
