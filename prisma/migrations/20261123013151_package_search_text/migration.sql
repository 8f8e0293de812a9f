-- The workspace's text filter looks for words anywhere in a package's name, short id and its
-- participants' names and emails. One lower-cased column with a trigram index answers that with an
-- index scan, where OR-ed EXISTS subqueries over participants cost a lookup per package.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- AlterTable
ALTER TABLE "Package" ADD COLUMN     "searchText" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "Package_searchText_idx" ON "Package" USING GIN ("searchText" gin_trgm_ops);

CREATE FUNCTION signet_package_search_text(package_id uuid, package_name text, short_id text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ', package_name, short_id, (
    SELECT string_agg(concat_ws(' ', t."givenName", t."middleName", t."familyName", t."email"), ' ' ORDER BY t."orderSequence")
      FROM "Participant" t WHERE t."packageId" = package_id)))
$$;

CREATE FUNCTION signet_package_search_text_on_package() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchText" := signet_package_search_text(NEW."id", NEW."name", NEW."shortId");
  RETURN NEW;
END
$$;

CREATE TRIGGER "Package_searchText"
  BEFORE INSERT OR UPDATE OF "name", "shortId" ON "Package"
  FOR EACH ROW EXECUTE FUNCTION signet_package_search_text_on_package();

CREATE FUNCTION signet_package_search_text_on_participant() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  package_id uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."packageId" ELSE NEW."packageId" END;
BEGIN
  UPDATE "Package" p SET "searchText" = signet_package_search_text(p."id", p."name", p."shortId") WHERE p."id" = package_id;
  IF TG_OP = 'UPDATE' AND OLD."packageId" <> NEW."packageId" THEN
    UPDATE "Package" p SET "searchText" = signet_package_search_text(p."id", p."name", p."shortId") WHERE p."id" = OLD."packageId";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Participant_searchText"
  AFTER INSERT OR DELETE OR UPDATE OF "givenName", "middleName", "familyName", "email", "packageId" ON "Participant"
  FOR EACH ROW EXECUTE FUNCTION signet_package_search_text_on_participant();

UPDATE "Package" p SET "searchText" = signet_package_search_text(p."id", p."name", p."shortId");
