import type { BulkSend, BulkSendRow } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";

type Reader = Db | Prisma.TransactionClient;
export type BulkSendRecord = Prisma.BulkSendGetPayload<object>;

async function userNames(db: Reader, ids: readonly string[]) {
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, givenName: true, familyName: true },
  });
  return new Map(users.map((user) => [user.id, [user.givenName, user.familyName].filter(Boolean).join(" ")]));
}

export async function toBulkSends(db: Reader, rows: readonly BulkSendRecord[]): Promise<BulkSend[]> {
  const names = await userNames(
    db,
    rows.map((row) => row.createdById),
  );
  return rows.map((row) => ({
    id: row.id,
    organizationId: row.organizationId,
    templateId: row.templateId,
    templateName: row.templateName,
    fileName: row.fileName,
    status: row.status,
    totalRows: row.totalRows,
    createdCount: row.createdCount,
    sentCount: row.sentCount,
    failedCount: row.failedCount,
    skippedCount: row.skippedCount,
    cancelRequested: row.cancelRequested,
    createdBy: row.createdById,
    createdByName: names.get(row.createdById) || null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    version: row.version,
  }));
}

export async function toBulkSend(db: Reader, row: BulkSendRecord): Promise<BulkSend> {
  const [view] = await toBulkSends(db, [row]);
  return view!;
}

export const toBulkSendRow = (row: Prisma.BulkSendRowGetPayload<object>): BulkSendRow => ({
  id: row.id,
  line: row.line,
  status: row.status,
  error: row.error,
  packageId: row.packageId,
});

/**
 * The counters from the rows themselves, so that they stay right whatever a restarted job redid:
 * created counts every row that got a package (sent or not).
 */
export async function refreshBulkSendCounts(db: Reader, bulkSendId: string) {
  const groups = await db.bulkSendRow.groupBy({ by: ["status"], where: { bulkSendId }, _count: { _all: true } });
  const count = (status: string) => groups.find((group) => group.status === status)?._count._all ?? 0;
  const withPackage = await db.bulkSendRow.count({ where: { bulkSendId, packageId: { not: null } } });
  await db.bulkSend.update({
    where: { id: bulkSendId },
    data: {
      createdCount: withPackage,
      sentCount: count("SENT"),
      failedCount: count("FAILED"),
      skippedCount: count("SKIPPED"),
    },
  });
}
