-- CreateEnum
CREATE TYPE "CustomFieldScope" AS ENUM ('PACKAGE', 'DOCUMENT');

-- CreateEnum
CREATE TYPE "CustomFieldDataType" AS ENUM ('TEXT', 'WHOLE_NUMBER', 'REAL_NUMBER', 'DATE', 'SELECT', 'BOOLEAN', 'EMAIL', 'PHONE');

-- CreateEnum
CREATE TYPE "CustomFieldDateFormat" AS ENUM ('DATE_LONG', 'DATE_MEDIUM', 'DATE_SHORT');

-- CreateEnum
CREATE TYPE "DataCollectionFieldType" AS ENUM ('TEXT', 'NUMBER', 'DATE', 'SELECT', 'CHECKBOX');

-- CreateEnum
CREATE TYPE "TagType" AS ENUM ('SIGNATURE', 'INITIALS', 'DATE_SIGNED', 'FULL_NAME', 'TEXT', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'CUSTOM_FIELD');

-- CreateEnum
CREATE TYPE "ConditionalRuleCondition" AS ENUM ('HAS_VALUE', 'EQUALS');

-- CreateEnum
CREATE TYPE "ConditionalRuleAction" AS ENUM ('SHOW', 'REQUIRE');

-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "pageSizes" JSONB NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "Package" ADD COLUMN     "availableAt" TIMESTAMPTZ(3),
ADD COLUMN     "sentAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "CustomField" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "customFieldId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "description" TEXT,
    "scope" "CustomFieldScope" NOT NULL DEFAULT 'PACKAGE',
    "dataType" "CustomFieldDataType" NOT NULL DEFAULT 'TEXT',
    "dateFormat" "CustomFieldDateFormat",
    "selectOptions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "required" BOOLEAN NOT NULL DEFAULT false,
    "encrypted" BOOLEAN NOT NULL DEFAULT false,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "minRangeRealNumber" DOUBLE PRECISION,
    "maxRangeRealNumber" DOUBLE PRECISION,
    "minRangeWholeNumber" INTEGER,
    "maxRangeWholeNumber" INTEGER,
    "vaultMapping" TEXT,
    "defaultValue" TEXT,
    "isSystemGenerated" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "archivedAt" TIMESTAMPTZ(3),
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "CustomField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PackageCustomField" (
    "id" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "customFieldId" UUID NOT NULL,
    "value" TEXT,
    "valueCiphertext" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "PackageCustomField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentCustomField" (
    "id" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "customFieldId" UUID NOT NULL,
    "value" TEXT,
    "valueCiphertext" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "DocumentCustomField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DataCollectionGroup" (
    "id" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "orderSequence" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "DataCollectionGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DataCollectionField" (
    "id" UUID NOT NULL,
    "groupId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "label" TEXT NOT NULL,
    "type" "DataCollectionFieldType" NOT NULL DEFAULT 'TEXT',
    "required" BOOLEAN NOT NULL DEFAULT false,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "customFieldId" UUID,
    "orderSequence" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "DataCollectionField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Stip" (
    "id" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "required" BOOLEAN NOT NULL DEFAULT true,
    "orderSequence" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Stip_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrganizationSetting" (
    "organizationId" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedById" UUID,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OrganizationSetting_pkey" PRIMARY KEY ("organizationId","key")
);

-- CreateTable
CREATE TABLE "DocumentParticipant" (
    "documentId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "executionType" "DocumentExecutionType" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "DocumentParticipant_pkey" PRIMARY KEY ("documentId","participantId")
);

-- CreateTable
CREATE TABLE "Tag" (
    "id" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "type" "TagType" NOT NULL,
    "page" INTEGER NOT NULL,
    "x" DOUBLE PRECISION NOT NULL,
    "y" DOUBLE PRECISION NOT NULL,
    "width" DOUBLE PRECISION NOT NULL,
    "height" DOUBLE PRECISION NOT NULL,
    "required" BOOLEAN NOT NULL DEFAULT true,
    "label" TEXT,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "groupName" TEXT,
    "optionValue" TEXT,
    "customFieldId" UUID,
    "defaultValue" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Tag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConditionalRule" (
    "id" UUID NOT NULL,
    "packageId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "sourceTagId" UUID NOT NULL,
    "targetTagId" UUID NOT NULL,
    "condition" "ConditionalRuleCondition" NOT NULL DEFAULT 'HAS_VALUE',
    "value" TEXT,
    "action" "ConditionalRuleAction" NOT NULL DEFAULT 'SHOW',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConditionalRule_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CustomField_organizationId_customFieldId_key" ON "CustomField"("organizationId", "customFieldId");

-- CreateIndex
CREATE UNIQUE INDEX "CustomField_organizationId_nameKey_key" ON "CustomField"("organizationId", "nameKey");

-- CreateIndex
CREATE UNIQUE INDEX "PackageCustomField_packageId_customFieldId_key" ON "PackageCustomField"("packageId", "customFieldId");

-- CreateIndex
CREATE INDEX "DocumentCustomField_packageId_idx" ON "DocumentCustomField"("packageId");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentCustomField_documentId_customFieldId_key" ON "DocumentCustomField"("documentId", "customFieldId");

-- CreateIndex
CREATE INDEX "DataCollectionGroup_packageId_idx" ON "DataCollectionGroup"("packageId");

-- CreateIndex
CREATE INDEX "DataCollectionField_groupId_orderSequence_idx" ON "DataCollectionField"("groupId", "orderSequence");

-- CreateIndex
CREATE INDEX "DataCollectionField_packageId_idx" ON "DataCollectionField"("packageId");

-- CreateIndex
CREATE INDEX "Stip_packageId_orderSequence_idx" ON "Stip"("packageId", "orderSequence");

-- CreateIndex
CREATE INDEX "DocumentParticipant_packageId_idx" ON "DocumentParticipant"("packageId");

-- CreateIndex
CREATE INDEX "Tag_documentId_page_idx" ON "Tag"("documentId", "page");

-- CreateIndex
CREATE INDEX "Tag_packageId_participantId_idx" ON "Tag"("packageId", "participantId");

-- CreateIndex
CREATE INDEX "ConditionalRule_packageId_idx" ON "ConditionalRule"("packageId");

-- CreateIndex
CREATE INDEX "ConditionalRule_targetTagId_idx" ON "ConditionalRule"("targetTagId");

-- CreateIndex
CREATE UNIQUE INDEX "ConditionalRule_sourceTagId_targetTagId_action_key" ON "ConditionalRule"("sourceTagId", "targetTagId", "action");

-- AddForeignKey
ALTER TABLE "PackageCustomField" ADD CONSTRAINT "PackageCustomField_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "Package"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PackageCustomField" ADD CONSTRAINT "PackageCustomField_customFieldId_fkey" FOREIGN KEY ("customFieldId") REFERENCES "CustomField"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentCustomField" ADD CONSTRAINT "DocumentCustomField_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentCustomField" ADD CONSTRAINT "DocumentCustomField_customFieldId_fkey" FOREIGN KEY ("customFieldId") REFERENCES "CustomField"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DataCollectionGroup" ADD CONSTRAINT "DataCollectionGroup_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "Package"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DataCollectionField" ADD CONSTRAINT "DataCollectionField_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "DataCollectionGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DataCollectionField" ADD CONSTRAINT "DataCollectionField_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Stip" ADD CONSTRAINT "Stip_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "Package"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Stip" ADD CONSTRAINT "Stip_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrganizationSetting" ADD CONSTRAINT "OrganizationSetting_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentParticipant" ADD CONSTRAINT "DocumentParticipant_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentParticipant" ADD CONSTRAINT "DocumentParticipant_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Tag" ADD CONSTRAINT "Tag_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Tag" ADD CONSTRAINT "Tag_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConditionalRule" ADD CONSTRAINT "ConditionalRule_sourceTagId_fkey" FOREIGN KEY ("sourceTagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConditionalRule" ADD CONSTRAINT "ConditionalRule_targetTagId_fkey" FOREIGN KEY ("targetTagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;
