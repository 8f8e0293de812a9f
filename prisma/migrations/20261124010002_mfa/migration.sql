-- CreateEnum
CREATE TYPE "MfaSmsCodePurpose" AS ENUM ('VERIFY_PHONE', 'SIGN_IN');

-- AlterTable
ALTER TABLE "User" ALTER COLUMN "mfaEnrolled" SET DEFAULT false;

-- Nobody has a verified second factor yet. This locks nobody out: the token's mfa_enrolled is
-- "has a verified factor OR the organization does not require one", and no organization requires
-- one until an administrator turns the mfa_required setting on.
UPDATE "User" SET "mfaEnrolled" = false;

-- CreateTable
CREATE TABLE "MfaAuthenticator" (
    "userId" UUID NOT NULL,
    "secretEncrypted" TEXT NOT NULL,
    "verifiedAt" TIMESTAMPTZ(3),
    "lastTimeStep" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MfaAuthenticator_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "MfaPhoneVerification" (
    "userId" UUID NOT NULL,
    "phoneNumber" TEXT NOT NULL,
    "verifiedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MfaPhoneVerification_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "MfaSmsCode" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "purpose" "MfaSmsCodePurpose" NOT NULL,
    "challengeId" UUID,
    "phoneNumber" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "failedAttempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MfaSmsCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MfaRecoveryCode" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MfaRecoveryCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MfaChallenge" (
    "id" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "organizationId" UUID,
    "credentialsExpired" BOOLEAN NOT NULL DEFAULT false,
    "identityProviderId" UUID,
    "firstFactor" TEXT NOT NULL,
    "returnUrl" TEXT,
    "failedAttempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "completedAt" TIMESTAMPTZ(3),
    "ip" TEXT,
    "userAgent" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MfaChallenge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MfaSmsCode_userId_purpose_createdAt_idx" ON "MfaSmsCode"("userId", "purpose", "createdAt");

-- CreateIndex
CREATE INDEX "MfaRecoveryCode_userId_idx" ON "MfaRecoveryCode"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "MfaChallenge_tokenHash_key" ON "MfaChallenge"("tokenHash");

-- CreateIndex
CREATE INDEX "MfaChallenge_userId_createdAt_idx" ON "MfaChallenge"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "MfaAuthenticator" ADD CONSTRAINT "MfaAuthenticator_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MfaPhoneVerification" ADD CONSTRAINT "MfaPhoneVerification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MfaSmsCode" ADD CONSTRAINT "MfaSmsCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MfaRecoveryCode" ADD CONSTRAINT "MfaRecoveryCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MfaChallenge" ADD CONSTRAINT "MfaChallenge_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
