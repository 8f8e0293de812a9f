import { BULK_SEND_MESSAGES, type BulkSend } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { toBulkSend } from "./bulk-send-views.ts";
import { type BulkSendFileInput, readBulkSendUpload, summarizeReading } from "./check-bulk-send.ts";

/**
 * Bulk send (issue 13 §5): the whole file is read first. A problem of the file (columns, size,
 * not CSV) stops everything (400, each problem a detail); otherwise every row is recorded — the
 * ones that failed validation as FAILED with their line and reason, the others PENDING with their
 * input encrypted — and one job (bulk-send.run) is queued in the same transaction. A file with no
 * row that can be sent starts nothing.
 */
export async function startBulkSend(actor: Actor, input: BulkSendFileInput, deps: CoreDeps): Promise<BulkSend> {
  if (actor.kind !== "user") throw new AppError("UNAUTHORIZED");
  const { template, reading, fileName: uploadedName } = await readBulkSendUpload(actor, input, deps);
  const summary = summarizeReading(reading);
  if (summary.headerProblems.length > 0) {
    throw new AppError(
      "BAD_REQUEST",
      BULK_SEND_MESSAGES.headerProblems,
      summary.headerProblems.map((message) => ({ path: "file", message })),
    );
  }
  if (summary.validRows === 0) {
    throw new AppError(
      "BAD_REQUEST",
      BULK_SEND_MESSAGES.nothingToSend,
      summary.rowErrors.map((row) => ({ path: `line ${row.line}`, message: row.reason })),
    );
  }
  const { organizationId } = input;
  const fileName = uploadedName?.trim().slice(0, 255) || null;
  const created = await deps.db.$transaction(async (tx) => {
    const bulkSend = await tx.bulkSend.create({
      data: {
        organizationId,
        templateId: template.id,
        templateName: template.name,
        fileName,
        totalRows: summary.rows,
        failedCount: summary.rowErrors.length,
        createdById: actor.userId,
        actorOrganizationId: actor.organizationId ?? organizationId,
        actorSupportUser: actor.supportUser,
      },
    });
    await tx.bulkSendRow.createMany({
      // blank lines keep their numbers for the lines after them but are not rows
      data: reading.rows.flatMap((row) =>
        row.ok === "blank"
          ? []
          : row.ok === true
            ? {
                bulkSendId: bulkSend.id,
                organizationId,
                line: row.line,
                inputCiphertext: deps.fieldCipher.encrypt(JSON.stringify(row.input)),
              }
            : { bulkSendId: bulkSend.id, organizationId, line: row.line, status: "FAILED" as const, error: row.reason },
      ),
    });
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "bulk-send.started",
      data: {
        bulkSendId: bulkSend.id,
        templateId: template.id,
        templateName: template.name,
        fileName,
        rows: summary.rows,
        invalidRows: summary.rowErrors.length,
      },
    });
    await enqueueOutbox(tx, "bulk-send.run", { bulkSendId: bulkSend.id }, `bulk-send:${bulkSend.id}`);
    return bulkSend;
  });
  return toBulkSend(deps.db, created);
}
