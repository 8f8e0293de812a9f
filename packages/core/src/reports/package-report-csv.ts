import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  PACKAGE_REPORT_CSV_COLUMNS,
  type PackageReportFilter,
  type PackageReportRow,
  REPORT_STATUS_WORDS,
} from "@signet/contract";
import { stringify } from "csv-stringify";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { packageReportSelect, toReportRows } from "./package-report.ts";
import { loadReportAccess, packageReportWhere, reportFilterOf } from "./report-scope.ts";

/** Rows read per query: the export holds one batch in memory at a time, whatever the report's size. */
export const CSV_BATCH_SIZE = 500;

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

/**
 * The CSV writer: UTF-8 byte order mark (Excel reads the file as UTF-8 only with it), quoting where
 * a cell holds a comma, quote or line break, and the formula guard — a cell starting with = + - @
 * (or a tab or carriage return) gets a leading apostrophe so a spreadsheet shows it as text
 * instead of running it (OWASP "CSV injection").
 */
export function packageReportCsvWriter() {
  return stringify({
    bom: true,
    header: true,
    columns: [...PACKAGE_REPORT_CSV_COLUMNS],
    escape_formulas: true,
    record_delimiter: "windows",
    // with CRLF records the library quotes a lone \n or \r only when told to; a spreadsheet would
    // otherwise split the row there
    quote_record_delimiter: true,
  });
}

export interface PackageReportCsv {
  fileName: string;
  /** how many rows the file will hold (the web shows progress against it) */
  count: number;
  /** the file, produced batch by batch as it is read */
  stream: Readable;
}

/**
 * The whole package report as CSV, streamed: the access check and the count run before the first
 * byte (so a refusal is still an error answer), then packages are read in keyset batches (created
 * desc, id desc, the report's default order) and written as they come.
 */
export async function packageReportCsv(
  actor: Actor,
  input: PackageReportFilter & { organizationId: string },
  deps: CoreDeps,
  options: { batchSize?: number; onBatch?: (size: number) => void; now?: Date } = {},
): Promise<PackageReportCsv> {
  const access = await loadReportAccess(actor, input.organizationId, deps);
  const where = packageReportWhere(access, reportFilterOf(input));
  const count = await deps.db.package.count({ where });
  const batchSize = options.batchSize ?? CSV_BATCH_SIZE;

  async function* records() {
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const page: Prisma.PackageWhereInput = after
        ? {
            AND: [
              where,
              {
                OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
              },
            ],
          }
        : where;
      const batch = await deps.db.package.findMany({
        where: page,
        select: packageReportSelect,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: batchSize,
      });
      options.onBatch?.(batch.length);
      for (const row of await toReportRows(batch, deps)) yield packageReportCsvRecord(row);
      if (batch.length < batchSize) return;
      const last = batch[batch.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  const writer = packageReportCsvWriter();
  // a failure while reading ends the file early (the client sees a short download), never the
  // process; a client that stops the download closes the stream, which is no failure
  pipeline(Readable.from(records()), writer).catch((error: unknown) => {
    const closedByClient = (error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE";
    if (closedByClient) deps.logger.debug("package report CSV export stopped by the client");
    else deps.logger.error({ err: error }, "package report CSV export failed");
  });
  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  return { fileName: `package-report-${day}.csv`, count, stream: writer };
}
