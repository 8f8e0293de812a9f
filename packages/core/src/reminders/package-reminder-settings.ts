import {
  expiringSoonAt as expiringSoonTime,
  nextReminderAt as nextReminderTime,
  type PackageReminderSettings,
  type ReminderPolicy,
  type UpdatePackageReminderSettings,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { type PackageReminderSchedule, Prisma } from "../db/generated/client.ts";
import { findManageablePackage, findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess, packageVersionConflict } from "../packages/package-access.ts";
import { readOrganizationReminderPolicy, storedPolicy } from "./reminder-policy.ts";

type Tx = Prisma.TransactionClient;
interface PackageRef {
  organizationId: string;
  packageId: string;
}

async function view(tx: Tx, ref: PackageRef, row: PackageReminderSchedule | null): Promise<PackageReminderSettings> {
  const organizationDefaults = await readOrganizationReminderPolicy(tx, ref.organizationId);
  const override = row && !row.useOrganizationDefaults ? storedPolicy(row.override) : null;
  const effective = storedPolicy(row?.snapshot) ?? override ?? organizationDefaults;
  return {
    packageId: ref.packageId,
    useOrganizationDefaults: override === null,
    override,
    organizationDefaults,
    effective,
    remindersSent: row?.remindersSent ?? 0,
    nextReminderAt: row?.nextReminderAt?.toISOString() ?? null,
    expiringSoonSentAt: row?.expiringSoonSentAt?.toISOString() ?? null,
    version: row?.version ?? 1,
  };
}

/** A package's reminders: its own policy or the organization's defaults, and how far they went. */
export async function getPackageReminderSettings(
  actor: Actor,
  input: PackageRef,
  deps: CoreDeps,
): Promise<PackageReminderSettings> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  await findVisiblePackage(deps.db, access, input.packageId);
  const row = await deps.db.packageReminderSchedule.findUnique({ where: { packageId: input.packageId } });
  return view(deps.db, input, row);
}

/**
 * Overrides (or goes back to) the organization's defaults for one package. Once the package is
 * available its snapshot follows the new policy at once, keeping the count of reminders already
 * sent, so none is sent twice.
 */
export async function updatePackageReminderSettings(
  actor: Actor,
  input: UpdatePackageReminderSettings & PackageRef,
  deps: CoreDeps,
): Promise<PackageReminderSettings> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  const pkg = await findManageablePackage(deps.db, access, input.packageId);
  const override: ReminderPolicy | null = input.useOrganizationDefaults ? null : (input.override ?? null);
  return deps.db.$transaction(async (tx) => {
    const current = await tx.$queryRaw<{ version: number }[]>`
      SELECT version FROM "PackageReminderSchedule" WHERE "packageId" = ${input.packageId}::uuid FOR UPDATE`;
    if ((current[0]?.version ?? 1) !== input.version) throw packageVersionConflict();
    const row = await tx.packageReminderSchedule.findUnique({ where: { packageId: input.packageId } });
    const fresh = await tx.package.findUniqueOrThrow({
      where: { id: pkg.id },
      select: { status: true, packageExpiresAt: true },
    });
    const overrideJson = (override ?? undefined) as Prisma.InputJsonValue | undefined;
    let resnapshot: Prisma.PackageReminderScheduleUpdateInput = {};
    if (fresh.status === "AVAILABLE_TO_SIGNERS" && row?.availableAt) {
      const policy = override ?? (await readOrganizationReminderPolicy(tx, input.organizationId));
      const now = new Date();
      let next = nextReminderTime(policy, row.availableAt, row.remindersSent);
      if (next && next < now) next = now;
      resnapshot = {
        snapshot: policy as unknown as Prisma.InputJsonValue,
        nextReminderAt: next,
        expiringSoonAt: expiringSoonTime(policy, fresh.packageExpiresAt),
      };
    }
    const saved = await tx.packageReminderSchedule.upsert({
      where: { packageId: input.packageId },
      create: {
        packageId: input.packageId,
        organizationId: input.organizationId,
        useOrganizationDefaults: override === null,
        ...(overrideJson ? { override: overrideJson } : {}),
        // a package without a row reads as version 1: the first save makes it 2
        version: 2,
      },
      update: {
        useOrganizationDefaults: override === null,
        override: overrideJson ?? Prisma.DbNull,
        ...resnapshot,
        version: { increment: 1 },
      },
    });
    await appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "package",
      streamId: input.packageId,
      type: "package.reminder-settings-updated",
      data: { useOrganizationDefaults: override === null, ...(override ? { policy: override } : {}) },
    });
    return view(tx, input, saved);
  });
}
