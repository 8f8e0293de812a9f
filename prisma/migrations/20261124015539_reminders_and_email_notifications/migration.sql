-- CreateTable
CREATE TABLE "PackageReminderSchedule" (
    "packageId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "useOrganizationDefaults" BOOLEAN NOT NULL DEFAULT true,
    "override" JSONB,
    "snapshot" JSONB,
    "availableAt" TIMESTAMPTZ(3),
    "remindersSent" INTEGER NOT NULL DEFAULT 0,
    "nextReminderAt" TIMESTAMPTZ(3),
    "lastReminderAt" TIMESTAMPTZ(3),
    "expiringSoonAt" TIMESTAMPTZ(3),
    "expiringSoonSentAt" TIMESTAMPTZ(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PackageReminderSchedule_pkey" PRIMARY KEY ("packageId")
);

-- CreateTable
CREATE TABLE "EmailNotificationRule" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "events" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "notifySender" BOOLEAN NOT NULL DEFAULT false,
    "notifyPackageGroups" BOOLEAN NOT NULL DEFAULT false,
    "addresses" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "EmailNotificationRule_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PackageReminderSchedule_nextReminderAt_idx" ON "PackageReminderSchedule"("nextReminderAt");

-- CreateIndex
CREATE INDEX "PackageReminderSchedule_expiringSoonAt_idx" ON "PackageReminderSchedule"("expiringSoonAt");

-- CreateIndex
CREATE INDEX "EmailNotificationRule_organizationId_createdAt_idx" ON "EmailNotificationRule"("organizationId", "createdAt");

-- AddForeignKey
ALTER TABLE "PackageReminderSchedule" ADD CONSTRAINT "PackageReminderSchedule_packageId_fkey" FOREIGN KEY ("packageId") REFERENCES "Package"("id") ON DELETE CASCADE ON UPDATE CASCADE;
