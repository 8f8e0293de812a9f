-- AlterTable
ALTER TABLE "Participant" ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en';
