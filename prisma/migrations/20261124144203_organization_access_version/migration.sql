-- CreateTable
CREATE TABLE "OrganizationAccessVersion" (
    "organizationId" UUID NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 1,

    CONSTRAINT "OrganizationAccessVersion_pkey" PRIMARY KEY ("organizationId")
);

-- Every organization starts with a counter; new ones get theirs from the Organization trigger below.
INSERT INTO "OrganizationAccessVersion" ("organizationId") SELECT "id" FROM "Organization";

-- Moves the counters of the given organizations on (creating a missing one). Organizations being
-- deleted are skipped, so the cascade of an organization's deletion leaves no counter behind.
-- Ordered by id: two transactions touching the same organizations lock their counters in one order.
CREATE FUNCTION signet_bump_access_versions(organization_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "OrganizationAccessVersion" AS v ("organizationId")
  SELECT o."id" FROM "Organization" o WHERE o."id" = ANY (organization_ids) ORDER BY o."id"
  ON CONFLICT ("organizationId") DO UPDATE SET "version" = v."version" + 1
$$;

-- Statement-level, so a bulk write (seeding, a group tree import) moves each counter once, not once a row.
CREATE FUNCTION signet_access_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM signet_bump_access_versions(ARRAY(SELECT DISTINCT "organizationId" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM signet_bump_access_versions(ARRAY(SELECT DISTINCT "organizationId" FROM old_rows));
  ELSE
    PERFORM signet_bump_access_versions(ARRAY(
      SELECT "organizationId" FROM old_rows UNION SELECT "organizationId" FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;

-- The tables effective permissions are computed from (groups and their tree, roles and their bits —
-- support roles included —, member roles, group members) and the membership that admits a user.
-- A transition table may not serve several events, hence one trigger per event.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['Group', 'Role', 'MemberRole', 'GroupMember', 'Membership'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION signet_access_rows_changed()', t || '_access_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION signet_access_rows_changed()', t || '_access_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION signet_access_rows_changed()', t || '_access_delete', t);
  END LOOP;
END
$$;

-- The organization row: its flags (enabled, eoSupport, features) and name are part of the cached
-- answer. A new organization gets its counter; a deleted one loses it.
CREATE FUNCTION signet_organization_access_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "OrganizationAccessVersion" ("organizationId") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM "OrganizationAccessVersion" WHERE "organizationId" = OLD."id";
  ELSE
    PERFORM signet_bump_access_versions(ARRAY[NEW."id"]);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Organization_access_insert" AFTER INSERT ON "Organization"
  FOR EACH ROW EXECUTE FUNCTION signet_organization_access_changed();
CREATE TRIGGER "Organization_access_update" AFTER UPDATE ON "Organization"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION signet_organization_access_changed();
CREATE TRIGGER "Organization_access_delete" AFTER DELETE ON "Organization"
  FOR EACH ROW EXECUTE FUNCTION signet_organization_access_changed();

-- A user's status (an invited user becoming active) concerns every organization they belong to.
-- Row-level: a transition table cannot go with a column list, and sign-ins update other User columns.
CREATE FUNCTION signet_user_access_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM signet_bump_access_versions(ARRAY(SELECT m."organizationId" FROM "Membership" m WHERE m."userId" = NEW."id"));
  RETURN NULL;
END
$$;

CREATE TRIGGER "User_access_status" AFTER UPDATE OF "status" ON "User"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION signet_user_access_changed();
