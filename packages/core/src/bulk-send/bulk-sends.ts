import {
  BULK_SEND_MESSAGES,
  type BulkSend,
  type BulkSendList,
  type BulkSendRowList,
  type bulkSendListQuerySchema,
  type bulkSendRowQuerySchema,
  isBulkSendActive,
  TEMPLATE_MESSAGES,
} from "@signet/contract";
import type { z } from "zod";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, forbidden } from "../errors/app-error.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { bulkSendNotFound, loadBulkSendTemplate, usableTemplateGroups } from "./bulk-send-template.ts";
import { toBulkSend, toBulkSendRow, toBulkSends } from "./bulk-send-views.ts";

interface BulkSendRef {
  organizationId: string;
  bulkSendId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A bulk send the caller may see and cancel: in their organization (else 404), with
 * MANAGE_DOCUMENTS_PACKAGES in a group its template is shared with (the rule of starting one) —
 * or, once the template is gone, started by the caller.
 */
async function loadBulkSend(actor: Actor, ref: BulkSendRef, deps: CoreDeps) {
  const access = await loadPackageAccess(actor, ref.organizationId, deps);
  access.require("MANAGE_DOCUMENTS_PACKAGES");
  if (!UUID.test(ref.bulkSendId)) throw bulkSendNotFound();
  const bulkSend = await deps.db.bulkSend.findFirst({
    where: { id: ref.bulkSendId, organizationId: ref.organizationId },
  });
  if (!bulkSend) throw bulkSendNotFound();
  const template = await deps.db.packageTemplate.findFirst({
    where: { id: bulkSend.templateId, organizationId: ref.organizationId },
    include: { groups: { select: { groupId: true } } },
  });
  const allowed = template
    ? usableTemplateGroups(
        access,
        template.groups.map((group) => group.groupId),
      ).length > 0
    : actor.kind === "user" && actor.userId === bulkSend.createdById;
  if (!allowed) throw forbidden(TEMPLATE_MESSAGES.notShared);
  return bulkSend;
}

/** One bulk send with its progress. */
export async function getBulkSend(actor: Actor, ref: BulkSendRef, deps: CoreDeps): Promise<BulkSend> {
  return toBulkSend(deps.db, await loadBulkSend(actor, ref, deps));
}

/** The bulk sends of a package template, newest first. */
export async function listBulkSends(
  actor: Actor,
  input: { organizationId: string; templateId: string } & z.infer<typeof bulkSendListQuerySchema>,
  deps: CoreDeps,
): Promise<BulkSendList> {
  await loadBulkSendTemplate(actor, input, deps, { mustBeActive: false });
  const where = { organizationId: input.organizationId, templateId: input.templateId };
  const [rows, count] = await Promise.all([
    deps.db.bulkSend.findMany({
      where,
      orderBy: [{ createdAt: input.sortDirection }, { id: input.sortDirection }],
      skip: (input.pageNumber - 1) * input.pageSize,
      take: input.pageSize,
    }),
    deps.db.bulkSend.count({ where }),
  ]);
  return { records: await toBulkSends(deps.db, rows), count };
}

/** A bulk send's rows by line (status FAILED: the failed ones with their reasons). */
export async function listBulkSendRows(
  actor: Actor,
  input: BulkSendRef & z.infer<typeof bulkSendRowQuerySchema>,
  deps: CoreDeps,
): Promise<BulkSendRowList> {
  const bulkSend = await loadBulkSend(actor, input, deps);
  const where = { bulkSendId: bulkSend.id, ...(input.status ? { status: input.status } : {}) };
  const [rows, count] = await Promise.all([
    deps.db.bulkSendRow.findMany({
      where,
      orderBy: { line: input.sortDirection },
      skip: (input.pageNumber - 1) * input.pageSize,
      take: input.pageSize,
    }),
    deps.db.bulkSendRow.count({ where }),
  ]);
  return { records: rows.map(toBulkSendRow), count };
}

/**
 * Cancels a bulk send still at work: the job reads the request between rows, finishes the row in
 * hand and skips the rest. Packages already created stay (they are ordinary packages). A bulk
 * send that has not started yet is cancelled at once.
 */
export async function cancelBulkSend(
  actor: Actor,
  input: BulkSendRef & { version: number },
  deps: CoreDeps,
): Promise<BulkSend> {
  const bulkSend = await loadBulkSend(actor, input, deps);
  if (!isBulkSendActive(bulkSend.status) || bulkSend.cancelRequested)
    throw new AppError("CONFLICT", BULK_SEND_MESSAGES.notActive);
  const updated = await deps.db.$transaction(async (tx) => {
    const { count } = await tx.bulkSend.updateMany({
      where: {
        id: bulkSend.id,
        version: input.version,
        status: { in: ["QUEUED", "RUNNING"] },
        cancelRequested: false,
      },
      data: { cancelRequested: true, version: { increment: 1 } },
    });
    if (count === 0) {
      const now = await tx.bulkSend.findUnique({ where: { id: bulkSend.id } });
      if (now && now.version !== input.version) throw new AppError("VERSION_NOT_MATCHED");
      throw new AppError("CONFLICT", BULK_SEND_MESSAGES.notActive);
    }
    await appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "organization",
      streamId: input.organizationId,
      type: "bulk-send.cancelled",
      data: { bulkSendId: bulkSend.id, templateName: bulkSend.templateName, fileName: bulkSend.fileName },
    });
    return tx.bulkSend.findUniqueOrThrow({ where: { id: bulkSend.id } });
  });
  return toBulkSend(deps.db, updated);
}
