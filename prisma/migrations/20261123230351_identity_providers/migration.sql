-- CreateTable
CREATE TABLE "IdentityProvider" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretEncrypted" TEXT NOT NULL,
    "scopes" TEXT NOT NULL DEFAULT 'openid email profile',
    "emailClaim" TEXT NOT NULL DEFAULT 'email',
    "givenNameClaim" TEXT NOT NULL DEFAULT 'given_name',
    "familyNameClaim" TEXT NOT NULL DEFAULT 'family_name',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "jitEnabled" BOOLEAN NOT NULL DEFAULT false,
    "jitGroupId" UUID,
    "jitRoleIds" UUID[] DEFAULT ARRAY[]::UUID[],
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "IdentityProvider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OidcSignInAttempt" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "providerId" UUID NOT NULL,
    "state" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "browserBindingHash" TEXT NOT NULL,
    "returnUrl" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),

    CONSTRAINT "OidcSignInAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IdentityProvider_organizationId_createdAt_idx" ON "IdentityProvider"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "OidcSignInAttempt_state_key" ON "OidcSignInAttempt"("state");

-- CreateIndex
CREATE INDEX "OidcSignInAttempt_expiresAt_idx" ON "OidcSignInAttempt"("expiresAt");

-- AddForeignKey
ALTER TABLE "OidcSignInAttempt" ADD CONSTRAINT "OidcSignInAttempt_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "IdentityProvider"("id") ON DELETE CASCADE ON UPDATE CASCADE;
