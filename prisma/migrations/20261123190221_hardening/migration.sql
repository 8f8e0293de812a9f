-- AlterTable
ALTER TABLE "ConsentDocument" ADD COLUMN     "activeContentRemoved" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "originalSha256" TEXT;

-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "activeContentRemoved" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "originalSha256" TEXT;

-- AlterTable
ALTER TABLE "StipUpload" ADD COLUMN     "activeContentRemoved" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "originalSha256" TEXT;

-- CreateTable
CREATE TABLE "UnknownAccountSignInFailure" (
    "emailHash" TEXT NOT NULL,
    "failedAttempts" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "UnknownAccountSignInFailure_pkey" PRIMARY KEY ("emailHash")
);

-- CreateIndex
CREATE INDEX "UnknownAccountSignInFailure_updatedAt_idx" ON "UnknownAccountSignInFailure"("updatedAt");
