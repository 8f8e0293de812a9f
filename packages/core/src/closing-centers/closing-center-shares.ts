import {
  CLOSING_CENTER_MESSAGES,
  type ClosingCenterKind,
  type ClosingCenterPermission,
  type ClosingCenterShare,
  type ClosingCenterShareList,
  normalizeClosingCenterPermissions,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { findManageablePackage, findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess, packageNotFound } from "../packages/package-access.ts";
import { findClosingCenter, requireClosingCenterFeature, type ClosingCenterTx as Tx } from "./closing-centers.ts";

// Issue 16 §3: sharing a package with a closing center. Anyone who may change the package may share
// it; the share says what the closing center's users may do with it.

interface PackageRef {
  organizationId: string;
  packageId: string;
}
interface ShareRef extends PackageRef {
  closingCenterId: string;
}

const shareInclude = {
  closingCenter: { select: { name: true, kind: true, enabled: true } },
} satisfies Prisma.ClosingCenterShareInclude;
type ShareRow = Prisma.ClosingCenterShareGetPayload<{ include: typeof shareInclude }>;

const shareNotFound = () => notFound(CLOSING_CENTER_MESSAGES.shareNotFound);

async function presentShares(db: Db | Tx, rows: ShareRow[]): Promise<ClosingCenterShare[]> {
  const sharerIds = [...new Set(rows.map((row) => row.sharedById).filter((id): id is string => id !== null))];
  const sharers = sharerIds.length
    ? await db.user.findMany({
        where: { id: { in: sharerIds } },
        select: { id: true, givenName: true, familyName: true },
      })
    : [];
  const names = new Map(sharers.map((user) => [user.id, `${user.givenName} ${user.familyName}`.trim()]));
  return rows.map((row) => ({
    id: row.id,
    packageId: row.packageId,
    closingCenterId: row.closingCenterId,
    closingCenterName: row.closingCenter.name,
    closingCenterKind: row.closingCenter.kind as ClosingCenterKind,
    closingCenterEnabled: row.closingCenter.enabled,
    permissions: normalizeClosingCenterPermissions(row.permissions),
    sharedBy: row.sharedById ? (names.get(row.sharedById) ?? null) : null,
    sharedAt: row.sharedAt.toISOString(),
    version: row.version,
  }));
}

async function presentShare(db: Db | Tx, row: ShareRow): Promise<ClosingCenterShare> {
  const [share] = await presentShares(db, [row]);
  if (!share) throw shareNotFound();
  return share;
}

async function findLiveShare(db: Db | Tx, ref: ShareRef) {
  const row = await db.closingCenterShare.findFirst({
    where: {
      packageId: ref.packageId,
      closingCenterId: ref.closingCenterId,
      organizationId: ref.organizationId,
      revokedAt: null,
    },
    include: shareInclude,
  });
  if (!row) throw shareNotFound();
  return row;
}

function audit(tx: Tx, actor: Actor, ref: PackageRef, type: string, data: Record<string, unknown>) {
  return appendAuditEvent(tx, actor, {
    organizationId: ref.organizationId,
    streamType: "package",
    streamId: ref.packageId,
    type,
    data,
  });
}

/** A package the caller may share: changeable by them, not a template's builder package. */
async function shareablePackage(actor: Actor, ref: PackageRef, deps: CoreDeps) {
  const access = await loadPackageAccess(actor, ref.organizationId, deps);
  const found = await findManageablePackage(deps.db, access, ref.packageId);
  if (found.templateKind !== null) throw packageNotFound();
  await requireClosingCenterFeature(deps.db, ref.organizationId);
  return found;
}

/**
 * Whoever sees the package sees whom it is shared with; a closing-center user sees only their own
 * closing center's share (which tells the web which actions to offer).
 */
export async function listPackageClosingCenters(
  actor: Actor,
  input: PackageRef,
  deps: CoreDeps,
): Promise<ClosingCenterShareList> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  await findVisiblePackage(deps.db, access, input.packageId);
  await requireClosingCenterFeature(deps.db, input.organizationId);
  const viewer = access.closingCenter;
  const rows = await deps.db.closingCenterShare.findMany({
    where: {
      packageId: input.packageId,
      organizationId: input.organizationId,
      revokedAt: null,
      ...(viewer ? { closingCenterId: viewer.id } : {}),
    },
    include: shareInclude,
    orderBy: [{ sharedAt: "asc" }, { id: "asc" }],
  });
  const records = await presentShares(deps.db, rows);
  return { records, count: records.length, viewerClosingCenterId: viewer?.id ?? null };
}

export async function shareWithClosingCenter(
  actor: Actor,
  input: PackageRef & { closingCenterId: string; permissions?: ClosingCenterPermission[] },
  deps: CoreDeps,
): Promise<ClosingCenterShare> {
  await shareablePackage(actor, input, deps);
  const center = await findClosingCenter(deps.db, input);
  if (!center.enabled) throw new AppError("CONFLICT", CLOSING_CENTER_MESSAGES.disabled);
  const permissions = normalizeClosingCenterPermissions(input.permissions ?? center.defaultPermissions);
  const row = await deps.db
    .$transaction(async (tx) => {
      const existing = await tx.closingCenterShare.findUnique({
        where: { packageId_closingCenterId: { packageId: input.packageId, closingCenterId: center.id } },
      });
      if (existing && existing.revokedAt === null)
        throw new AppError("CONFLICT", CLOSING_CENTER_MESSAGES.alreadyShared);
      const data = {
        permissions,
        sharedById: actor.kind === "user" ? actor.userId : null,
        sharedAt: new Date(),
        revokedAt: null,
        revokedById: null,
      };
      // a share revoked earlier opens again: one row per package and closing center keeps its history in the audit
      const saved = existing
        ? await tx.closingCenterShare.update({
            where: { id: existing.id },
            data: { ...data, version: { increment: 1 } },
            include: shareInclude,
          })
        : await tx.closingCenterShare.create({
            data: {
              ...data,
              organizationId: input.organizationId,
              packageId: input.packageId,
              closingCenterId: center.id,
            },
            include: shareInclude,
          });
      await audit(tx, actor, input, "package.closing-center-shared", {
        closingCenterId: center.id,
        name: center.name,
        permissions,
      });
      return saved;
    })
    .catch((error: unknown) => {
      // two senders sharing with the same closing center at once: the second finds the first's row
      if (isUniqueViolation(error)) throw new AppError("CONFLICT", CLOSING_CENTER_MESSAGES.alreadyShared);
      throw error;
    });
  return presentShare(deps.db, row);
}

export async function updateClosingCenterShare(
  actor: Actor,
  input: ShareRef & { version: number; permissions: ClosingCenterPermission[] },
  deps: CoreDeps,
): Promise<ClosingCenterShare> {
  await shareablePackage(actor, input, deps);
  const permissions = normalizeClosingCenterPermissions(input.permissions);
  const row = await deps.db.$transaction(async (tx) => {
    const before = await findLiveShare(tx, input);
    const { count } = await tx.closingCenterShare.updateMany({
      where: { id: before.id, version: input.version, revokedAt: null },
      data: { permissions, version: { increment: 1 } },
    });
    if (count === 0) throw new AppError("VERSION_NOT_MATCHED");
    await audit(tx, actor, input, "package.closing-center-share-changed", {
      closingCenterId: before.closingCenterId,
      name: before.closingCenter.name,
      permissions,
    });
    return findLiveShare(tx, input);
  });
  return presentShare(deps.db, row);
}

/** Revoking hides the package from the closing center's users on their very next request. */
export async function unshareWithClosingCenter(
  actor: Actor,
  input: ShareRef & { version: number },
  deps: CoreDeps,
): Promise<void> {
  await shareablePackage(actor, input, deps);
  await deps.db.$transaction(async (tx) => {
    const before = await findLiveShare(tx, input);
    const { count } = await tx.closingCenterShare.updateMany({
      where: { id: before.id, version: input.version, revokedAt: null },
      data: {
        revokedAt: new Date(),
        revokedById: actor.kind === "user" ? actor.userId : null,
        version: { increment: 1 },
      },
    });
    if (count === 0) throw new AppError("VERSION_NOT_MATCHED");
    await audit(tx, actor, input, "package.closing-center-unshared", {
      closingCenterId: before.closingCenterId,
      name: before.closingCenter.name,
    });
  });
}
