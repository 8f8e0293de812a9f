-- AlterTable
ALTER TABLE "Package" ADD COLUMN     "tridDeliveryMethod" TEXT,
ADD COLUMN     "tridExpirationDays" INTEGER NOT NULL DEFAULT 10,
ADD COLUMN     "tridMilestoneApplication" DATE,
ADD COLUMN     "tridMilestoneChangeCircumstances" DATE,
ADD COLUMN     "tridMilestoneConsummation" DATE,
ADD COLUMN     "tridPackageType" TEXT,
ADD COLUMN     "tridSentAt" DATE;
