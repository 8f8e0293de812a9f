-- CreateTable
CREATE TABLE "OidcSession" (
    "activeTokenId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "providerId" UUID NOT NULL,
    "refreshTokenEncrypted" TEXT NOT NULL,
    "accessTokenExpiresAt" TIMESTAMPTZ(3) NOT NULL,
    "lastRefreshedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OidcSession_pkey" PRIMARY KEY ("activeTokenId")
);

-- CreateIndex
CREATE INDEX "OidcSession_providerId_idx" ON "OidcSession"("providerId");

-- AddForeignKey
ALTER TABLE "OidcSession" ADD CONSTRAINT "OidcSession_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "IdentityProvider"("id") ON DELETE CASCADE ON UPDATE CASCADE;
