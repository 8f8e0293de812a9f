import {
  type CreateEmailNotification,
  EMAIL_NOTIFICATION_MESSAGES,
  type EmailNotification,
  type EmailNotificationEvent,
  type EmailNotificationList,
  type UpdateEmailNotification,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { EmailNotificationRule, Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { packageVersionConflict } from "../packages/package-access.ts";

type Tx = Prisma.TransactionClient;
const READERS = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const ADMINS = ["MANAGE_ADMIN_SETTINGS"] as const;

interface RuleRef {
  organizationId: string;
  uid: string;
}

export function toEmailNotification(row: EmailNotificationRule): EmailNotification {
  return {
    uid: row.id,
    organizationId: row.organizationId,
    name: row.name,
    enabled: row.enabled,
    events: row.events as EmailNotificationEvent[],
    notifySender: row.notifySender,
    notifyPackageGroups: row.notifyPackageGroups,
    addresses: row.addresses,
    version: row.version,
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
  };
}

const ruleNotFound = () => new AppError("NOT_FOUND", EMAIL_NOTIFICATION_MESSAGES.notFound);

function columns(input: CreateEmailNotification) {
  return {
    name: input.name,
    enabled: input.enabled ?? true,
    events: [...new Set(input.events)],
    notifySender: input.notifySender ?? false,
    notifyPackageGroups: input.notifyPackageGroups ?? false,
    addresses: [...new Set((input.addresses ?? []).map((a) => a.trim().toLowerCase()))],
  };
}

function audit(tx: Tx, actor: Actor, organizationId: string, type: string, data: Record<string, unknown>) {
  return appendAuditEvent(tx, actor, {
    organizationId,
    streamType: "organization",
    streamId: organizationId,
    type,
    data,
  });
}

export async function listEmailNotifications(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<EmailNotificationList> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  const rows = await deps.db.emailNotificationRule.findMany({
    where: { organizationId: input.organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { items: rows.map(toEmailNotification) };
}

export async function getEmailNotification(actor: Actor, input: RuleRef, deps: CoreDeps): Promise<EmailNotification> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  const row = await deps.db.emailNotificationRule.findFirst({
    where: { id: input.uid, organizationId: input.organizationId },
  });
  if (!row) throw ruleNotFound();
  return toEmailNotification(row);
}

export async function createEmailNotification(
  actor: Actor,
  input: CreateEmailNotification & { organizationId: string },
  deps: CoreDeps,
): Promise<EmailNotification> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  return deps.db.$transaction(async (tx) => {
    const row = await tx.emailNotificationRule.create({
      data: {
        organizationId: input.organizationId,
        ...columns(input),
        createdById: actor.kind === "user" ? actor.userId : null,
      },
    });
    await audit(tx, actor, input.organizationId, "email-notification.created", {
      uid: row.id,
      name: row.name,
      events: row.events,
    });
    return toEmailNotification(row);
  });
}

export async function updateEmailNotification(
  actor: Actor,
  input: UpdateEmailNotification & RuleRef,
  deps: CoreDeps,
): Promise<EmailNotification> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  return deps.db.$transaction(async (tx) => {
    const existing = await tx.emailNotificationRule.findFirst({
      where: { id: input.uid, organizationId: input.organizationId },
    });
    if (!existing) throw ruleNotFound();
    const { count } = await tx.emailNotificationRule.updateMany({
      where: { id: input.uid, organizationId: input.organizationId, version: input.version },
      data: { ...columns(input), version: { increment: 1 } },
    });
    if (count === 0) throw packageVersionConflict();
    const row = await tx.emailNotificationRule.findUniqueOrThrow({ where: { id: input.uid } });
    await audit(tx, actor, input.organizationId, "email-notification.updated", {
      uid: row.id,
      name: row.name,
      events: row.events,
    });
    return toEmailNotification(row);
  });
}

export async function deleteEmailNotification(
  actor: Actor,
  input: RuleRef & { version: number },
  deps: CoreDeps,
): Promise<void> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  await deps.db.$transaction(async (tx) => {
    const existing = await tx.emailNotificationRule.findFirst({
      where: { id: input.uid, organizationId: input.organizationId },
    });
    if (!existing) throw ruleNotFound();
    const { count } = await tx.emailNotificationRule.deleteMany({
      where: { id: input.uid, organizationId: input.organizationId, version: input.version },
    });
    if (count === 0) throw packageVersionConflict();
    await audit(tx, actor, input.organizationId, "email-notification.deleted", {
      uid: existing.id,
      name: existing.name,
    });
  });
}
