-- CreateTable
CREATE TABLE "IdempotentRequest" (
    "id" UUID NOT NULL,
    "principal" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER,
    "responseBody" TEXT,
    "location" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMPTZ(3),
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "IdempotentRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IdempotentRequest_expiresAt_idx" ON "IdempotentRequest"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotentRequest_principal_key_key" ON "IdempotentRequest"("principal", "key");
