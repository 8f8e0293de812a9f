import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  PACKAGE_REPORT_CSV_COLUMNS,
  type PackageReportFilter,
  type PackageReportRow,
  type PackageStatus,
  REPORT_STATUS_WORDS,
} from "@signet/contract";
import { stringify } from "csv-stringify/sync";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryRows } from "../db/pool-query.ts";
import { daysOf } from "./report-periods.ts";
import { loadReportAccess, packageReportWhere, packageReportWhereSql, reportFilterOf } from "./report-scope.ts";

/** Rows read per query: the export holds one batch in memory at a time, whatever the report's size. */
export const CSV_BATCH_SIZE = 500;
// PostgreSQL writes the times as the report's ISO text: no Date parsed and formatted again per cell
const ISO = (column: string) => Prisma.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** One CSV record of a report row, in PACKAGE_REPORT_CSV_COLUMNS order. */
export function packageReportCsvRecord(row: PackageReportRow): (string | number)[] {
  return [
    row.name,
    row.shortId,
    REPORT_STATUS_WORDS[row.status],
    row.senderName ?? "",
    row.groups.join("; "),
    row.createdAt,
    row.sentAt ?? "",
    row.completedAt ?? "",
    row.participantCount,
    row.daysToComplete ?? "",
  ];
}

const CSV_OPTIONS = {
  columns: [...PACKAGE_REPORT_CSV_COLUMNS],
  escape_formulas: true,
  record_delimiter: "windows",
  // with CRLF records the library quotes a lone \n or \r only when told to; a spreadsheet would
  // otherwise split the row there
  quote_record_delimiter: true,
} as const;

/**
 * Records as CSV text; the file's first piece (`first`) starts with the UTF-8 byte order mark (Excel
 * reads the file as UTF-8 only with it) and the header. Quoting where a cell holds a comma, quote or
 * line break, and the formula guard — a cell starting with = + - @ (or a tab or carriage return)
 * gets a leading apostrophe so a spreadsheet shows it as text instead of running it (OWASP "CSV
 * injection").
 */
export function packageReportCsvText(records: (string | number)[][], first: boolean): string {
  return stringify(records, { ...CSV_OPTIONS, bom: first, header: first });
}

export interface PackageReportCsv {
  fileName: string;
  /** how many rows the file will hold (the web shows progress against it) */
  count: number;
  /** the file, produced batch by batch as it is read */
  stream: Readable;
}

/** One package as the export reads it: its sender's names and its groups' names beside it. */
interface CsvPackage {
  id: string;
  shortId: string;
  name: string;
  status: PackageStatus;
  createdAt: string;
  sentAt: string | null;
  completedAt: string | null;
  completionMs: number | null;
  senderId: string | null;
  senderGivenName: string | null;
  senderFamilyName: string | null;
  groups: string[];
  participantCount: number;
}

/** A package of the export as a report row: the same words as the report's page (toReportRows). */
function csvRecordOf(pkg: CsvPackage): (string | number)[] {
  return packageReportCsvRecord({
    id: pkg.id,
    shortId: pkg.shortId,
    name: pkg.name,
    status: pkg.status,
    senderName: pkg.senderId ? `${pkg.senderGivenName} ${pkg.senderFamilyName}`.trim() : null,
    groups: pkg.groups.sort((a, b) => a.localeCompare(b)),
    createdAt: pkg.createdAt,
    sentAt: pkg.sentAt,
    completedAt: pkg.completedAt,
    participantCount: pkg.participantCount,
    daysToComplete: pkg.completionMs === null ? null : daysOf(pkg.completionMs),
  });
}

/**
 * The whole package report as CSV, streamed: the access check and the count run before the first
 * byte (so a refusal is still an error answer), then packages are read in keyset batches (created
 * desc, id desc, the report's default order) and written as they come, the next batch read only
 * once the socket has taken the last.
 *
 * Each batch is one SQL statement over the report's filter in SQL (packageReportWhereSql, which the
 * report tests hold to the Prisma filter the count uses), each package's groups, participant count
 * and sender beside it, read by key. Prisma's nested read counted participants with a GROUP BY over
 * the whole Participant table, once a batch: at a million packages about 4 s a batch, hours a file.
 */
export async function packageReportCsv(
  actor: Actor,
  input: PackageReportFilter & { organizationId: string },
  deps: CoreDeps,
  options: { batchSize?: number; onBatch?: (size: number) => void; now?: Date } = {},
): Promise<PackageReportCsv> {
  const access = await loadReportAccess(actor, input.organizationId, deps);
  const filter = reportFilterOf(input);
  const count = await deps.db.package.count({ where: packageReportWhere(access, filter) });
  const matching = packageReportWhereSql(access, filter);
  const batchSize = options.batchSize ?? CSV_BATCH_SIZE;

  // each batch becomes one piece of text at once (its rows garbage as soon as they are written),
  // and one piece at a time waits for the socket: the export holds one batch, whatever the file's size
  async function* pieces() {
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const statement: Prisma.Sql = Prisma.sql`
        SELECT p.id, p."shortId", p.name, p.status::text AS status, ${ISO('p."createdAt"')} AS "createdAt",
               ${ISO('p."sentAt"')} AS "sentAt", ${ISO('p."completedAt"')} AS "completedAt",
               CASE WHEN p."completedAt" >= p."sentAt"
                    THEN extract(epoch FROM p."completedAt" - p."sentAt")::float8 * 1000 END AS "completionMs",
               u.id AS "senderId", u."givenName" AS "senderGivenName", u."familyName" AS "senderFamilyName",
               ARRAY(SELECT g.name FROM "PackageGroup" pg JOIN "Group" g ON g.id = pg."groupId"
                      WHERE pg."packageId" = p.id) AS groups,
               (SELECT count(*)::int FROM "Participant" pt WHERE pt."packageId" = p.id) AS "participantCount"
          FROM "Package" p LEFT JOIN "User" u ON u.id = p."createdById"
         WHERE ${matching}${after ? Prisma.sql` AND (p."createdAt", p.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : Prisma.empty}
         ORDER BY p."createdAt" DESC, p.id DESC
         LIMIT ${batchSize}`;
      const batch = await queryRows<CsvPackage>(deps.db, statement.text, statement.values);
      options.onBatch?.(batch.length);
      const text = packageReportCsvText(batch.map(csvRecordOf), after === null);
      if (batch.length < batchSize) {
        yield text;
        return;
      }
      const last = batch[batch.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
      yield text;
    }
  }

  const file = new PassThrough();
  // a failure while reading ends the file early (the client sees a short download), never the
  // process; a client that stops the download closes the stream, which is no failure
  pipeline(Readable.from(pieces(), { highWaterMark: 1 }), file).catch((error: unknown) => {
    const closedByClient = (error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE";
    if (closedByClient) deps.logger.debug("package report CSV export stopped by the client");
    else deps.logger.error({ err: error }, "package report CSV export failed");
  });
  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  return { fileName: `package-report-${day}.csv`, count, stream: file };
}
