import { z } from "zod";
import { type CustomFieldDefinition, normalizeCustomFieldValue } from "./custom-field-rules.ts";
import { ID } from "./ids.ts";
import { pageQuerySchema, pageSchema } from "./paging.ts";
import { missingContact, type PARTICIPANT_ACCESS_METHODS } from "./participant-rules.ts";
import { recordCreatedAt } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";
import { type Slot, slotName } from "./template-blueprint.ts";
import { templatePersonSchema } from "./templates.ts";

// Bulk send (issue 13 §5): from an active package template and a CSV of participants (one row a
// package, columns named after the template's slots: "BORROWER 1 first name", "BORROWER 1 email"…,
// plus an optional "package name" and a column per package custom field named by its key), create
// and send up to 1,000 packages in one job. The rules here work on records a CSV parser produced
// (the server reads the file with csv-parse); a record's line is its row in a spreadsheet (the
// header is line 1), whatever line breaks its quoted cells hold.

export const BULK_SEND_LIMITS = {
  rows: 1000,
  /** the uploaded file: 1,000 rows of a few dozen columns fit with room to spare */
  bytes: 2 * 1024 * 1024,
} as const;

export const BULK_SEND_STATUSES = ["QUEUED", "RUNNING", "COMPLETED", "CANCELLED", "FAILED"] as const;
export type BulkSendStatus = (typeof BULK_SEND_STATUSES)[number];
export const BULK_SEND_ROW_STATUSES = ["PENDING", "CREATED", "SENT", "FAILED", "SKIPPED"] as const;
export type BulkSendRowStatus = (typeof BULK_SEND_ROW_STATUSES)[number];
/** A bulk send still at work: it can be cancelled. */
export const isBulkSendActive = (status: BulkSendStatus) => status === "QUEUED" || status === "RUNNING";

export const BULK_SEND_MESSAGES = {
  notFound: "Bulk send not found.",
  attach: "Attach the CSV file in the part named 'file'.",
  notText: "Upload a CSV file (text): this file is not text.",
  tooLarge: `The file is larger than ${BULK_SEND_LIMITS.bytes / (1024 * 1024)} MB.`,
  empty: "The file is empty: the first line must name the columns.",
  notCsv: (reason: string) => `The file is not valid CSV: ${reason}`,
  tooManyRows: (rows: number) =>
    `The file has ${rows.toLocaleString("en-US")} rows: a bulk send takes at most ${BULK_SEND_LIMITS.rows.toLocaleString("en-US")}. Split it into several files.`,
  noRows: "The file has no rows below the header.",
  unknownColumn: (header: string) =>
    `Unknown column “${header}”: columns are named after the template's participants (e.g. “BORROWER 1 email”), “package name” or a custom field's key.`,
  unnamedColumn: (column: number) => `Column ${column} has no name.`,
  duplicateColumn: (header: string) => `The column “${header}” appears more than once.`,
  missingColumn: (header: string) => `The column “${header}” is missing.`,
  headerProblems: "The file's columns do not match the template: nothing was started.",
  nothingToSend: "No row of the file can be sent: nothing was started.",
  cellCount: (cells: number, columns: number) => `The row has ${cells} values; the header names ${columns} columns.`,
  packageNameTooLong: "package name: enter at most 255 characters.",
  notActive: "This bulk send has finished: there is nothing to cancel.",
  started: "Bulk send started.",
  cancelRequested: "Bulk send cancelled: no further package will be created.",
} as const;

/** What a person column holds. */
export const BULK_SEND_PERSON_FIELDS = {
  givenName: "first name",
  familyName: "last name",
  email: "email",
  phoneNumber: "phone",
} as const;
export type BulkSendPersonField = keyof typeof BULK_SEND_PERSON_FIELDS;

export type BulkSendColumn =
  | { kind: "person"; header: string; slot: Slot; field: BulkSendPersonField }
  | { kind: "packageName"; header: string }
  | { kind: "customField"; header: string; key: string };

export interface BulkSendSlot extends Slot {
  accessMethod: (typeof PARTICIPANT_ACCESS_METHODS)[number];
}

/** A package custom field that may have a column, with what its values must look like. */
export interface BulkSendCustomField extends CustomFieldDefinition {
  /** the integrators' key: the column's name */
  key: string;
  /** the field's id (CustomField.id), what the package takes */
  id: string;
}

/** Case- and space-insensitive identity of a column name ("Borrower 1  First Name" = "BORROWER 1 first name"). */
export const columnKey = (header: string) =>
  header
    .replace(/^\uFEFF/, "")
    .replace(/\s+/g, "")
    .toLowerCase();

/** Every column a template's CSV may have, in the order the downloadable header lists them. */
export function bulkSendColumns(
  slots: readonly BulkSendSlot[],
  customFields: readonly Pick<BulkSendCustomField, "key">[],
): BulkSendColumn[] {
  const columns: BulkSendColumn[] = [{ kind: "packageName", header: "package name" }];
  for (const slot of slots) {
    for (const [field, words] of Object.entries(BULK_SEND_PERSON_FIELDS) as [BulkSendPersonField, string][]) {
      columns.push({ kind: "person", header: `${slotName(slot)} ${words}`, slot, field });
    }
  }
  for (const field of customFields) columns.push({ kind: "customField", header: field.key, key: field.key });
  return columns;
}

/** The columns a row cannot do without: each person's names and the contact their access method needs. */
export function requiredColumns(slots: readonly BulkSendSlot[]): string[] {
  const required: string[] = [];
  for (const slot of slots) {
    required.push(`${slotName(slot)} first name`, `${slotName(slot)} last name`);
    if (slot.accessMethod === "EMAIL") required.push(`${slotName(slot)} email`);
    if (slot.accessMethod === "SMS") required.push(`${slotName(slot)} phone`);
  }
  return required;
}

export interface BulkSendHeader {
  /** the column each cell of a row is read as (null: a column the file has but nothing reads) */
  mapping: (BulkSendColumn | null)[];
  problems: string[];
}

/** Matches the file's first line to the template's columns: unknown, unnamed, repeated and missing columns are named. */
export function matchBulkSendHeader(
  header: readonly string[],
  slots: readonly BulkSendSlot[],
  customFields: readonly Pick<BulkSendCustomField, "key">[],
): BulkSendHeader {
  const byKey = new Map(bulkSendColumns(slots, customFields).map((column) => [columnKey(column.header), column]));
  const problems: string[] = [];
  const seen = new Set<string>();
  // trailing empty cells (a spreadsheet's stray commas) are not columns
  let width = header.length;
  while (width > 0 && header[width - 1]?.trim() === "") width--;
  const mapping = header.map((raw, index): BulkSendColumn | null => {
    if (index >= width) return null;
    const name = raw.trim();
    if (name === "") {
      problems.push(BULK_SEND_MESSAGES.unnamedColumn(index + 1));
      return null;
    }
    const key = columnKey(name);
    const column = byKey.get(key);
    if (!column) {
      problems.push(BULK_SEND_MESSAGES.unknownColumn(name));
      return null;
    }
    if (seen.has(key)) {
      problems.push(BULK_SEND_MESSAGES.duplicateColumn(name));
      return null;
    }
    seen.add(key);
    return column;
  });
  for (const required of requiredColumns(slots)) {
    if (!seen.has(columnKey(required))) problems.push(BULK_SEND_MESSAGES.missingColumn(required));
  }
  return { mapping, problems };
}

/** One row as the job uses it: the people of every slot, the package's name and custom field values. */
export const bulkSendRowInputSchema = z.object({
  packageName: z.string().nullable(),
  people: z.array(templatePersonSchema),
  customFields: z.array(z.object({ customFieldId: ID.customFieldId, value: z.string().nullable() })),
});
export type BulkSendRowInput = z.infer<typeof bulkSendRowInputSchema>;

export type BulkSendRowReading =
  | { ok: true; line: number; input: BulkSendRowInput }
  | { ok: false; line: number; reason: string }
  | { ok: "blank"; line: number };

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/**
 * One record of the file as a package's input, or why it cannot be one (every problem of the row
 * in one reason, each named by its column). A row of empty cells is blank: skipped, not counted.
 */
export function readBulkSendRow(
  cells: readonly string[],
  line: number,
  header: BulkSendHeader,
  slots: readonly BulkSendSlot[],
  customFields: readonly BulkSendCustomField[],
): BulkSendRowReading {
  if (isBlank(cells)) return { ok: "blank", line };
  const width = header.mapping.length;
  // a short row reads its missing cells as empty; values beyond the named columns are refused
  if (cells.slice(width).some((cell) => cell.trim() !== ""))
    return { ok: false, line, reason: BULK_SEND_MESSAGES.cellCount(cells.length, width) };
  const values = new Map<string, string>();
  header.mapping.forEach((column, index) => {
    if (column) values.set(columnKey(column.header), (cells[index] ?? "").trim());
  });
  const value = (header: string) => values.get(columnKey(header)) ?? "";
  const problems: string[] = [];
  const people: BulkSendRowInput["people"] = [];
  for (const slot of slots) {
    const name = slotName(slot);
    const raw = {
      type: slot.type,
      roleNumber: slot.roleNumber,
      givenName: value(`${name} first name`),
      familyName: value(`${name} last name`),
      email: value(`${name} email`) || null,
      phoneNumber: value(`${name} phone`) || null,
    };
    const parsed = templatePersonSchema.safeParse(raw);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as BulkSendPersonField | undefined;
        const words = field && field in BULK_SEND_PERSON_FIELDS ? BULK_SEND_PERSON_FIELDS[field] : "";
        const text = `${name} ${words}: ${issue.message}`.replace(/\s+:/, ":");
        if (!seen.has(text)) problems.push(text);
        seen.add(text);
      }
      continue;
    }
    const missing = missingContact({
      accessMethod: slot.accessMethod,
      email: parsed.data.email ?? null,
      phone: parsed.data.phoneNumber ?? null,
    });
    if (missing) {
      problems.push(`${name}: ${missing}`);
      continue;
    }
    people.push(parsed.data);
  }
  const packageName = value("package name");
  if (packageName.length > 255) problems.push(BULK_SEND_MESSAGES.packageNameTooLong);
  const fieldValues: BulkSendRowInput["customFields"] = [];
  for (const field of customFields) {
    // an empty cell keeps the template's value
    if (value(field.key) === "") continue;
    const checked = normalizeCustomFieldValue(field, value(field.key));
    if ("problem" in checked) problems.push(`${field.key}: ${checked.problem}`);
    else fieldValues.push({ customFieldId: field.id, value: checked.value });
  }
  if (problems.length > 0) return { ok: false, line, reason: problems.join(" ") };
  return { ok: true, line, input: { packageName: packageName || null, people, customFields: fieldValues } };
}

export interface BulkSendReading {
  /** problems of the whole file (columns, size): nothing can start while there is one */
  headerProblems: string[];
  rows: BulkSendRowReading[];
}

/**
 * The whole file read against the template: the header first (any problem there stops the
 * reading), then every record below it. More than BULK_SEND_LIMITS.rows non-blank rows is a
 * problem of the file.
 */
export function readBulkSendRecords(
  records: readonly (readonly string[])[],
  slots: readonly BulkSendSlot[],
  customFields: readonly BulkSendCustomField[],
): BulkSendReading {
  const [first, ...rest] = records;
  if (!first || isBlank(first)) return { headerProblems: [BULK_SEND_MESSAGES.empty], rows: [] };
  const header = matchBulkSendHeader(first, slots, customFields);
  const nonBlank = rest.filter((cells) => !isBlank(cells)).length;
  const headerProblems = [...header.problems];
  if (nonBlank > BULK_SEND_LIMITS.rows) headerProblems.push(BULK_SEND_MESSAGES.tooManyRows(nonBlank));
  else if (nonBlank === 0) headerProblems.push(BULK_SEND_MESSAGES.noRows);
  if (headerProblems.length > 0) return { headerProblems, rows: [] };
  const rows = rest.map((cells, index) => readBulkSendRow(cells, index + 2, header, slots, customFields));
  return { headerProblems: [], rows: rows.filter((row) => row.ok !== "blank") };
}

// --- API schemas ---

export const bulkSendRowErrorSchema = z
  .object({
    line: z.number().int().describe("The row's line as a spreadsheet shows it (the header is line 1)"),
    reason: z.string().describe("Why the row will not become a package, in words"),
  })
  .meta({ id: "BulkSendRowError" });
export type BulkSendRowError = z.infer<typeof bulkSendRowErrorSchema>;

export const bulkSendCheckSchema = z
  .object({
    headerProblems: z.array(z.string()).describe("Problems of the file as a whole: nothing starts while there is one"),
    rows: z.int().describe("Rows below the header (blank rows left out)"),
    validRows: z.int().describe("Rows that will become packages"),
    rowErrors: z.array(bulkSendRowErrorSchema).describe("Rows that will not, with their line and reason"),
  })
  .meta({ id: "BulkSendCheck" });
export type BulkSendCheck = z.infer<typeof bulkSendCheckSchema>;

export const bulkSendSchema = z
  .object({
    id: z.uuid().describe("The bulk send's id"),
    organizationId: ID.organizationId,
    templateId: ID.templateId.describe("The package template the rows fill"),
    templateName: z.string().describe("The package template's name"),
    fileName: z.string().nullable().describe("The uploaded CSV file's name; null: not known"),
    status: z
      .enum(BULK_SEND_STATUSES)
      .describe("QUEUED, RUNNING, COMPLETED, CANCELLED or FAILED (the job itself failed)"),
    totalRows: z.int().describe("Rows of the file (blank rows left out)"),
    createdCount: z.int().describe("Packages created so far"),
    sentCount: z.int().describe("Packages sent so far"),
    failedCount: z.int().describe("Rows that failed (validation or creating or sending)"),
    skippedCount: z.int().describe("Rows left alone because the bulk send was cancelled"),
    cancelRequested: z.boolean().describe("Someone asked to cancel; rows not started yet are skipped"),
    createdBy: ID.createdBy.nullable(),
    createdByName: z
      .string()
      .nullable()
      .describe("Name of the user who started the bulk send; null when that user is gone"),
    createdAt: recordCreatedAt,
    startedAt: z.string().nullable().describe("When the job started (ISO 8601 time); null: not yet"),
    finishedAt: z.string().nullable().describe("When the job finished (ISO 8601 time); null: not yet"),
    version: z.int().describe("The bulk send's version: send it back to cancel (optimistic locking)"),
  })
  .meta({ id: "BulkSend" });
export type BulkSend = z.infer<typeof bulkSendSchema>;

export const bulkSendListSchema = pageSchema(bulkSendSchema).meta({ id: "BulkSendList" });
export type BulkSendList = z.infer<typeof bulkSendListSchema>;

export const bulkSendRowSchema = z
  .object({
    id: z.uuid().describe("The row's id"),
    line: z.int().describe("The row's line as a spreadsheet shows it (the header is line 1)"),
    status: z
      .enum(BULK_SEND_ROW_STATUSES)
      .describe("PENDING (not reached yet), CREATED (package made), SENT, FAILED (see error) or SKIPPED (cancelled)"),
    error: z.string().nullable().describe("Why the row failed; null unless FAILED"),
    packageId: ID.packageId.nullable(),
  })
  .meta({ id: "BulkSendRow" });
export type BulkSendRow = z.infer<typeof bulkSendRowSchema>;

export const bulkSendRowListSchema = pageSchema(bulkSendRowSchema).meta({ id: "BulkSendRowList" });
export type BulkSendRowList = z.infer<typeof bulkSendRowListSchema>;

export const bulkSendListQuerySchema = pageQuerySchema(["createdAt"], "createdAt").extend({
  sortDirection: z
    .enum(["asc", "desc"])
    .default("desc")
    .describe("asc: oldest first; desc (the default): newest first"),
});
export const bulkSendRowQuerySchema = pageQuerySchema(["line"], "line").extend({
  status: z.enum(BULK_SEND_ROW_STATUSES).optional().describe("Only rows in this state (FAILED: the failed rows)"),
});

export const bulkSendCancelSchema = z
  .object({ version: z.int().min(1).describe("The version the client read (optimistic locking)") })
  .meta({ id: "BulkSendCancel" });

const uploadSchema = z
  .object({ file: z.file().describe("The CSV file (UTF-8 text; a header line, then one row a package)") })
  .meta({ id: "BulkSendUpload" });

const orgParams = z.object({ orgId: ID.orgId });
const templateParams = orgParams.extend({ templateId: ID.templateId.describe("The package template's id") });
const bulkSendParams = orgParams.extend({ bulkSendId: ID.bulkSendId });
const common = {
  base: "api",
  version: 1,
  auth: "user",
  tags: ["bulk-send"],
  permission: ["MANAGE_DOCUMENTS_PACKAGES"],
} as const;
const TEMPLATE_BULK_SENDS = "/organizations/:orgId/package-templates/:templateId/bulk-sends";
const BULK_SEND = "/organizations/:orgId/bulk-sends/:bulkSendId";

export const bulkSendRoutes = {
  startBulkSend: define({
    ...common,
    method: "POST",
    path: TEMPLATE_BULK_SENDS,
    summary: `Bulk send: upload a CSV of participants (multipart 'file', at most ${BULK_SEND_LIMITS.rows} rows) and create and send one package a row from the active package template; rows that fail validation are recorded with their line and reason and the others go on`,
    params: templateParams,
    multipart: uploadSchema,
    response: bulkSendSchema,
    status: 201,
  }),
  checkBulkSend: define({
    ...common,
    method: "POST",
    path: `${TEMPLATE_BULK_SENDS}/check`,
    summary:
      "Check a bulk send's CSV without starting anything: the file's problems and each bad row's line and reason",
    params: templateParams,
    multipart: uploadSchema.meta({ id: "BulkSendCheckUpload" }),
    response: bulkSendCheckSchema,
    status: 200,
  }),
  listBulkSends: define({
    ...common,
    method: "GET",
    path: TEMPLATE_BULK_SENDS,
    summary: "The bulk sends of a package template, newest first",
    params: templateParams,
    query: bulkSendListQuerySchema,
    response: bulkSendListSchema,
    status: 200,
  }),
  bulkSendCsvTemplate: define({
    ...common,
    method: "GET",
    path: `${TEMPLATE_BULK_SENDS}/csv-template`,
    summary:
      "The CSV header a bulk send of this package template reads (text/csv): one column per slot's names and contacts, package name and each package custom field's key",
    params: templateParams,
    response: null,
    produces: "text/csv",
    status: 200,
  }),
  getBulkSend: define({
    ...common,
    method: "GET",
    path: BULK_SEND,
    summary: "One bulk send with its progress (rows created, sent, failed)",
    params: bulkSendParams,
    response: bulkSendSchema,
    status: 200,
  }),
  listBulkSendRows: define({
    ...common,
    method: "GET",
    path: `${BULK_SEND}/rows`,
    summary: "The rows of a bulk send by line, with each failed row's reason and each created package",
    params: bulkSendParams,
    query: bulkSendRowQuerySchema,
    response: bulkSendRowListSchema,
    status: 200,
  }),
  cancelBulkSend: define({
    ...common,
    method: "POST",
    path: `${BULK_SEND}/cancel`,
    summary:
      "Cancel a bulk send: the row at work finishes, the rows after it are skipped (packages already created stay)",
    params: bulkSendParams,
    body: bulkSendCancelSchema,
    response: bulkSendSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
