import { randomUUID } from "node:crypto";
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
 * Appends packages number `from` to `to` - 1 to the organization with PostgreSQL COPY, three
 * streams at once (Package, PackageGroup, Participant), each package with a borrower and a
 * co-borrower (names from small lists: 'garcia' finds a quarter of them), spread over the groups in
 * turn and every tenth also shared with the first group, statuses spread as STATUS_SHARES. The
 * numbers make the rows, so the same range always gives the same packages (ids aside).
 *
 * The rows go in as the product would have them: searchText — which the product's triggers keep —
 * is written here (the same lower-cased words in the same order as signet_package_search_text),
 * and the copy runs with session_replication_role = replica so that per-row triggers (searchText,
 * foreign keys) are skipped: a participant's trigger rewrites its package row, two million times for
 * a million packages. Indexes stay and are maintained by COPY.
 */
export async function copyPackages(
  databaseUrl: string,
  organizationId: string,
  groupIds: readonly string[],
  range: CopiedRange,
  now = Date.now(),
): Promise<void> {
  const packages = new ChunkQueue();
  const shares = new ChunkQueue();
  const participants = new ChunkQueue();
  const produce = async () => {
    for (let start = range.from; start < range.to; start += CHUNK) {
      const end = Math.min(range.to, start + CHUNK);
      let packageText = "";
      let shareText = "";
      let participantText = "";
      for (let n = start; n < end; n++) {
        const id = randomUUID();
        const shortId = `B${String(n).padStart(7, "0")}`;
        const name = `Loan ${n} closing package`;
        const status = STATUS_OF[n % STATUS_OF.length]!;
        const createdAt = new Date(now - n * 60_000).toISOString();
        const sentAt = status === "STARTED" ? "\\N" : createdAt;
        const words: string[] = [];
        for (let role = 1; role <= 2; role++) {
          const given = `${GIVEN_NAMES[(n + role) % GIVEN_NAMES.length]}`;
          const family = FAMILY_NAMES[(n + role) % FAMILY_NAMES.length]!;
          const email = `borrower${role}.${shortId.toLowerCase()}@example.com`;
          const access = n % 20 === 0 ? "SMS" : "EMAIL";
          words.push(`${given} ${family} ${email}`);
          participantText += `${randomUUID()}\t${id}\t${organizationId}\tBorrower\t${role}\t${given}\t${family}\t${email}\t${access}\t${role}\t${createdAt}\t${createdAt}\n`;
        }
        const searchText = `${name} ${shortId} ${words.join(" ")}`.toLowerCase();
        packageText += `${id}\t${organizationId}\t${shortId}\t${name}\t${status}\t${sentAt}\t${createdAt}\t${createdAt}\t${searchText}\n`;
        const group = groupIds[n % groupIds.length]!;
        shareText += `${id}\t${group}\t${organizationId}\n`;
        if (n % 10 === 0 && group !== groupIds[0]) shareText += `${id}\t${groupIds[0]}\t${organizationId}\n`;
      }
      await Promise.all([packages.push(packageText), shares.push(shareText), participants.push(participantText)]);
    }
  };
  await Promise.all([
    // the streams end whatever happens, so none waits for a chunk that will never come
    produce().finally(() => {
      for (const queue of [packages, shares, participants]) queue.end();
    }),
    copyInto(
      databaseUrl,
      `"Package" (id, "organizationId", "shortId", name, status, "sentAt", "createdAt", "lastUpdatedAt", "searchText")`,
      packages,
    ),
    copyInto(databaseUrl, `"PackageGroup" ("packageId", "groupId", "organizationId")`, shares),
    copyInto(
      databaseUrl,
      `"Participant" (id, "packageId", "organizationId", type, "roleNumber", "givenName", "familyName", email,
                      "accessMethod", "orderSequence", "createdAt", "lastUpdatedAt")`,
      participants,
    ),
  ]);
}

async function copyInto(databaseUrl: string, table: string, chunks: ChunkQueue) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SET session_replication_role = replica");
    await client.query("SET synchronous_commit = off");
    await pipeline(Readable.from(chunks), client.query(copyFrom(`COPY ${table} FROM STDIN`)));
  } catch (error) {
    chunks.fail(error);
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A bounded hand-off between the one producer and a COPY stream: the producer waits while two
 * chunks are queued, so a slow table holds memory to a few chunks instead of the whole range.
 */
class ChunkQueue implements AsyncIterable<string> {
  private chunks: string[] = [];
  private ended = false;
  private failure: unknown = null;
  private wakeConsumer: (() => void) | null = null;
  private wakeProducer: (() => void) | null = null;

  async push(chunk: string) {
    while (this.chunks.length >= 2 && this.failure === null)
      await new Promise<void>((resolve) => (this.wakeProducer = resolve));
    if (this.failure !== null) throw this.failure;
    this.chunks.push(chunk);
    this.wakeConsumer?.();
  }

  end() {
    this.ended = true;
    this.wakeConsumer?.();
  }

  fail(error: unknown) {
    this.failure = error;
    this.wakeProducer?.();
  }

  async *[Symbol.asyncIterator]() {
    while (true) {
      const chunk = this.chunks.shift();
      if (chunk !== undefined) {
        this.wakeProducer?.();
        yield chunk;
      } else if (this.ended) return;
      else await new Promise<void>((resolve) => (this.wakeConsumer = resolve));
    }
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
  await runSql(databaseUrl, `VACUUM ANALYZE ${BULK_TABLES.map((table) => pg.escapeIdentifier(table)).join(", ")}`);
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
