-- AlterTable: existing settings keep their values; each gets an id (generated here once, then the
-- client supplies ids as for every other table) and version 1
ALTER TABLE "OrganizationSetting" DROP CONSTRAINT "OrganizationSetting_pkey",
ADD COLUMN     "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "id" UUID NOT NULL DEFAULT gen_random_uuid(),
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "OrganizationSetting_pkey" PRIMARY KEY ("id");

ALTER TABLE "OrganizationSetting" ALTER COLUMN "id" DROP DEFAULT;

-- CreateIndex
CREATE UNIQUE INDEX "OrganizationSetting_organizationId_key_key" ON "OrganizationSetting"("organizationId", "key");
