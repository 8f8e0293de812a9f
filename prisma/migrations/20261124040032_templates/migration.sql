-- CreateEnum
CREATE TYPE "TemplateKind" AS ENUM ('DOCUMENT_TEMPLATE', 'PACKAGE_TEMPLATE');

-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "sourceTemplateId" UUID,
ADD COLUMN     "sourceTemplateVersion" INTEGER;

-- AlterTable
ALTER TABLE "Package" ADD COLUMN     "fromPackageTemplateId" UUID,
ADD COLUMN     "templateKind" "TemplateKind";

-- CreateTable
CREATE TABLE "DocumentTemplate" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "description" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "packageId" UUID NOT NULL,
    "latestVersion" INTEGER NOT NULL DEFAULT 0,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "DocumentTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentTemplateVersion" (
    "id" UUID NOT NULL,
    "templateId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "blueprint" JSONB NOT NULL,
    "blobKey" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentTemplateVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentTemplateGroup" (
    "templateId" UUID NOT NULL,
    "groupId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentTemplateGroup_pkey" PRIMARY KEY ("templateId","groupId")
);

-- CreateTable
CREATE TABLE "PackageTemplate" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "description" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "packageId" UUID NOT NULL,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "PackageTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PackageTemplateGroup" (
    "templateId" UUID NOT NULL,
    "groupId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PackageTemplateGroup_pkey" PRIMARY KEY ("templateId","groupId")
);

-- CreateIndex
CREATE UNIQUE INDEX "DocumentTemplate_packageId_key" ON "DocumentTemplate"("packageId");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentTemplate_organizationId_nameKey_key" ON "DocumentTemplate"("organizationId", "nameKey");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentTemplateVersion_templateId_number_key" ON "DocumentTemplateVersion"("templateId", "number");

-- CreateIndex
CREATE INDEX "DocumentTemplateGroup_groupId_idx" ON "DocumentTemplateGroup"("groupId");

-- CreateIndex
CREATE UNIQUE INDEX "PackageTemplate_packageId_key" ON "PackageTemplate"("packageId");

-- CreateIndex
CREATE UNIQUE INDEX "PackageTemplate_organizationId_nameKey_key" ON "PackageTemplate"("organizationId", "nameKey");

-- CreateIndex
CREATE INDEX "PackageTemplateGroup_groupId_idx" ON "PackageTemplateGroup"("groupId");

-- AddForeignKey
ALTER TABLE "DocumentTemplate" ADD CONSTRAINT "DocumentTemplate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentTemplateVersion" ADD CONSTRAINT "DocumentTemplateVersion_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "DocumentTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentTemplateGroup" ADD CONSTRAINT "DocumentTemplateGroup_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "DocumentTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentTemplateGroup" ADD CONSTRAINT "DocumentTemplateGroup_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PackageTemplate" ADD CONSTRAINT "PackageTemplate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PackageTemplateGroup" ADD CONSTRAINT "PackageTemplateGroup_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "PackageTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PackageTemplateGroup" ADD CONSTRAINT "PackageTemplateGroup_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group"("id") ON DELETE CASCADE ON UPDATE CASCADE;
