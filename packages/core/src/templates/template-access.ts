import { PACKAGE_MESSAGES, TEMPLATE_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import { loadPackageAccess, type PackageAccess } from "../packages/package-access.ts";

type Reader = Db | Prisma.TransactionClient;
export type Tx = Prisma.TransactionClient;

/**
 * Templates are managed with the settings permissions (readers: VIEW_ or MANAGE_ADMIN_SETTINGS;
 * changes: MANAGE_ADMIN_SETTINGS) and used by members holding MANAGE_DOCUMENTS_PACKAGES in one of
 * a template's groups. The package access carries both (a support user's bits apply everywhere).
 */
export async function loadTemplateAccess(actor: Actor, organizationId: string, deps: CoreDeps) {
  return loadPackageAccess(actor, organizationId, deps);
}

export function requireTemplateReader(access: PackageAccess) {
  if (!access.canViewTemplates) throw forbidden();
}

export function requireTemplateAdmin(access: PackageAccess) {
  if (!access.canManageTemplates) throw forbidden();
}

/** The groups of a template in which the caller manages packages (those they may use it in). */
export function usableGroupIds(access: PackageAccess, templateGroupIds: readonly string[]): string[] {
  return templateGroupIds.filter((groupId) => access.groups.canIn(groupId, "MANAGE_DOCUMENTS_PACKAGES"));
}

export const documentTemplateNotFound = () => notFound(TEMPLATE_MESSAGES.documentTemplateNotFound);
export const packageTemplateNotFound = () => notFound(TEMPLATE_MESSAGES.packageTemplateNotFound);
export const templateConflict = (message: string) => new AppError("CONFLICT", message);

/** Names are unique per organization, case-insensitively. */
export const templateNameKey = (name: string) => name.trim().toLowerCase();

/** Each group named must be a group of this organization (another organization's id answers like an unknown one). */
export async function assertTemplateGroups(db: Reader, organizationId: string, groupIds: readonly string[]) {
  const unique = [...new Set(groupIds)];
  if (unique.length === 0) return unique;
  const found = await db.group.count({ where: { organizationId, id: { in: unique } } });
  if (found !== unique.length) throw notFound(PACKAGE_MESSAGES.selectedGroupNotFound);
  return unique;
}

export function audit(tx: Tx, actor: Actor, organizationId: string, type: string, data: Record<string, unknown>) {
  return appendAuditEvent(tx, actor, {
    organizationId,
    streamType: "organization",
    streamId: organizationId,
    type,
    data,
  });
}
