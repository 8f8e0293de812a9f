import type { Db } from "@signet/core";

const STATUSES = ["STARTED", "AVAILABLE_TO_SIGNERS", "COMPLETED", "CANCELLED"] as const;
const FAMILY_NAMES = ["Smith", "Garcia", "Nguyen", "Johnson", "Okafor", "Kowalski", "Haddad", "Larsen"];

/**
 * `count` packages of the bench organization, each with a borrower and a co-borrower, created over
 * the last year, spread over the given groups in turn (one group each). Set-based SQL: 20,000
 * packages take seconds, where one insert a package would take minutes.
 */
export async function seedPackages(db: Db, organizationId: string, groupIds: readonly string[], count: number) {
  await db.$executeRawUnsafe(
    `INSERT INTO "Package" (id, "organizationId", "shortId", name, status, "createdAt", "lastUpdatedAt")
     SELECT gen_random_uuid(), $1::uuid, 'B' || lpad(n::text, 6, '0'), 'Loan ' || n || ' closing package',
            ($2::text[])[1 + n % 4]::"PackageStatus", now() - (n || ' minutes')::interval, now()
       FROM generate_series(1, $3::int) AS n`,
    organizationId,
    STATUSES,
    count,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "PackageGroup" ("packageId", "groupId", "organizationId")
     SELECT p.id, ($2::uuid[])[1 + (substring(p."shortId" from 2)::int % cardinality($2::uuid[]))], $1::uuid
       FROM "Package" p WHERE p."organizationId" = $1::uuid`,
    organizationId,
    groupIds,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "Participant" (id, "packageId", "organizationId", type, "roleNumber", "givenName", "familyName",
                                email, "accessMethod", "orderSequence", "lastUpdatedAt")
     SELECT gen_random_uuid(), p.id, $1::uuid, 'Borrower', r, 'Pat ' || r,
            ($2::text[])[1 + (substring(p."shortId" from 2)::int + r) % cardinality($2::text[])],
            'borrower' || r || '.' || p."shortId" || '@example.com', 'EMAIL', r, now()
       FROM "Package" p CROSS JOIN generate_series(1, 2) AS r WHERE p."organizationId" = $1::uuid`,
    organizationId,
    FAMILY_NAMES,
  );
  await db.$executeRawUnsafe('ANALYZE "Package", "PackageGroup", "Participant"');
}
