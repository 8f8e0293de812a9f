-- AlterTable
ALTER TABLE "Participant" ADD COLUMN     "mailingAddress" JSONB;
