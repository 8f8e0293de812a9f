import type { NotificationRecord, NotificationRecordList, NotificationRecordQuery } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { NotificationRecord as NotificationRecordRow, Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";

/** Shown masked: "m•••@example.com", "•••••• 1234" (a support list spans every organization). */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf("@");
  if (at > 0) return `${recipient[0]}•••${recipient.slice(at)}`;
  const digits = recipient.replace(/\D/g, "");
  return digits.length > 4 ? `•••••• ${digits.slice(-4)}` : "••••";
}

export function toNotificationRecord(row: NotificationRecordRow, organizationName: string | null): NotificationRecord {
  return {
    id: row.id,
    organizationId: row.organizationId,
    organizationName,
    channel: row.channel,
    kind: row.kind,
    recipient: maskRecipient(row.recipient),
    subject: row.subject,
    packageId: row.packageId,
    participantId: row.participantId,
    status: row.status,
    answer: row.answer,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt.toISOString(),
  };
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** Spec §6: the Notifications pages are for support users only; everyone else gets 403. */
export async function listNotificationRecords(
  actor: Actor,
  input: NotificationRecordQuery,
  deps: CoreDeps,
): Promise<NotificationRecordList> {
  if (actor.kind !== "user") throw new AppError("UNAUTHORIZED");
  if (!actor.supportUser) throw new AppError("FORBIDDEN");
  const pageNumber = input.pageNumber ?? 1;
  const pageSize = input.pageSize ?? 10;
  const where: Prisma.NotificationRecordWhereInput = {
    ...(input.organizationId ? { organizationId: input.organizationId } : {}),
    ...(input.kind ? { kind: input.kind } : {}),
    ...(input.channel ? { channel: input.channel } : {}),
    ...(input.status ? { status: input.status } : {}),
    ...(input.recipient ? { recipient: { equals: input.recipient, mode: "insensitive" } } : {}),
    ...(input.from || input.to
      ? {
          lastAttemptAt: {
            ...(input.from ? { gte: dayStart(input.from) } : {}),
            ...(input.to ? { lt: nextDay(input.to) } : {}),
          },
        }
      : {}),
  };
  const [rows, count] = await Promise.all([
    deps.db.notificationRecord.findMany({
      where,
      orderBy: [{ lastAttemptAt: input.sortDirection ?? "desc" }, { id: "asc" }],
      skip: (pageNumber - 1) * pageSize,
      take: pageSize,
    }),
    deps.db.notificationRecord.count({ where }),
  ]);
  const organizationIds = [...new Set(rows.map((row) => row.organizationId).filter((id): id is string => !!id))];
  const organizations = await deps.db.organization.findMany({
    where: { id: { in: organizationIds } },
    select: { id: true, name: true },
  });
  const names = new Map(organizations.map((organization) => [organization.id, organization.name]));
  return {
    records: rows.map((row) =>
      toNotificationRecord(row, row.organizationId ? (names.get(row.organizationId) ?? null) : null),
    ),
    count,
  };
}
