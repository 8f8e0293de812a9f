-- CreateEnum
CREATE TYPE "DocumentFormat" AS ENUM ('PDF', 'SMART_DOC');

-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "eNoteMin" TEXT,
ADD COLUMN     "format" "DocumentFormat" NOT NULL DEFAULT 'PDF';

-- AlterTable
ALTER TABLE "SealedArtifact" ADD COLUMN     "contentType" TEXT NOT NULL DEFAULT 'application/pdf';
