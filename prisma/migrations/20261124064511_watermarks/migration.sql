-- CreateTable
CREATE TABLE "WatermarkTemplate" (
    "id" UUID NOT NULL,
    "organizationId" UUID,
    "systemDefault" BOOLEAN,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "text" TEXT NOT NULL,
    "position" TEXT NOT NULL DEFAULT 'CENTER',
    "angle" INTEGER NOT NULL DEFAULT 45,
    "opacity" DOUBLE PRECISION NOT NULL DEFAULT 0.25,
    "fontSize" INTEGER NOT NULL DEFAULT 36,
    "color" TEXT NOT NULL DEFAULT '#808080',
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdById" UUID,
    "updatedById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WatermarkTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WatermarkRule" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "templateId" UUID NOT NULL,
    "packageStatus" "PackageStatus",
    "documentType" TEXT,
    "requesterType" TEXT,
    "priority" INTEGER NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WatermarkRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WatermarkRuleList" (
    "organizationId" UUID NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedById" UUID,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WatermarkRuleList_pkey" PRIMARY KEY ("organizationId")
);

-- CreateIndex
CREATE UNIQUE INDEX "WatermarkTemplate_systemDefault_key" ON "WatermarkTemplate"("systemDefault");

-- CreateIndex
CREATE INDEX "WatermarkTemplate_organizationId_isDefault_idx" ON "WatermarkTemplate"("organizationId", "isDefault");

-- CreateIndex
CREATE UNIQUE INDEX "WatermarkTemplate_organizationId_nameKey_key" ON "WatermarkTemplate"("organizationId", "nameKey");

-- CreateIndex
CREATE INDEX "WatermarkRule_organizationId_priority_idx" ON "WatermarkRule"("organizationId", "priority");

-- CreateIndex
CREATE INDEX "WatermarkRule_templateId_idx" ON "WatermarkRule"("templateId");

-- AddForeignKey
ALTER TABLE "WatermarkRule" ADD CONSTRAINT "WatermarkRule_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "WatermarkTemplate"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The one system default template (DOMAIN.md §7): every organization without a template of its own
-- falls back to it; support users change it.
INSERT INTO "WatermarkTemplate" ("id", "organizationId", "systemDefault", "name", "nameKey", "isDefault", "text", "position", "angle", "opacity", "fontSize", "color", "version", "lastUpdatedAt")
VALUES ('00000000-0000-4000-8000-00000000c0b1', NULL, true, 'System default', 'system default', true, 'COPY — {documentName} — requested by {requester} at {time}', 'CENTER', 45, 0.25, 36, '#808080', 1, CURRENT_TIMESTAMP);
