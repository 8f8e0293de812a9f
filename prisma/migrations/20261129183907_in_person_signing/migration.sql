-- CreateEnum
CREATE TYPE "InPersonIdentityMethod" AS ENUM ('IN_PERSON_CODE_EMAIL', 'IN_PERSON_CODE_SMS', 'HOST_ATTESTED_ID');

-- AlterTable
ALTER TABLE "Participant" ADD COLUMN     "signedInPersonHost" TEXT;

-- AlterTable
ALTER TABLE "SigningLink" ADD COLUMN     "hostedByUserId" UUID;

-- AlterTable
ALTER TABLE "SigningSession" ADD COLUMN     "hostedAt" TIMESTAMPTZ(3),
ADD COLUMN     "hostedByUserId" UUID;

-- CreateTable
CREATE TABLE "InPersonIdentityCheck" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "sessionId" UUID NOT NULL,
    "hostUserId" UUID NOT NULL,
    "hostName" TEXT NOT NULL,
    "hostEmail" TEXT NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "codeChannel" TEXT,
    "codeDestination" TEXT,
    "method" "InPersonIdentityMethod",
    "idType" TEXT,
    "idTypeOther" TEXT,
    "idIssuer" TEXT,
    "idExpiresOn" TEXT,
    "hostStatement" TEXT,
    "confirmedAt" TIMESTAMPTZ(3),

    CONSTRAINT "InPersonIdentityCheck_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "InPersonIdentityCheck_sessionId_key" ON "InPersonIdentityCheck"("sessionId");

-- CreateIndex
CREATE INDEX "InPersonIdentityCheck_participantId_idx" ON "InPersonIdentityCheck"("participantId");

-- CreateIndex
CREATE INDEX "InPersonIdentityCheck_packageId_idx" ON "InPersonIdentityCheck"("packageId");
