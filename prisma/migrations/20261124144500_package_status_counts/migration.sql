-- Status counts kept by the database (issue 17): counting the packages a caller sees per status
-- scanned every package of the organization (hundreds of milliseconds at 100,000). Each package is
-- recorded once in PackageGroupSet (organization, sorted group ids, status) and PackageStatusCount
-- holds how many packages share each (organization, group set, status). A caller who sees the groups
-- V sees a package exactly when its group set meets V, so the sum over the count rows whose set
-- meets V is exact whatever groups a package is shared with and whatever groups the caller sees.

-- DropIndex
DROP INDEX "Package_organizationId_createdAt_idx";

-- CreateTable
CREATE TABLE "PackageGroupSet" (
    "packageId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "groupIds" UUID[],
    "status" "PackageStatus" NOT NULL,

    CONSTRAINT "PackageGroupSet_pkey" PRIMARY KEY ("packageId")
);

-- CreateTable
CREATE TABLE "PackageStatusCount" (
    "organizationId" UUID NOT NULL,
    "groupKey" TEXT NOT NULL,
    "groupIds" UUID[],
    "status" "PackageStatus" NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "PackageStatusCount_pkey" PRIMARY KEY ("organizationId","groupKey","status")
);

-- CreateIndex
CREATE INDEX "Package_organizationId_createdAt_id_idx" ON "Package"("organizationId", "createdAt", "id");


-- the groups a package is shared with, sorted: the canonical group set
CREATE FUNCTION signet_package_group_ids(package_id uuid) RETURNS uuid[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(pg."groupId" ORDER BY pg."groupId"), '{}') FROM "PackageGroup" pg WHERE pg."packageId" = package_id
$$;

-- add delta packages to one (organization, group set, status); packages shared with no group are
-- seen by nobody and not counted; an organization being deleted gets no new rows
CREATE FUNCTION signet_package_status_count_add(org uuid, ids uuid[], st "PackageStatus", delta bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "PackageStatusCount" AS c ("organizationId", "groupKey", "groupIds", "status", "count")
  SELECT org, array_to_string(ids, ','), ids, st, delta
   WHERE cardinality(ids) > 0 AND delta <> 0 AND EXISTS (SELECT 1 FROM "Organization" o WHERE o.id = org)
  ON CONFLICT ("organizationId", "groupKey", "status") DO UPDATE SET "count" = c."count" + EXCLUDED."count"
$$;

-- PackageGroupSet rows changed: move their packages between count rows, set-based (bulk loads stay
-- fast) and in key order (two transactions touching the same rows lock them in the same order)
CREATE FUNCTION signet_package_status_count_on_set() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR d IN SELECT n."organizationId" AS org, n."groupIds" AS ids, n."status" AS st, count(*) AS delta
               FROM new_sets n GROUP BY 1, 2, 3 ORDER BY 1, array_to_string(n."groupIds", ','), 3 LOOP
      PERFORM signet_package_status_count_add(d.org, d.ids, d.st, d.delta);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR d IN SELECT o."organizationId" AS org, o."groupIds" AS ids, o."status" AS st, -count(*) AS delta
               FROM old_sets o GROUP BY 1, 2, 3 ORDER BY 1, array_to_string(o."groupIds", ','), 3 LOOP
      PERFORM signet_package_status_count_add(d.org, d.ids, d.st, d.delta);
    END LOOP;
  ELSE
    FOR d IN SELECT x.org, x.ids, x.st, sum(x.delta) AS delta
               FROM (SELECT n."organizationId" AS org, n."groupIds" AS ids, n."status" AS st, 1 AS delta FROM new_sets n
                     UNION ALL
                     SELECT o."organizationId", o."groupIds", o."status", -1 FROM old_sets o) x
              GROUP BY 1, 2, 3 HAVING sum(x.delta) <> 0 ORDER BY 1, array_to_string(x.ids, ','), 3 LOOP
      PERFORM signet_package_status_count_add(d.org, d.ids, d.st, d.delta);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "PackageGroupSet_count_insert" AFTER INSERT ON "PackageGroupSet"
  REFERENCING NEW TABLE AS new_sets FOR EACH STATEMENT EXECUTE FUNCTION signet_package_status_count_on_set();
CREATE TRIGGER "PackageGroupSet_count_update" AFTER UPDATE ON "PackageGroupSet"
  REFERENCING OLD TABLE AS old_sets NEW TABLE AS new_sets FOR EACH STATEMENT EXECUTE FUNCTION signet_package_status_count_on_set();
CREATE TRIGGER "PackageGroupSet_count_delete" AFTER DELETE ON "PackageGroupSet"
  REFERENCING OLD TABLE AS old_sets FOR EACH STATEMENT EXECUTE FUNCTION signet_package_status_count_on_set();

-- a package is recorded when created (no group yet: PackageGroup rows need the package first),
-- follows its status, and leaves with it
CREATE FUNCTION signet_package_group_set_on_package() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "PackageGroupSet" ("packageId", "organizationId", "groupIds", "status")
    SELECT n."id", n."organizationId", '{}', n."status" FROM new_packages n;
  ELSE
    DELETE FROM "PackageGroupSet" s USING old_packages o WHERE s."packageId" = o."id";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Package_groupSet_insert" AFTER INSERT ON "Package"
  REFERENCING NEW TABLE AS new_packages FOR EACH STATEMENT EXECUTE FUNCTION signet_package_group_set_on_package();
CREATE TRIGGER "Package_groupSet_delete" AFTER DELETE ON "Package"
  REFERENCING OLD TABLE AS old_packages FOR EACH STATEMENT EXECUTE FUNCTION signet_package_group_set_on_package();

CREATE FUNCTION signet_package_group_set_on_package_status() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "PackageGroupSet" SET "status" = NEW."status", "organizationId" = NEW."organizationId" WHERE "packageId" = NEW."id";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Package_groupSet_status" AFTER UPDATE OF "status", "organizationId" ON "Package"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."organizationId" IS DISTINCT FROM NEW."organizationId")
  EXECUTE FUNCTION signet_package_group_set_on_package_status();

-- a package's groups changed: record its new group set. The set rows are locked first and the sets
-- read in the next statement, so under READ COMMITTED two transactions changing one package's
-- groups at once each read the other's committed rows instead of a stale snapshot.
CREATE FUNCTION signet_package_group_set_refresh(package_ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "PackageGroupSet" s WHERE s."packageId" = ANY(package_ids) ORDER BY s."packageId" FOR UPDATE;
  UPDATE "PackageGroupSet" s SET "groupIds" = g.ids
    FROM (SELECT id, signet_package_group_ids(id) AS ids FROM unnest(package_ids) AS id) g
   WHERE s."packageId" = g.id AND s."groupIds" IS DISTINCT FROM g.ids;
END
$$;

CREATE FUNCTION signet_package_group_set_on_link() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM signet_package_group_set_refresh(ARRAY(SELECT DISTINCT n."packageId" FROM new_links n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM signet_package_group_set_refresh(ARRAY(SELECT DISTINCT o."packageId" FROM old_links o));
  ELSE
    PERFORM signet_package_group_set_refresh(ARRAY(
      SELECT n."packageId" FROM new_links n UNION SELECT o."packageId" FROM old_links o));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "PackageGroup_groupSet_insert" AFTER INSERT ON "PackageGroup"
  REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION signet_package_group_set_on_link();
CREATE TRIGGER "PackageGroup_groupSet_update" AFTER UPDATE ON "PackageGroup"
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION signet_package_group_set_on_link();
CREATE TRIGGER "PackageGroup_groupSet_delete" AFTER DELETE ON "PackageGroup"
  REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION signet_package_group_set_on_link();

-- an organization's counts go with it
CREATE FUNCTION signet_package_status_count_on_organization() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "PackageStatusCount" c USING old_organizations o WHERE c."organizationId" = o."id";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Organization_packageStatusCount_delete" AFTER DELETE ON "Organization"
  REFERENCING OLD TABLE AS old_organizations FOR EACH STATEMENT EXECUTE FUNCTION signet_package_status_count_on_organization();

-- the packages already there: recorded with their groups (this fires the count trigger once)
INSERT INTO "PackageGroupSet" ("packageId", "organizationId", "groupIds", "status")
SELECT p."id", p."organizationId", signet_package_group_ids(p."id"), p."status" FROM "Package" p;
