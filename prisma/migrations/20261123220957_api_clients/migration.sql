-- CreateTable
CREATE TABLE "ApiUser" (
    "userId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "ApiUser_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "ApiClient" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "apiUserId" UUID NOT NULL,
    "clientId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "grantTypes" TEXT[] DEFAULT ARRAY['client_credentials']::TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "ApiClient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiClientSecret" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "apiClientId" UUID NOT NULL,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3),
    "lastUsedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "revokedById" UUID,

    CONSTRAINT "ApiClientSecret_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ApiUser_organizationId_idx" ON "ApiUser"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiClient_clientId_key" ON "ApiClient"("clientId");

-- CreateIndex
CREATE INDEX "ApiClient_organizationId_idx" ON "ApiClient"("organizationId");

-- CreateIndex
CREATE INDEX "ApiClient_apiUserId_idx" ON "ApiClient"("apiUserId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiClientSecret_secretHash_key" ON "ApiClientSecret"("secretHash");

-- CreateIndex
CREATE INDEX "ApiClientSecret_apiClientId_idx" ON "ApiClientSecret"("apiClientId");

-- AddForeignKey
ALTER TABLE "ApiUser" ADD CONSTRAINT "ApiUser_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiClient" ADD CONSTRAINT "ApiClient_apiUserId_fkey" FOREIGN KEY ("apiUserId") REFERENCES "ApiUser"("userId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiClientSecret" ADD CONSTRAINT "ApiClientSecret_apiClientId_fkey" FOREIGN KEY ("apiClientId") REFERENCES "ApiClient"("id") ON DELETE CASCADE ON UPDATE CASCADE;
