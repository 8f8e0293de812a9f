-- CreateEnum
CREATE TYPE "ParticipantRole" AS ENUM ('SIGNER', 'VIEWER', 'COPY', 'PAPER');

-- AlterTable
ALTER TABLE "Participant" ADD COLUMN     "role" "ParticipantRole" NOT NULL DEFAULT 'SIGNER';
