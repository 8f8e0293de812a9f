import type { Db } from "../db/prisma-client.ts";

export interface NotificationEntry {
  messageKey: string;
  organizationId: string | null;
  channel: "EMAIL" | "SMS";
  kind: string;
  recipient: string;
  subject: string | null;
  packageId: string | null;
  participantId: string | null;
  status: "SENT" | "FAILED";
  answer: string | null;
}

/**
 * One row per message, updated by each attempt. A message already SENT stays SENT: a retried job
 * whose transport skips the duplicate must not turn it into a second delivery.
 */
export async function recordNotification(db: Pick<Db, "notificationRecord">, entry: NotificationEntry): Promise<void> {
  const now = new Date();
  const existing = await db.notificationRecord.findUnique({ where: { messageKey: entry.messageKey } });
  if (!existing) {
    await db.notificationRecord.upsert({
      where: { messageKey: entry.messageKey },
      create: { ...entry, lastAttemptAt: now },
      update: { status: entry.status, answer: entry.answer, attempts: { increment: 1 }, lastAttemptAt: now },
    });
    return;
  }
  if (existing.status === "SENT") return;
  await db.notificationRecord.update({
    where: { messageKey: entry.messageKey },
    data: { status: entry.status, answer: entry.answer, attempts: { increment: 1 }, lastAttemptAt: now },
  });
}
