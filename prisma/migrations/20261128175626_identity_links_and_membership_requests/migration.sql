-- CreateEnum
CREATE TYPE "InvitationKind" AS ENUM ('SIGN_UP', 'MEMBERSHIP');

-- AlterEnum
ALTER TYPE "InvitationStatus" ADD VALUE 'DECLINED';

-- AlterTable
ALTER TABLE "UserInvitation" ADD COLUMN     "kind" "InvitationKind" NOT NULL DEFAULT 'SIGN_UP';

-- CreateTable
CREATE TABLE "IdentityLink" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "providerKind" TEXT NOT NULL,
    "providerId" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "linkedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdentityLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdentityLinkRequest" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "providerKind" TEXT NOT NULL,
    "providerId" UUID NOT NULL,
    "providerName" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdentityLinkRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IdentityLink_userId_idx" ON "IdentityLink"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "IdentityLink_providerId_subject_key" ON "IdentityLink"("providerId", "subject");

-- CreateIndex
CREATE UNIQUE INDEX "IdentityLink_providerId_userId_key" ON "IdentityLink"("providerId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "IdentityLinkRequest_tokenHash_key" ON "IdentityLinkRequest"("tokenHash");

-- CreateIndex
CREATE INDEX "IdentityLinkRequest_userId_createdAt_idx" ON "IdentityLinkRequest"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "IdentityLinkRequest_expiresAt_idx" ON "IdentityLinkRequest"("expiresAt");

-- CreateIndex
CREATE INDEX "UserInvitation_userId_status_idx" ON "UserInvitation"("userId", "status");

-- AddForeignKey
ALTER TABLE "IdentityLink" ADD CONSTRAINT "IdentityLink_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdentityLinkRequest" ADD CONSTRAINT "IdentityLinkRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
