import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import type { Logger } from "../logger.ts";
import { repeatEvery } from "../scheduling/repeat-every.ts";
import { NOTIFICATION_LINK_DAYS, signNotificationLink } from "./notification-link-token.ts";

const DAY_MS = 86_400_000;
/** Summaries go out at the first scheduler pass after this hour (UTC), covering the previous UTC day. */
export const DAILY_SUMMARY_HOUR_UTC = 6;

interface SenderRow {
  organizationId: string;
  userId: string;
  events: number;
}

/**
 * Queues the daily summary of every member whose packages changed in the previous UTC day. The
 * outbox row's idempotency key (daily-summary:<org>:<user>:<day>) is unique: however many workers
 * run this, and however often, each sender gets one email per day.
 */
export async function enqueueDailySummaries(deps: Pick<CoreDeps, "db" | "config" | "linkKey">, now = new Date()) {
  const windowEnd = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const windowStart = new Date(windowEnd.getTime() - DAY_MS);
  const day = windowStart.toISOString().slice(0, 10);
  const senders = await deps.db.$queryRaw<SenderRow[]>`
    SELECT p."organizationId", p."createdById" AS "userId", count(*)::int AS events
    FROM "AuditEvent" a JOIN "Package" p ON a."streamType" = 'package' AND a."streamId" = p.id::text
    WHERE a."occurredAt" >= ${windowStart} AND a."occurredAt" < ${windowEnd} AND p."createdById" IS NOT NULL
    GROUP BY p."organizationId", p."createdById"`;
  let queued = 0;
  for (const sender of senders) {
    const user = await deps.db.user.findUnique({ where: { id: sender.userId } });
    const organization = await deps.db.organization.findUnique({ where: { id: sender.organizationId } });
    if (!user || !organization) continue;
    // only deliveries to this sender's packages' participants
    const failed = await deps.db.notificationRecord.count({
      where: {
        status: "FAILED",
        lastAttemptAt: { gte: windowStart, lt: windowEnd },
        organizationId: sender.organizationId,
        packageId: { in: await senderPackageIds(deps, sender) },
      },
    });
    const token = signNotificationLink(deps.linkKey, {
      userId: user.id,
      organizationId: organization.id,
      windowEnd,
      expiresAt: new Date(now.getTime() + NOTIFICATION_LINK_DAYS * DAY_MS),
    });
    const key = `daily-summary:${organization.id}:${user.id}:${day}`;
    try {
      await enqueueOutbox(
        deps.db as unknown as Prisma.TransactionClient,
        "email.send",
        {
          organizationId: organization.id,
          to: user.email,
          template: "daily-summary",
          data: {
            recipientName: user.givenName || user.email,
            organizationName: organization.name,
            events: sender.events,
            failed,
            summaryLink: `${deps.config.publicUrl}/notification-summary?token=${token}`,
            reportLink: `${deps.config.publicUrl}/notification-report?token=${token}`,
          },
        },
        key,
      );
      queued++;
    } catch (error) {
      // another worker queued the same summary at the same moment: the unique key kept it once
      if ((error as { code?: string }).code !== "P2002") throw error;
    }
  }
  return { day, senders: senders.length, queued };
}

async function senderPackageIds(deps: Pick<CoreDeps, "db">, sender: SenderRow) {
  const rows = await deps.db.package.findMany({
    // templates' builder packages are settings, not the sender's packages
    where: { organizationId: sender.organizationId, createdById: sender.userId, templateKind: null },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/** Runs in every worker (and in the API of the embedded default) beside the package scheduler. */
export function startDailySummaryScheduler(
  deps: Pick<CoreDeps, "db" | "config" | "linkKey">,
  logger: Logger,
  intervalMs = 60_000,
) {
  let doneDay = "";
  return repeatEvery(intervalMs, async () => {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    if (today !== doneDay && now.getUTCHours() >= DAILY_SUMMARY_HOUR_UTC) {
      try {
        const result = await enqueueDailySummaries(deps, now);
        doneDay = today;
        if (result.senders > 0) logger.info(result, "daily summaries queued");
      } catch (error) {
        logger.error({ err: error }, "daily summary scheduler failed");
      }
    }
  });
}
