-- AlterTable
ALTER TABLE "SamlProvider" ADD COLUMN     "ssoBinding" TEXT NOT NULL DEFAULT 'redirect';
