import { z } from "zod";
import { ID } from "./ids.ts";
import { PACKAGE_REPORT_SORT_FIELDS } from "./list-sort-fields.ts";
import { PACKAGE_STATUS_WORDS, PACKAGE_STATUSES } from "./package-status.ts";
import { packageStatusCountsShape, packageStatusSchema } from "./package-status-schemas.ts";
import { pageQuerySchema, pageSchema } from "./paging.ts";
import { recordCreatedAt } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Reports (spec §2 reports: package (default) and mailing; §6 VIEW_AND_MANAGE_REPORTS; §7 package and
// mailing reports; issue 14 §3). A report covers only the packages the caller may view.

export const REPORT_MESSAGES = {
  /** the mailing report has nothing to count until print and mail fulfillment exists */
  mailingUnavailable:
    "The mailing report fills once print and mail fulfillment is set up for your organization. No mailings have been sent yet.",
} as const;

/** A date (YYYY-MM-DD, a whole UTC day) or a date-time. */
const dateBound = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** Repeated (?status=A&status=B) or comma-separated. */
const reportStatusFilter = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(","))
      .map((part) => part.trim())
      .filter((part) => part !== ""),
  )
  .pipe(z.array(z.enum(PACKAGE_STATUSES)))
  .describe("Statuses to count; repeat or comma-separate. None: every status");

export const packageReportFilterSchema = z
  .object({
    createdFrom: dateBound.optional().describe("Created on or after (a date is a whole UTC day)"),
    createdTo: dateBound.optional().describe("Created on or before (a date is a whole UTC day)"),
    status: reportStatusFilter.optional(),
    groupId: ID.groupId.optional().describe("Only packages shared with this group"),
    senderId: z.uuid().optional().describe("Only packages created by this user"),
    participantType: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .optional()
      .describe("Only packages with at least one participant of this type (e.g. Borrower)"),
  })
  .describe("Filters of the package report");
export type PackageReportFilter = z.infer<typeof packageReportFilterSchema>;

export const packageReportQuerySchema = pageQuerySchema(PACKAGE_REPORT_SORT_FIELDS, "createdAt")
  .extend({
    sortDirection: z
      .enum(["asc", "desc"])
      .default("desc")
      .describe("asc: smallest or earliest first; desc (the default): largest or latest first"),
  })
  .extend(packageReportFilterSchema.shape)
  .describe("Filters, paging and sort of the package report");
export type PackageReportQuery = z.infer<typeof packageReportQuerySchema>;

export const packageReportRowSchema = z
  .object({
    id: z.uuid().describe("The package's id"),
    shortId: z.string().describe("Human-friendly id, unique in the organization"),
    name: z.string().describe("The package's name"),
    status: packageStatusSchema,
    senderName: z.string().nullable().describe("Who created the package; null when that user is gone"),
    groups: z.array(z.string()).describe("Names of the groups the package is shared with"),
    createdAt: recordCreatedAt,
    sentAt: z.string().nullable().describe("When the package was sent (ISO 8601 time); null: not sent"),
    completedAt: z.string().nullable().describe("When the package was completed (ISO 8601 time); null: not completed"),
    participantCount: z.number().int().describe("Number of participants"),
    daysToComplete: z.number().nullable().describe("Days from sending to completion, one decimal"),
  })
  .meta({ id: "PackageReportRow" });
export type PackageReportRow = z.infer<typeof packageReportRowSchema>;

export const packageReportTotalsSchema = z
  .object({
    count: z.number().int().describe("Packages matching the filters"),
    byStatus: packageStatusCountsShape().describe("Every status present, 0 when none"),
    completedCount: z.number().int().describe("Packages sent and completed"),
    medianDaysToComplete: z
      .number()
      .nullable()
      .describe("Median days from sending to completion, one decimal; null: none completed"),
    averageDaysToComplete: z
      .number()
      .nullable()
      .describe("Average days from sending to completion, one decimal; null: none completed"),
  })
  .meta({ id: "PackageReportTotals", description: "Totals over every package matching the filters" });
export type PackageReportTotals = z.infer<typeof packageReportTotalsSchema>;

export const packageReportSchema = pageSchema(packageReportRowSchema)
  .extend({ totals: packageReportTotalsSchema })
  .meta({ id: "PackageReport" });
export type PackageReport = z.infer<typeof packageReportSchema>;

export const REPORT_BUCKETS = ["day", "week"] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];

/** Time from sending to completion, in these day ranges (upper bound exclusive; the last is open). */
export const COMPLETION_TIME_BUCKETS = [
  { label: "Under 1 day", maxDays: 1 },
  { label: "1–2 days", maxDays: 3 },
  { label: "3–6 days", maxDays: 7 },
  { label: "1–2 weeks", maxDays: 14 },
  { label: "2–4 weeks", maxDays: 28 },
  { label: "4 weeks or more", maxDays: null },
] as const;

export const packageReportSeriesSchema = z
  .object({
    bucket: z.enum(REPORT_BUCKETS).describe("A day or a week (Monday) per point, chosen from the date range"),
    byStatus: z
      .array(
        z.object({
          period: z.iso.date().describe("First day of the day or week (UTC)"),
          counts: packageStatusCountsShape().describe("Packages created in the period, per status now"),
        }),
      )
      .describe("Packages created in each period, by their status now"),
    completionTime: z
      .array(
        z.object({
          label: z.string().describe("The range, e.g. 1–2 days"),
          count: z.number().int().describe("Completed packages in that range"),
        }),
      )
      .describe("Completed packages by time from sending to completion"),
    completionByGroup: z
      .array(
        z.object({
          groupId: ID.groupId,
          name: z.string().describe("The group's name"),
          sent: z.number().int().describe("Packages of the group sent"),
          completed: z.number().int().describe("Of those, the packages completed"),
          rate: z.number().describe("completed / sent, 0 to 1 (0 when none was sent)"),
        }),
      )
      .describe("Per group the caller sees: of the packages sent, the share completed"),
  })
  .meta({ id: "PackageReportSeries" });
export type PackageReportSeries = z.infer<typeof packageReportSeriesSchema>;

/**
 * The status words a CSV file shows (the words the web app shows beside each status, never enum
 * names: a spreadsheet is read by the same people).
 */
export const REPORT_STATUS_WORDS = PACKAGE_STATUS_WORDS;

/** The CSV columns, in order (the header row of the export). */
export const PACKAGE_REPORT_CSV_COLUMNS = [
  "Package",
  "Short id",
  "Status",
  "Sender",
  "Groups",
  "Created",
  "Sent",
  "Completed",
  "Participants",
  "Days to complete",
] as const;

const orgParams = z.object({ orgId: ID.orgId });
const v1 = { base: "api", version: 1, auth: "user", tags: ["reports"] } as const;

export const reportRoutes = {
  packageReport: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/reports/packages",
    permission: ["VIEW_AND_MANAGE_REPORTS"],
    summary: "The package report: one page of packages the caller sees, with totals over every matching package",
    params: orgParams,
    query: packageReportQuerySchema,
    response: packageReportSchema,
    status: 200,
  }),
  packageReportSeries: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/reports/packages/series",
    permission: ["VIEW_AND_MANAGE_REPORTS"],
    summary: "The package report's charts: packages by status over time, time to completion, completion by group",
    params: orgParams,
    query: packageReportFilterSchema,
    response: packageReportSeriesSchema,
    status: 200,
  }),
  packageReportCsv: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/reports/packages.csv",
    permission: ["VIEW_AND_MANAGE_REPORTS"],
    summary: "Every package of the report as CSV (text/csv, UTF-8 with BOM), streamed",
    params: orgParams,
    query: packageReportFilterSchema,
    produces: "text/csv",
    response: null,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
