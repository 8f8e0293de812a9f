import {
  expiringSoonAt as expiringSoonTime,
  nextReminderAt as nextReminderTime,
  policyFromSettings,
  type ReminderPolicy,
  reminderPolicySchema,
} from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import { readOrganizationSettings } from "../settings/read-organization-settings.ts";

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
  return policyFromSettings(await readOrganizationSettings(db, organizationId, KEYS));
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
