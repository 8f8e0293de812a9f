import { nextReminderAt as nextReminderTime } from "@signet/contract";
import { systemActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { sendSigningLink } from "../signing/invite-due-participants.ts";
import { storedPolicy } from "./reminder-policy.ts";

type Tx = Prisma.TransactionClient;

export interface DueReminders {
  /** packages whose automatic reminder went out in this pass */
  reminders: number;
  /** packages whose expiring-soon notice went out in this pass */
  expiringSoon: number;
}

interface DueRow {
  packageId: string;
}

const DAY_MS = 86_400_000;

/**
 * One pass of automatic reminders and expiring-soon notices (issue 14 §2). Due schedule rows are
 * claimed FOR UPDATE SKIP LOCKED and their count moves in the same transaction as the outbox rows,
 * so any number of workers (and the embedded API) may run it at once: each reminder and each
 * notice goes out exactly once. Each outbox row also carries an idempotency key naming the
 * package's round, the reminder's number and the participant.
 */
export async function runDueReminders(db: Db, now = new Date(), batchSize = 100): Promise<DueReminders> {
  const result: DueReminders = { reminders: 0, expiringSoon: 0 };
  await db.$transaction(
    async (tx) => {
      const reminders = await tx.$queryRaw<DueRow[]>`
        SELECT s."packageId" FROM "PackageReminderSchedule" s
        JOIN "Package" p ON p.id = s."packageId"
        WHERE p.status = 'AVAILABLE_TO_SIGNERS' AND s."nextReminderAt" <= ${now}
          AND (p."packageExpiresAt" IS NULL OR p."packageExpiresAt" > ${now})
        ORDER BY s."nextReminderAt" LIMIT ${batchSize}
        FOR UPDATE OF s SKIP LOCKED`;
      for (const { packageId } of reminders) {
        if (await sendReminder(tx, packageId, now)) result.reminders++;
      }
      // robust to a changed expiry: computed from the package's expiry now and the snapshot's days;
      // a package that was already inside the window when it became available gets no notice
      const notices = await tx.$queryRaw<DueRow[]>`
        SELECT s."packageId" FROM "PackageReminderSchedule" s
        JOIN "Package" p ON p.id = s."packageId"
        WHERE p.status = 'AVAILABLE_TO_SIGNERS' AND s."expiringSoonSentAt" IS NULL
          AND s.snapshot IS NOT NULL AND p."packageExpiresAt" IS NOT NULL AND p."packageExpiresAt" > ${now}
          AND COALESCE((s.snapshot->>'expiringSoonDays')::int, 0) > 0
          AND p."packageExpiresAt" - make_interval(days => (s.snapshot->>'expiringSoonDays')::int) <= ${now}
          AND p."packageExpiresAt" - make_interval(days => (s.snapshot->>'expiringSoonDays')::int) > s."availableAt"
        ORDER BY p."packageExpiresAt" LIMIT ${batchSize}
        FOR UPDATE OF s SKIP LOCKED`;
      for (const { packageId } of notices) {
        if (await sendExpiringSoon(tx, packageId, now)) result.expiringSoon++;
      }
    },
    { timeout: 60_000 },
  );
  return result;
}

/** Participants whose turn it is and who have not finished, reachable by their own channel. */
async function waitingParticipants(tx: Tx, packageId: string) {
  const participants = await tx.participant.findMany({
    where: { packageId, signingStatus: { in: ["INVITED", "OPENED"] }, accessMethod: { in: ["EMAIL", "SMS"] } },
    orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
  });
  return participants.filter((p) => (p.accessMethod === "SMS" ? Boolean(p.phoneNumber) : Boolean(p.email?.trim())));
}

async function sendReminder(tx: Tx, packageId: string, now: Date): Promise<boolean> {
  const schedule = await tx.packageReminderSchedule.findUniqueOrThrow({ where: { packageId } });
  const policy = storedPolicy(schedule.snapshot);
  const availableAt = schedule.availableAt ?? now;
  const number = schedule.remindersSent + 1;
  let next = policy ? nextReminderTime(policy, availableAt, number) : null;
  // after downtime the missed reminders are not sent in a burst: the next one waits a full interval
  if (next && policy && next <= now) next = new Date(now.getTime() + policy.intervalDays * DAY_MS);
  const pkg = await tx.package.findUniqueOrThrow({ where: { id: packageId } });
  const participants = await waitingParticipants(tx, packageId);
  await tx.packageReminderSchedule.update({
    where: { packageId },
    data: {
      remindersSent: participants.length > 0 ? number : schedule.remindersSent,
      lastReminderAt: participants.length > 0 ? now : schedule.lastReminderAt,
      nextReminderAt: participants.length > 0 ? next : policy ? new Date(now.getTime() + DAY_MS) : null,
    },
  });
  if (participants.length === 0) return false;
  const round = availableAt.getTime();
  for (const participant of participants) {
    await sendSigningLink(tx, {
      ...pkg,
      participantId: participant.id,
      channel: participant.accessMethod === "SMS" ? "SMS" : "EMAIL",
      now,
      purpose: "reminder",
      idempotencyKey: `automatic-reminder:${packageId}:${round}:${number}:${participant.id}`,
    });
  }
  await appendAuditEvent(tx, systemActor, {
    organizationId: pkg.organizationId,
    streamType: "package",
    streamId: packageId,
    type: "package.automatic-reminder-sent",
    data: {
      kind: "reminder",
      number,
      sent: participants.length,
      remindedParticipantIds: participants.map((p) => p.id),
    },
  });
  return true;
}

async function sendExpiringSoon(tx: Tx, packageId: string, now: Date): Promise<boolean> {
  const schedule = await tx.packageReminderSchedule.findUniqueOrThrow({ where: { packageId } });
  await tx.packageReminderSchedule.update({ where: { packageId }, data: { expiringSoonSentAt: now } });
  const pkg = await tx.package.findUniqueOrThrow({ where: { id: packageId } });
  const participants = await waitingParticipants(tx, packageId);
  if (participants.length === 0) return false;
  const round = (schedule.availableAt ?? now).getTime();
  for (const participant of participants) {
    await sendSigningLink(tx, {
      ...pkg,
      participantId: participant.id,
      channel: participant.accessMethod === "SMS" ? "SMS" : "EMAIL",
      now,
      purpose: "expiring-soon",
      idempotencyKey: `expiring-soon:${packageId}:${round}:${participant.id}`,
    });
  }
  await appendAuditEvent(tx, systemActor, {
    organizationId: pkg.organizationId,
    streamType: "package",
    streamId: packageId,
    type: "package.expiring-soon-sent",
    data: {
      sent: participants.length,
      packageExpiresAt: pkg.packageExpiresAt?.toISOString() ?? null,
      remindedParticipantIds: participants.map((p) => p.id),
    },
  });
  return true;
}
