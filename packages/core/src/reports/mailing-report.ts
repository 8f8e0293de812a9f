import { Readable } from "node:stream";
import {
  MAILING_REASON_WORDS,
  MAILING_REPORT_CSV_COLUMNS,
  MAILING_STATUS_WORDS,
  MAILING_STATUSES,
  type MailingReason,
  type MailingReport,
  type MailingReportFilter,
  type MailingReportQuery,
  type MailingReportRow,
  type MailingStatus,
  MILESTONE_WORDS,
  type MilestoneCode,
  REPORT_MESSAGES,
} from "@signet/contract";
import { stringify } from "csv-stringify";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { loadReportAccess } from "./report-scope.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const rowSelect = {
  id: true,
  packageId: true,
  recipientName: true,
  reason: true,
  status: true,
  milestoneError: true,
  createdAt: true,
  package: { select: { name: true } },
  legs: {
    where: { direction: "OUTBOUND" },
    select: {
      carrier: true,
      trackingNumber: true,
      milestones: { orderBy: { occurredAt: "desc" }, take: 1, select: { code: true, occurredAt: true } },
    },
  },
} as const satisfies Prisma.MailingSelect;

type RowData = Prisma.MailingGetPayload<{ select: typeof rowSelect }>;

/** The mailings of the packages the caller may view, narrowed by the report's filters. */
function mailingWhere(
  access: { organizationId: string; visibleGroupIds: string[] },
  filter: MailingReportFilter,
): Prisma.MailingWhereInput {
  const and: Prisma.MailingWhereInput[] = [
    { organizationId: access.organizationId },
    { package: { groups: { some: { groupId: { in: access.visibleGroupIds } } } } },
  ];
  if (filter.createdFrom) and.push({ createdAt: { gte: new Date(filter.createdFrom) } });
  if (filter.createdTo) and.push({ createdAt: { lt: new Date(new Date(filter.createdTo).getTime() + DAY_MS) } });
  if (filter.status) and.push({ status: filter.status });
  if (filter.carrier) {
    and.push({ legs: { some: { carrier: { equals: filter.carrier, mode: "insensitive" } } } });
  }
  if (filter.milestoneError) and.push({ milestoneError: filter.milestoneError === "true" });
  return { AND: and };
}

function toRow(row: RowData): MailingReportRow {
  const outbound = row.legs[0];
  const last = outbound?.milestones[0];
  return {
    id: row.id,
    packageId: row.packageId,
    packageName: row.package.name,
    recipientName: row.recipientName,
    reason: row.reason as MailingReason,
    status: row.status as MailingStatus,
    carrier: outbound?.carrier ?? null,
    trackingNumber: outbound?.trackingNumber ?? null,
    milestoneError: row.milestoneError,
    lastMilestone: (last?.code as MilestoneCode | undefined) ?? null,
    lastMilestoneAt: last?.occurredAt.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whether the organization has print fulfillment set up (the report explains an empty table). */
async function fulfillmentAvailable(organizationId: string, deps: CoreDeps) {
  const any = await deps.db.mailing.findFirst({ where: { organizationId }, select: { id: true } });
  if (any) return true;
  const settings = await deps.db.printFulfillmentSettings.findUnique({
    where: { organizationId },
    select: { enabled: true },
  });
  return Boolean(settings?.enabled);
}

/** Spec §7 mailing report: one page of mailings with totals and counts by status over every match. */
export async function mailingReport(
  actor: Actor,
  input: MailingReportQuery & { organizationId: string },
  deps: CoreDeps,
): Promise<MailingReport> {
  const access = await loadReportAccess(actor, input.organizationId, deps);
  const pageNumber = input.pageNumber ?? 1;
  const pageSize = input.pageSize ?? 10;
  const direction = input.sortDirection ?? "desc";
  const where = mailingWhere(access, input);
  const orderBy: Prisma.MailingOrderByWithRelationInput[] = [
    { [input.sortBy ?? "createdAt"]: direction },
    { id: direction },
  ];
  const rows = await deps.db.mailing.findMany({
    where,
    select: rowSelect,
    orderBy,
    skip: (pageNumber - 1) * pageSize,
    take: pageSize,
  });
  const count = await deps.db.mailing.count({ where });
  const grouped = await deps.db.mailing.groupBy({
    by: ["status", "milestoneError"],
    where,
    orderBy: { status: "asc" },
    _count: { id: true },
  });
  const available = await fulfillmentAvailable(access.organizationId, deps);
  const byStatusCount = new Map<string, number>();
  let errors = 0;
  for (const group of grouped) {
    byStatusCount.set(group.status, (byStatusCount.get(group.status) ?? 0) + group._count.id);
    if (group.milestoneError) errors += group._count.id;
  }
  const countOf = (status: MailingStatus) => byStatusCount.get(status) ?? 0;
  return {
    records: rows.map(toRow),
    count,
    available,
    reason: available ? null : REPORT_MESSAGES.mailingUnavailable,
    totals: {
      mailings: count,
      delivered: countOf("DELIVERED") + countOf("RETURNED"),
      returned: countOf("RETURNED"),
      errors,
    },
    byStatus: MAILING_STATUSES.map((status) => ({ status, count: countOf(status) })).filter((s) => s.count > 0),
  };
}

/** One CSV record, in MAILING_REPORT_CSV_COLUMNS order, in the words the page shows. */
export function mailingReportCsvRecord(row: MailingReportRow): string[] {
  return [
    row.packageName,
    row.recipientName,
    MAILING_REASON_WORDS[row.reason],
    MAILING_STATUS_WORDS[row.status],
    row.carrier ?? "",
    row.trackingNumber ?? "",
    row.milestoneError ? "Yes" : "No",
    row.lastMilestone ? `${MILESTONE_WORDS[row.lastMilestone]} ${row.lastMilestoneAt}` : "",
    row.createdAt,
  ];
}

/**
 * The whole mailing report as CSV, with the package report's guards: BOM for Excel, CRLF records,
 * and a leading apostrophe on any cell a spreadsheet would run as a formula. Read in batches.
 */
export async function mailingReportCsv(
  actor: Actor,
  input: MailingReportFilter & { organizationId: string },
  deps: CoreDeps,
  now = new Date(),
): Promise<{ fileName: string; count: number; stream: Readable }> {
  const access = await loadReportAccess(actor, input.organizationId, deps);
  const where = mailingWhere(access, input);
  const count = await deps.db.mailing.count({ where });
  async function* records() {
    for (let skip = 0; ; skip += 500) {
      const batch = await deps.db.mailing.findMany({
        where,
        select: rowSelect,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        skip,
        take: 500,
      });
      for (const row of batch) yield mailingReportCsvRecord(toRow(row));
      if (batch.length < 500) return;
    }
  }
  const writer = stringify({
    bom: true,
    header: true,
    columns: [...MAILING_REPORT_CSV_COLUMNS],
    escape_formulas: true,
    record_delimiter: "windows",
    quote_record_delimiter: true,
  });
  Readable.from(records())
    .on("error", (error) => {
      deps.logger.error({ err: error }, "mailing report CSV export failed");
      writer.end();
    })
    .pipe(writer);
  return { fileName: `mailing-report-${now.toISOString().slice(0, 10)}.csv`, count, stream: writer };
}
