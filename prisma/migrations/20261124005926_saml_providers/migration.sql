-- CreateTable
CREATE TABLE "SamlProvider" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "idpEntityId" TEXT NOT NULL,
    "ssoUrl" TEXT NOT NULL,
    "certificates" TEXT[],
    "emailAttribute" TEXT NOT NULL,
    "givenNameAttribute" TEXT NOT NULL,
    "familyNameAttribute" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SamlProvider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SamlProviderOrganization" (
    "samlProviderId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SamlProviderOrganization_pkey" PRIMARY KEY ("samlProviderId","organizationId")
);

-- CreateTable
CREATE TABLE "SamlSignInRequest" (
    "id" UUID NOT NULL,
    "requestId" TEXT NOT NULL,
    "relayState" TEXT NOT NULL,
    "samlProviderId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "browserBindingHash" TEXT NOT NULL,
    "returnUrl" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),

    CONSTRAINT "SamlSignInRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SamlConsumedAssertion" (
    "assertionId" TEXT NOT NULL,
    "samlProviderId" UUID NOT NULL,
    "consumedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SamlConsumedAssertion_pkey" PRIMARY KEY ("assertionId")
);

-- CreateIndex
CREATE INDEX "SamlProvider_createdAt_idx" ON "SamlProvider"("createdAt");

-- CreateIndex
CREATE INDEX "SamlProviderOrganization_organizationId_idx" ON "SamlProviderOrganization"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "SamlSignInRequest_requestId_key" ON "SamlSignInRequest"("requestId");

-- CreateIndex
CREATE UNIQUE INDEX "SamlSignInRequest_relayState_key" ON "SamlSignInRequest"("relayState");

-- CreateIndex
CREATE INDEX "SamlSignInRequest_expiresAt_idx" ON "SamlSignInRequest"("expiresAt");

-- CreateIndex
CREATE INDEX "SamlConsumedAssertion_expiresAt_idx" ON "SamlConsumedAssertion"("expiresAt");

-- AddForeignKey
ALTER TABLE "SamlProviderOrganization" ADD CONSTRAINT "SamlProviderOrganization_samlProviderId_fkey" FOREIGN KEY ("samlProviderId") REFERENCES "SamlProvider"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SamlProviderOrganization" ADD CONSTRAINT "SamlProviderOrganization_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SamlSignInRequest" ADD CONSTRAINT "SamlSignInRequest_samlProviderId_fkey" FOREIGN KEY ("samlProviderId") REFERENCES "SamlProvider"("id") ON DELETE CASCADE ON UPDATE CASCADE;
