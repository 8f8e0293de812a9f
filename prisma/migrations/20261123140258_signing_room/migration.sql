-- CreateEnum
CREATE TYPE "ParticipantSigningStatus" AS ENUM ('WAITING', 'INVITED', 'OPENED', 'FINISHED', 'DECLINED', 'CONSENT_WITHDRAWN');

-- CreateEnum
CREATE TYPE "IdVerificationMethod" AS ENUM ('NONE', 'SMS_CODE', 'KBA');

-- CreateEnum
CREATE TYPE "SigningLinkChannel" AS ENUM ('EMAIL', 'SMS', 'API');

-- CreateEnum
CREATE TYPE "SignatureKind" AS ENUM ('SIGNATURE', 'INITIALS');

-- CreateEnum
CREATE TYPE "SignatureMethod" AS ENUM ('TYPED', 'DRAWN');

-- CreateEnum
CREATE TYPE "SealedArtifactKind" AS ENUM ('DOCUMENT', 'CERTIFICATE');

-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "sha256AtSend" TEXT;

-- AlterTable
ALTER TABLE "Package" ADD COLUMN     "completedAt" TIMESTAMPTZ(3),
ADD COLUMN     "sealedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Participant" ADD COLUMN     "finishedAt" TIMESTAMPTZ(3),
ADD COLUMN     "idVerification" "IdVerificationMethod" NOT NULL DEFAULT 'NONE',
ADD COLUMN     "invitedAt" TIMESTAMPTZ(3),
ADD COLUMN     "kbaQuestions" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "signingStatus" "ParticipantSigningStatus" NOT NULL DEFAULT 'WAITING',
ADD COLUMN     "verificationCiphertext" TEXT;

-- CreateTable
CREATE TABLE "SigningLink" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "channel" "SigningLinkChannel" NOT NULL,
    "parentOrigin" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "SigningLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SigningSession" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "linkId" UUID,
    "secretHash" TEXT NOT NULL,
    "parentOrigin" TEXT,
    "language" TEXT NOT NULL DEFAULT 'en',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMPTZ(3),
    "revokedReason" TEXT,
    "verifiedAt" TIMESTAMPTZ(3),
    "verificationFailures" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMPTZ(3),
    "codeHash" TEXT,
    "codeExpiresAt" TIMESTAMPTZ(3),
    "codeSentAt" TIMESTAMPTZ(3),
    "ip" TEXT,
    "userAgent" TEXT,

    CONSTRAINT "SigningSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ParticipantSignature" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "kind" "SignatureKind" NOT NULL,
    "method" "SignatureMethod" NOT NULL,
    "text" TEXT,
    "png" BYTEA NOT NULL,
    "sha256" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ParticipantSignature_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TagValue" (
    "tagId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "value" TEXT NOT NULL,
    "sessionId" UUID,
    "filledAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TagValue_pkey" PRIMARY KEY ("tagId")
);

-- CreateTable
CREATE TABLE "ConsentDocument" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "fileName" TEXT NOT NULL,
    "blobKey" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "uploadedById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConsentDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConsentRecord" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "sessionId" UUID,
    "consentVersion" TEXT NOT NULL,
    "consentSha256" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'TRANSACTION',
    "demonstrated" BOOLEAN NOT NULL,
    "grantedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ip" TEXT,
    "userAgent" TEXT,
    "withdrawnAt" TIMESTAMPTZ(3),
    "withdrawIp" TEXT,
    "withdrawUserAgent" TEXT,
    "withdrawReason" TEXT,

    CONSTRAINT "ConsentRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentReview" (
    "documentId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "reviewedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentReview_pkey" PRIMARY KEY ("documentId","participantId")
);

-- CreateTable
CREATE TABLE "DataCollectionAnswer" (
    "fieldId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "value" TEXT NOT NULL,
    "answeredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DataCollectionAnswer_pkey" PRIMARY KEY ("fieldId")
);

-- CreateTable
CREATE TABLE "StipUpload" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "stipId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "blobKey" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StipUpload_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SealedArtifact" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "documentId" UUID,
    "kind" "SealedArtifactKind" NOT NULL,
    "name" TEXT NOT NULL,
    "blobKey" TEXT NOT NULL,
    "sha256Before" TEXT,
    "sha256" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "certificateSubject" TEXT NOT NULL,
    "certificateFingerprint" TEXT NOT NULL,
    "timestamped" BOOLEAN NOT NULL DEFAULT false,
    "sealedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SealedArtifact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrganizationSealCertificate" (
    "organizationId" UUID NOT NULL,
    "p12Ciphertext" TEXT NOT NULL,
    "passwordCiphertext" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "notAfter" TIMESTAMPTZ(3) NOT NULL,
    "uploadedById" UUID,
    "uploadedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrganizationSealCertificate_pkey" PRIMARY KEY ("organizationId")
);

-- CreateTable
CREATE TABLE "SmsMessage" (
    "id" UUID NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "organizationId" UUID,
    "to" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "transport" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SmsMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SigningLink_participantId_idx" ON "SigningLink"("participantId");

-- CreateIndex
CREATE INDEX "SigningLink_packageId_idx" ON "SigningLink"("packageId");

-- CreateIndex
CREATE UNIQUE INDEX "SigningSession_secretHash_key" ON "SigningSession"("secretHash");

-- CreateIndex
CREATE INDEX "SigningSession_participantId_idx" ON "SigningSession"("participantId");

-- CreateIndex
CREATE INDEX "SigningSession_packageId_idx" ON "SigningSession"("packageId");

-- CreateIndex
CREATE UNIQUE INDEX "ParticipantSignature_participantId_kind_key" ON "ParticipantSignature"("participantId", "kind");

-- CreateIndex
CREATE INDEX "TagValue_packageId_idx" ON "TagValue"("packageId");

-- CreateIndex
CREATE INDEX "TagValue_participantId_idx" ON "TagValue"("participantId");

-- CreateIndex
CREATE UNIQUE INDEX "ConsentDocument_organizationId_version_key" ON "ConsentDocument"("organizationId", "version");

-- CreateIndex
CREATE INDEX "ConsentRecord_participantId_idx" ON "ConsentRecord"("participantId");

-- CreateIndex
CREATE INDEX "DocumentReview_packageId_idx" ON "DocumentReview"("packageId");

-- CreateIndex
CREATE INDEX "DataCollectionAnswer_packageId_idx" ON "DataCollectionAnswer"("packageId");

-- CreateIndex
CREATE INDEX "StipUpload_stipId_idx" ON "StipUpload"("stipId");

-- CreateIndex
CREATE INDEX "StipUpload_packageId_idx" ON "StipUpload"("packageId");

-- CreateIndex
CREATE INDEX "SealedArtifact_sha256_idx" ON "SealedArtifact"("sha256");

-- CreateIndex
CREATE INDEX "SealedArtifact_packageId_idx" ON "SealedArtifact"("packageId");

-- CreateIndex
CREATE UNIQUE INDEX "SmsMessage_idempotencyKey_key" ON "SmsMessage"("idempotencyKey");

-- CreateIndex
CREATE INDEX "SmsMessage_to_createdAt_idx" ON "SmsMessage"("to", "createdAt");

-- CreateIndex
CREATE INDEX "Package_status_sealedAt_idx" ON "Package"("status", "sealedAt");

-- AddForeignKey
ALTER TABLE "SigningLink" ADD CONSTRAINT "SigningLink_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SigningSession" ADD CONSTRAINT "SigningSession_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ParticipantSignature" ADD CONSTRAINT "ParticipantSignature_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TagValue" ADD CONSTRAINT "TagValue_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConsentRecord" ADD CONSTRAINT "ConsentRecord_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentReview" ADD CONSTRAINT "DocumentReview_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DataCollectionAnswer" ADD CONSTRAINT "DataCollectionAnswer_fieldId_fkey" FOREIGN KEY ("fieldId") REFERENCES "DataCollectionField"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StipUpload" ADD CONSTRAINT "StipUpload_stipId_fkey" FOREIGN KEY ("stipId") REFERENCES "Stip"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SealedArtifact" ADD CONSTRAINT "SealedArtifact_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "Package"("id") ON DELETE CASCADE ON UPDATE CASCADE;
