-- CreateTable
CREATE TABLE "SessionAuthMethod" (
    "activeTokenId" UUID NOT NULL,
    "amr" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SessionAuthMethod_pkey" PRIMARY KEY ("activeTokenId")
);
