-- CreateTable
CREATE TABLE "KeyFingerprint" (
    "purpose" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "activatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KeyFingerprint_pkey" PRIMARY KEY ("purpose")
);
