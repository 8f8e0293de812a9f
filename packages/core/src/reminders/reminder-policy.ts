import {
  expiringSoonAt as expiringSoonTime,
  nextReminderAt as nextReminderTime,
  policyFromSettings,
  type ReminderPolicy,
  reminderPolicySchema,
  settingValueOrDefault,
} from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";

type Reader = Pick<Prisma.TransactionClient, "organizationSetting">;

const KEYS = [
  "reminders_enabled",
  "reminder_first_after_days",
  "reminder_interval_days",
  "reminder_max_count",
  "expiring_soon_days",
] as const;

/** The organization's reminder defaults (settings registry, category AUTOMATION), defaults filled in. */
export async function readOrganizationReminderPolicy(db: Reader, organizationId: string): Promise<ReminderPolicy> {
  const rows = await db.organizationSetting.findMany({
    where: { organizationId, key: { in: [...KEYS] } },
    select: { key: true, value: true },
  });
  const value = (key: (typeof KEYS)[number]) => settingValueOrDefault(key, rows.find((r) => r.key === key)?.value);
  return policyFromSettings({
    reminders_enabled: value("reminders_enabled") as boolean,
    reminder_first_after_days: value("reminder_first_after_days") as number,
    reminder_interval_days: value("reminder_interval_days") as number,
    reminder_max_count: value("reminder_max_count") as number,
    expiring_soon_days: value("expiring_soon_days") as number,
  });
}

/** A stored policy (override or snapshot), or null when absent or unreadable. */
export function storedPolicy(json: Prisma.JsonValue | null | undefined): ReminderPolicy | null {
  const parsed = reminderPolicySchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * When a package becomes available (sent, or made available by the scheduler, or again after a
 * correction): the effective policy is snapshotted and the count starts over, so later changes to
 * the organization's defaults neither double nor drop a reminder of this round.
 */
export async function snapshotReminderSchedule(
  tx: Prisma.TransactionClient,
  pkg: { id: string; organizationId: string },
  now: Date,
): Promise<void> {
  const current = await tx.packageReminderSchedule.findUnique({ where: { packageId: pkg.id } });
  const override = current && !current.useOrganizationDefaults ? storedPolicy(current.override) : null;
  const policy = override ?? (await readOrganizationReminderPolicy(tx, pkg.organizationId));
  const expires = await tx.package.findUnique({ where: { id: pkg.id }, select: { packageExpiresAt: true } });
  const schedule = {
    snapshot: policy as unknown as Prisma.InputJsonValue,
    availableAt: now,
    remindersSent: 0,
    nextReminderAt: nextReminderTime(policy, now, 0),
    lastReminderAt: null,
    expiringSoonAt: expiringSoonTime(policy, expires?.packageExpiresAt ?? null),
    expiringSoonSentAt: null,
  };
  await tx.packageReminderSchedule.upsert({
    where: { packageId: pkg.id },
    create: { packageId: pkg.id, organizationId: pkg.organizationId, ...schedule },
    update: schedule,
  });
}
