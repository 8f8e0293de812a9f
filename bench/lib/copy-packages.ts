import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PackageStatus } from "@signet/contract";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

const FAMILY_NAMES = ["Smith", "Garcia", "Nguyen", "Johnson", "Okafor", "Kowalski", "Haddad", "Larsen"];
const GIVEN_NAMES = ["Pat", "Alex", "Sam", "Jordan", "Robin", "Casey", "Morgan", "Taylor", "Jamie"];

/** Of every 100 packages, how many are in each status: most closed long ago, some out, some drafts. */
const STATUS_SHARES: [PackageStatus, number][] = [
  ["COMPLETED", 45],
  ["AVAILABLE_TO_SIGNERS", 20],
  ["STARTED", 18],
  ["CANCELLED", 8],
  ["EDEPOSITED", 4],
  ["EDEPOSIT_PENDING", 2],
  ["CONSENT_WITHDRAWN", 2],
  ["PENDING_ENOTARY", 1],
];
const STATUS_OF = STATUS_SHARES.flatMap(([status, share]) => Array<PackageStatus>(share).fill(status));

/** Packages per chunk handed to the COPY streams (a few hundred KB of text each). */
const CHUNK = 2_000;

export interface CopiedRange {
  /** package numbers [from, to): number n is created n minutes before `now` */
  from: number;
  to: number;
}

/**
 * The id of package number n of an organization: a v4-shaped uuid from a hash, so the package rows
 * and the rows naming them can be written in separate passes without holding a million ids.
 */
function packageId(organizationId: string, n: number): string {
  const hex = createHash("sha1").update(`${organizationId}:${n}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type Part = "packages" | "shares" | "participants";

/** One part of the rows of packages [start, end) as COPY text: the package rows, their shares or participants. */
function packageRows(
  part: Part,
  organizationId: string,
  groupIds: readonly string[],
  start: number,
  end: number,
  now: number,
): string {
  let packages = "";
  let shares = "";
  let participants = "";
  for (let n = start; n < end; n++) {
    const id = packageId(organizationId, n);
    const shortId = `B${String(n).padStart(7, "0")}`;
    const name = `Loan ${n} closing package`;
    const status = STATUS_OF[n % STATUS_OF.length]!;
    const createdAt = new Date(now - n * 60_000).toISOString();
    const sentAt = status === "STARTED" ? "\\N" : createdAt;
    const words: string[] = [];
    for (let role = 1; role <= 2; role++) {
      const given = GIVEN_NAMES[(n + role) % GIVEN_NAMES.length]!;
      const family = FAMILY_NAMES[(n + role) % FAMILY_NAMES.length]!;
      const email = `borrower${role}.${shortId.toLowerCase()}@example.com`;
      const access = n % 20 === 0 ? "SMS" : "EMAIL";
      words.push(`${given} ${family} ${email}`);
      if (part === "participants")
        participants += `${randomUUID()}\t${id}\t${organizationId}\tBorrower\t${role}\t${given}\t${family}\t${email}\t${access}\t${role}\t${createdAt}\t${createdAt}\n`;
    }
    // what signet_package_search_text (migration package_search_text) makes of this package
    const searchText = `${name} ${shortId} ${words.join(" ")}`.toLowerCase();
    if (part === "packages")
      packages += `${id}\t${organizationId}\t${shortId}\t${name}\t${status}\t${sentAt}\t${createdAt}\t${createdAt}\t${searchText}\n`;
    const group = groupIds[n % groupIds.length]!;
    shares += `${id}\t${group}\t${organizationId}\n`;
    if (n % 10 === 0 && group !== groupIds[0]) shares += `${id}\t${groupIds[0]}\t${organizationId}\n`;
  }
  return part === "packages" ? packages : part === "shares" ? shares : participants;
}

/**
 * Appends packages number `from` to `to` - 1 to the organization with PostgreSQL COPY: first the
 * package rows, then their shares and participants (two streams at once). Each package has a
 * borrower and a co-borrower (names from small lists: 'garcia' finds a quarter of them), is shared
 * with one of the groups in turn — every tenth also with the first group — and statuses are spread
 * as STATUS_SHARES. The numbers make the rows, so a range always gives the same packages.
 *
 * The product's triggers fire as for its own inserts but three, skipped by name inside the COPY's
 * transaction only (see copyInto; a renamed trigger fails the seeding loudly) and their work done
 * here in bulk: the two that keep Package.searchText (a participant's rewrites its package row, two
 * million times for a million packages) — searchText is written with the rows, the same words in
 * the same order as the product's function — and PackageGroup's group-set refresh (recordGroupSets).
 */
export async function copyPackages(
  databaseUrl: string,
  organizationId: string,
  groupIds: readonly string[],
  range: CopiedRange,
  now = Date.now(),
): Promise<void> {
  const chunks = function* (part: Part) {
    for (let start = range.from; start < range.to; start += CHUNK) {
      yield packageRows(part, organizationId, groupIds, start, Math.min(range.to, start + CHUNK), now);
    }
  };
  const columns = `(id, "organizationId", "shortId", name, status, "sentAt", "createdAt", "lastUpdatedAt", "searchText")`;
  await copyInto(databaseUrl, "Package", columns, chunks("packages"), ["Package_searchText"]);
  await Promise.all([
    copyInto(databaseUrl, "PackageGroup", `("packageId", "groupId", "organizationId")`, chunks("shares"), [
      "PackageGroup_groupSet_insert",
    ]).then(() => recordGroupSets(databaseUrl, organizationId)),
    copyInto(
      databaseUrl,
      "Participant",
      `(id, "packageId", "organizationId", type, "roleNumber", "givenName", "familyName", email, "accessMethod",
        "orderSequence", "createdAt", "lastUpdatedAt")`,
      chunks("participants"),
      ["Participant_searchText"],
    ),
  ]);
}

/**
 * COPY into a table inside one transaction with `skippedTriggers` (the product's, by name) disabled.
 * When they are all of the table's triggers firing on insert, the copy runs with
 * session_replication_role = replica instead, which also skips the foreign-key checks — rows right
 * by construction — that dominate a two-million-row copy; any other trigger keeps it firing.
 */
/**
 * What the product's PackageGroup insert trigger (migration package_status_counts) does, for the
 * whole load in one set-based statement instead of its per-package refresh (about half a
 * millisecond a package on a loaded machine: minutes for a million): each new package's
 * PackageGroupSet row (made by the Package insert trigger, with no groups yet) gets its sorted group
 * ids, and the product's own PackageGroupSet update trigger moves the kept status counts.
 * seed-large-organization.ts checks the counts add up afterwards.
 */
async function recordGroupSets(databaseUrl: string, organizationId: string) {
  await runSql(
    databaseUrl,
    `UPDATE "PackageGroupSet" s SET "groupIds" = g.ids
       FROM (SELECT pg."packageId", array_agg(pg."groupId" ORDER BY pg."groupId") AS ids
               FROM "PackageGroupSet" e JOIN "PackageGroup" pg ON pg."packageId" = e."packageId"
              WHERE e."organizationId" = $1::uuid AND cardinality(e."groupIds") = 0
              GROUP BY pg."packageId") g
      WHERE s."packageId" = g."packageId"`,
    [organizationId],
  );
}

async function copyInto(
  databaseUrl: string,
  table: string,
  columns: string,
  chunks: Iterable<string>,
  skippedTriggers: readonly string[] = [],
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const name = pg.escapeIdentifier(table);
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL synchronous_commit = off");
    const { rows } = await client.query<{ name: string }>(
      // tgtype bit 2: fires on INSERT
      "SELECT tgname AS name FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal AND tgtype & 4 <> 0",
      [name],
    );
    const missing = skippedTriggers.filter((trigger) => !rows.some((row) => row.name === trigger));
    if (missing.length > 0)
      throw new Error(`${table} has no trigger ${missing.join(", ")} to skip: the seeding must learn their successors`);
    const replica = skippedTriggers.length > 0 && rows.length === skippedTriggers.length;
    if (replica) await client.query("SET LOCAL session_replication_role = replica");
    else
      for (const trigger of skippedTriggers)
        await client.query(`ALTER TABLE ${name} DISABLE TRIGGER ${pg.escapeIdentifier(trigger)}`);
    await pipeline(Readable.from(chunks), client.query(copyFrom(`COPY ${name} ${columns} FROM STDIN`)));
    if (!replica)
      for (const trigger of skippedTriggers)
        await client.query(`ALTER TABLE ${name} ENABLE TRIGGER ${pg.escapeIdentifier(trigger)}`);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

const BULK_TABLES = ["Package", "PackageGroup", "Participant"];

/**
 * Runs a bulk load with the secondary indexes of the copied tables dropped, then builds them again
 * from their own definitions (pg_indexes), two at a time, and VACUUM ANALYZEs the tables (as
 * autovacuum would have by then: statistics and the visibility map index-only scans need): one
 * sorted build per index is several times faster than maintaining random-uuid b-trees and a trigram
 * GIN index row by row. Primary keys stay (foreign keys hang on them). `leaveOut` names indexes not
 * built again. Returns the seconds spent after the load.
 */
export async function withIndexesRebuilt(
  databaseUrl: string,
  load: () => Promise<void>,
  leaveOut: readonly string[] = [],
): Promise<number> {
  const { rows } = await runSql<{ name: string; definition: string }>(
    databaseUrl,
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [BULK_TABLES],
  );
  for (const index of rows) await runSql(databaseUrl, `DROP INDEX IF EXISTS ${pg.escapeIdentifier(index.name)}`);
  await load();
  const started = Date.now();
  const pending = rows.filter((index) => !leaveOut.includes(index.name));
  const build = async () => {
    for (let index = pending.shift(); index; index = pending.shift()) await runSql(databaseUrl, index.definition);
  };
  // two at a time: the machine has two cores and each build is mostly one core's sort
  await Promise.all([build(), build()]);
  // every table: the product's own derived tables (status counts) grew with the load too
  await runSql(databaseUrl, "VACUUM ANALYZE");
  return (Date.now() - started) / 1000;
}

/** One statement on a connection of its own, with room to sort for index builds. */
async function runSql<R extends pg.QueryResultRow>(databaseUrl: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SET maintenance_work_mem = '256MB'");
    return await client.query<R>(sql, values);
  } finally {
    await client.end().catch(() => {});
  }
}
