import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { AppError } from "../errors/app-error.ts";
import { claimStartedPackage, findManageablePackage, findVisiblePackage } from "./find-package.ts";
import { loadPackageAccess, packageVersionConflict } from "./package-access.ts";

// Shared plumbing of the things a package holds (tags, rules, data-collection groups and fields,
// stips, execution choices): reads need the package visible, writes need it manageable and STARTED, and every
// write is audited on the package stream in its transaction.

export type Tx = Prisma.TransactionClient;

export interface PackageRef {
  organizationId: string;
  packageId: string;
}

export async function readablePackage(actor: Actor, ref: PackageRef, deps: CoreDeps) {
  const access = await loadPackageAccess(actor, ref.organizationId, deps);
  if (!access.canViewTemplates) access.require("VIEW_DOCUMENTS_PACKAGES");
  return findVisiblePackage(deps.db, access, ref.packageId);
}

export async function writePackageChild<T>(
  actor: Actor,
  ref: PackageRef,
  deps: CoreDeps,
  event: string,
  change: (tx: Tx) => Promise<{ result: T; data: Record<string, unknown> }>,
): Promise<T> {
  const access = await loadPackageAccess(actor, ref.organizationId, deps);
  await findManageablePackage(deps.db, access, ref.packageId);
  return deps.db.$transaction(async (tx) => {
    const packageVersion = await claimStartedPackage(tx, ref.organizationId, ref.packageId);
    const { result, data } = await change(tx);
    await appendAuditEvent(tx, actor, {
      organizationId: ref.organizationId,
      streamType: "package",
      streamId: ref.packageId,
      type: event,
      data: { packageVersion, ...data },
    });
    return result;
  });
}

/** After an updateMany/deleteMany at a version: 404 when the row is gone, else 'Version not matched.'. */
export function assertVersioned(count: number, exists: boolean, missing: () => AppError): void {
  if (count > 0) return;
  throw exists ? packageVersionConflict() : missing();
}

/** A participant of this package (another package's or organization's answers 404). */
export async function assertPackageParticipant(
  tx: Tx,
  packageId: string,
  participantId: string,
  missing: () => AppError,
) {
  const found = await tx.participant.findFirst({ where: { id: participantId, packageId }, select: { id: true } });
  if (!found) throw missing();
}

export const definedOnly = <T extends Record<string, unknown>>(changes: T) =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;

export const nextOrder = (last: { orderSequence: number } | null) => (last?.orderSequence ?? 0) + 1;
