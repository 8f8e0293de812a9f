import { type BulkSendCheck, readBulkSendRecords } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { bulkSendShape, loadBulkSendTemplate } from "./bulk-send-template.ts";
import { readBulkSendFile } from "./read-bulk-send-file.ts";

export interface BulkSendFileInput {
  organizationId: string;
  templateId: string;
  /** the uploaded file, read only once the caller may use the template (a refused request's body is never read) */
  file: () => Promise<{ bytes: Uint8Array; fileName?: string | null }>;
}

/** The file read against the template (its slots and the organization's package custom fields). */
export async function readBulkSendUpload(actor: Actor, input: BulkSendFileInput, deps: CoreDeps) {
  const { template, access } = await loadBulkSendTemplate(actor, input, deps, { mustBeActive: true });
  const file = await input.file();
  const records = readBulkSendFile(file.bytes);
  const { slots, customFields } = await bulkSendShape(deps.db, input.organizationId, template.packageId);
  return {
    template,
    access,
    fileName: file.fileName ?? null,
    reading: readBulkSendRecords(records, slots, customFields),
  };
}

export function summarizeReading(reading: ReturnType<typeof readBulkSendRecords>): BulkSendCheck {
  const rowErrors = reading.rows.flatMap((row) => (row.ok === false ? [{ line: row.line, reason: row.reason }] : []));
  return {
    headerProblems: reading.headerProblems,
    rows: reading.rows.length,
    validRows: reading.rows.length - rowErrors.length,
    rowErrors,
  };
}

/** Bulk send's dry run: what starting with this file would do, row by row, without starting anything. */
export async function checkBulkSend(actor: Actor, input: BulkSendFileInput, deps: CoreDeps): Promise<BulkSendCheck> {
  const { reading } = await readBulkSendUpload(actor, input, deps);
  return summarizeReading(reading);
}
