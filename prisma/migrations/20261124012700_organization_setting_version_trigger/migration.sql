-- One store, one version: every writer of an organization setting (the metaData API, and the typed
-- package, signing room, security and email settings views) moves the version on when the value
-- changes, so a metaData PUT holding the version it read answers 'Version not matched' after any
-- other change. A writer that already moved it (version changed in the same UPDATE) is left alone.
CREATE FUNCTION signet_organization_setting_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."value" IS DISTINCT FROM OLD."value" AND NEW."version" = OLD."version" THEN
    NEW."version" := OLD."version" + 1;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "OrganizationSetting_version"
  BEFORE UPDATE ON "OrganizationSetting"
  FOR EACH ROW EXECUTE FUNCTION signet_organization_setting_version();
