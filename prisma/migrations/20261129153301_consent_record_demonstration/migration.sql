-- How each consent was given. Every consent recorded before this migration was given by typing the
-- code from the consent PDF; from now on the room records which way it was (no default for new rows).
-- The organization option esign_consent_code_required needs no row: an organization without one
-- reads the registry default (false), so new and existing organizations get one-action consent.
ALTER TABLE "ConsentRecord" ADD COLUMN "demonstration" TEXT NOT NULL DEFAULT 'CODE_FROM_CONSENT_PDF';
ALTER TABLE "ConsentRecord" ALTER COLUMN "demonstration" DROP DEFAULT;
