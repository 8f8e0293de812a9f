import {
  CLOSING_CENTER_MESSAGES,
  type ClosingCenter,
  type ClosingCenterKind,
  type ClosingCenterList,
  type ClosingCenterPermission,
  type CreateClosingCenter,
  DEFAULT_CLOSING_CENTER_PERMISSIONS,
  normalizeClosingCenterPermissions,
  type PermissionName,
  type UpdateClosingCenter,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError, notFound } from "../errors/app-error.ts";

// Issue 16 §3: an organization's closing centers (settlement and title agents).

type Tx = Prisma.TransactionClient;
export type ClosingCenterTx = Tx;
type Reader = Db | Tx;
type ClosingCenterRow = Prisma.ClosingCenterGetPayload<object>;

/** Who reads closing centers: settings and user readers, and senders (to choose one when sharing). */
export const CLOSING_CENTER_READERS: readonly PermissionName[] = [
  "VIEW_ADMIN_SETTINGS",
  "MANAGE_ADMIN_SETTINGS",
  "VIEW_USERS_GROUPS_ROLES",
  "MANAGE_USERS",
  "MANAGE_DOCUMENTS_PACKAGES",
];
const ADMINS = ["MANAGE_ADMIN_SETTINGS"] as const;

export interface ClosingCenterRef {
  organizationId: string;
  closingCenterId: string;
}

export const closingCenterNotFound = () => notFound(CLOSING_CENTER_MESSAGES.notFound);
const nameKey = (name: string) => name.trim().toLowerCase();
const nameTaken = () =>
  new AppError("CONFLICT", CLOSING_CENTER_MESSAGES.nameTaken, [
    { path: "name", message: CLOSING_CENTER_MESSAGES.nameTaken },
  ]);

/** Spec §6: with the organization's Closing Center flag off, nothing about closing centers can be used. */
export async function requireClosingCenterFeature(db: Reader, organizationId: string): Promise<void> {
  const organization = await db.organization.findUnique({
    where: { id: organizationId },
    select: { enabledClosingCenter: true },
  });
  if (!organization) throw notFound();
  if (!organization.enabledClosingCenter) throw new AppError("CONFLICT", CLOSING_CENTER_MESSAGES.featureOff);
}

export async function findClosingCenter(db: Reader, ref: ClosingCenterRef) {
  const row = await db.closingCenter.findFirst({
    where: { id: ref.closingCenterId, organizationId: ref.organizationId },
  });
  if (!row) throw closingCenterNotFound();
  return row;
}

function toClosingCenter(row: ClosingCenterRow, counts: { members: number; shares: number }): ClosingCenter {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    kind: row.kind as ClosingCenterKind,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    enabled: row.enabled,
    defaultPermissions: normalizeClosingCenterPermissions(row.defaultPermissions),
    memberCount: counts.members,
    sharedPackageCount: counts.shares,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
  };
}

async function presentCenters(db: Reader, rows: ClosingCenterRow[]): Promise<ClosingCenter[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [members, shares] = await Promise.all([
    db.closingCenterMember.groupBy({ by: ["closingCenterId"], where: { closingCenterId: { in: ids } }, _count: true }),
    db.closingCenterShare.groupBy({
      by: ["closingCenterId"],
      where: { closingCenterId: { in: ids }, revokedAt: null },
      _count: true,
    }),
  ]);
  const memberCounts = new Map(members.map((row) => [row.closingCenterId, row._count]));
  const shareCounts = new Map(shares.map((row) => [row.closingCenterId, row._count]));
  return rows.map((row) =>
    toClosingCenter(row, { members: memberCounts.get(row.id) ?? 0, shares: shareCounts.get(row.id) ?? 0 }),
  );
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

export async function listClosingCenters(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<ClosingCenterList> {
  await requirePermission(actor, input.organizationId, CLOSING_CENTER_READERS, deps);
  await requireClosingCenterFeature(deps.db, input.organizationId);
  const rows = await deps.db.closingCenter.findMany({
    where: { organizationId: input.organizationId },
    orderBy: [{ nameKey: "asc" }, { id: "asc" }],
  });
  const records = await presentCenters(deps.db, rows);
  return { records, count: records.length };
}

export async function getClosingCenter(actor: Actor, input: ClosingCenterRef, deps: CoreDeps): Promise<ClosingCenter> {
  await requirePermission(actor, input.organizationId, CLOSING_CENTER_READERS, deps);
  await requireClosingCenterFeature(deps.db, input.organizationId);
  const [center] = await presentCenters(deps.db, [await findClosingCenter(deps.db, input)]);
  if (!center) throw closingCenterNotFound();
  return center;
}

const grants = (permissions: readonly ClosingCenterPermission[] | undefined) =>
  normalizeClosingCenterPermissions(permissions ?? DEFAULT_CLOSING_CENTER_PERMISSIONS);

export async function createClosingCenter(
  actor: Actor,
  input: CreateClosingCenter & { organizationId: string },
  deps: CoreDeps,
): Promise<ClosingCenter> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, ADMINS, deps);
  await requireClosingCenterFeature(deps.db, organizationId);
  try {
    const row = await deps.db.$transaction(async (tx) => {
      const created = await tx.closingCenter.create({
        data: {
          organizationId,
          name: input.name.trim(),
          nameKey: nameKey(input.name),
          kind: input.kind,
          contactEmail: input.contactEmail ?? null,
          contactPhone: input.contactPhone ?? null,
          addressLine1: input.addressLine1 ?? null,
          addressLine2: input.addressLine2 ?? null,
          city: input.city ?? null,
          state: input.state ?? null,
          postalCode: input.postalCode ?? null,
          enabled: input.enabled ?? true,
          defaultPermissions: grants(input.defaultPermissions),
          createdById: actor.kind === "user" ? actor.userId : null,
        },
      });
      await audit(tx, actor, organizationId, "closing-center.created", {
        closingCenterId: created.id,
        name: created.name,
        kind: created.kind,
      });
      return created;
    });
    return toClosingCenter(row, { members: 0, shares: 0 });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateClosingCenter(
  actor: Actor,
  input: UpdateClosingCenter & ClosingCenterRef,
  deps: CoreDeps,
): Promise<ClosingCenter> {
  const { organizationId, closingCenterId, version, ...changes } = input;
  await requirePermission(actor, organizationId, ADMINS, deps);
  await requireClosingCenterFeature(deps.db, organizationId);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  try {
    const row = await deps.db.$transaction(async (tx) => {
      const before = await findClosingCenter(tx, input);
      const { count } = await tx.closingCenter.updateMany({
        where: { id: closingCenterId, organizationId, version },
        data: {
          ...defined,
          ...(changes.name !== undefined ? { name: changes.name.trim(), nameKey: nameKey(changes.name) } : {}),
          ...(changes.defaultPermissions !== undefined
            ? { defaultPermissions: grants(changes.defaultPermissions) }
            : {}),
          version: { increment: 1 },
        },
      });
      if (count === 0) throw new AppError("VERSION_NOT_MATCHED");
      const enabledChanged = changes.enabled !== undefined && changes.enabled !== before.enabled;
      await audit(
        tx,
        actor,
        organizationId,
        enabledChanged
          ? changes.enabled
            ? "closing-center.enabled"
            : "closing-center.disabled"
          : "closing-center.updated",
        { closingCenterId, name: changes.name ?? before.name, changed: Object.keys(defined) },
      );
      return findClosingCenter(tx, input);
    });
    const [center] = await presentCenters(deps.db, [row]);
    if (!center) throw closingCenterNotFound();
    return center;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Deleting a closing center ends its users' access and every share at once (the rows cascade). */
export async function deleteClosingCenter(
  actor: Actor,
  input: ClosingCenterRef & { version: number },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, closingCenterId, version } = input;
  await requirePermission(actor, organizationId, ADMINS, deps);
  await requireClosingCenterFeature(deps.db, organizationId);
  await deps.db.$transaction(async (tx) => {
    const before = await findClosingCenter(tx, input);
    const { count } = await tx.closingCenter.deleteMany({ where: { id: closingCenterId, organizationId, version } });
    if (count === 0) throw new AppError("VERSION_NOT_MATCHED");
    await audit(tx, actor, organizationId, "closing-center.deleted", { closingCenterId, name: before.name });
  });
}
