import {
  type ClosingCenterPermission,
  decideTransition,
  type Package,
  type PackageAction,
  type PackageStatus,
  type PermissionName,
  TEMPLATE_MESSAGES,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { forbidden } from "../errors/app-error.ts";
import { findManageablePackage } from "../packages/find-package.ts";
import {
  loadPackageAccess,
  type PackageAccess,
  packageConflict,
  packageNotFound,
  packageVersionConflict,
} from "../packages/package-access.ts";
import { loadPackageView } from "../packages/package-views.ts";

type Tx = Prisma.TransactionClient;
export type PackageRow = Prisma.PackageGetPayload<object>;

export interface ClaimedPackage {
  /** the package as it was before the action, with its version already bumped */
  current: PackageRow;
  /** the version after the action */
  version: number;
  /** the status after the action (decideTransition); null for an action that keeps the status */
  to: PackageStatus | null;
}

/**
 * Claims the package at the version the client read (bumping it, which row-locks it for the rest of
 * the transaction), then asks the status machine. Gone → 404; another version → 409 'Version not
 * matched.'; refused by decideTransition → 409 with its reason.
 */
export async function claimForAction(
  tx: Tx,
  organizationId: string,
  packageId: string,
  version: number,
  action: PackageAction,
): Promise<ClaimedPackage> {
  const { count } = await tx.package.updateMany({
    where: { id: packageId, organizationId, version },
    data: { version: { increment: 1 } },
  });
  const current = await tx.package.findFirst({ where: { id: packageId, organizationId } });
  if (!current) throw packageNotFound();
  if (count === 0) throw packageVersionConflict();
  const decision = decideTransition(current.status, action);
  if (!decision.allowed) throw packageConflict(decision.reason);
  return { current: { ...current, version: version }, version: current.version, to: decision.to };
}

/** Row-locks the package for an action that does not change its version (reminders) and asks the status machine. */
export async function lockForAction(tx: Tx, organizationId: string, packageId: string, action: PackageAction) {
  await tx.$executeRaw`SELECT 1 FROM "Package" WHERE "id" = ${packageId}::uuid FOR UPDATE`;
  const current = await tx.package.findFirst({ where: { id: packageId, organizationId } });
  if (!current) throw packageNotFound();
  const decision = decideTransition(current.status, action);
  if (!decision.allowed) throw packageConflict(decision.reason);
  return current;
}

/**
 * The package the caller may act on: visible (else 404), MANAGE_DOCUMENTS_PACKAGES in one of its
 * groups (else 403) and, when `alsoNeeds` is given, that permission in one of its groups too.
 */
export async function loadActionablePackage(
  actor: Actor,
  organizationId: string,
  packageId: string,
  deps: CoreDeps,
  alsoNeeds?: PermissionName,
  closingCenterGrant?: ClosingCenterPermission,
): Promise<PackageAccess> {
  const access = await loadPackageAccess(actor, organizationId, deps);
  const found = await findManageablePackage(deps.db, access, packageId, closingCenterGrant);
  if (found.templateKind !== null) throw packageConflict(TEMPLATE_MESSAGES.cannotSend);
  if (alsoNeeds && !access.closingCenter) {
    access.require(alsoNeeds);
    if (!found.groupIds.some((groupId) => access.groups.canIn(groupId, alsoNeeds))) throw forbidden();
  }
  return access;
}

/** The lifecycle actions a closing-center share can grant; every other one is refused to its users. */
const CLOSING_CENTER_ACTION_GRANTS: Partial<Record<PackageAction, ClosingCenterPermission>> = {
  finish: "MANAGE_PAPER",
  remind: "SEND_REMINDERS",
};

export interface ActionOutcome {
  /** columns to change besides status and version */
  changes?: Prisma.PackageUpdateInput;
  /** the action is accepted but the status waits (a send scheduled for later) */
  keepStatus?: boolean;
  /** the audit event type, e.g. package.cancelled */
  auditType: string;
  auditData?: Record<string, unknown>;
  /** work that follows the status change in the same transaction, recorded after its audit event (invitations) */
  afterAudit?: (tx: Tx) => Promise<void>;
}

/**
 * One lifecycle action in one transaction: claim at the client's version, ask the status machine,
 * apply the change (which may enqueue outbox rows in the same transaction), move the status and
 * append the package's audit event. Returns the package as the caller now sees it.
 */
export async function runPackageAction(
  actor: Actor,
  input: {
    organizationId: string;
    packageId: string;
    version: number;
    action: PackageAction;
    alsoNeeds?: PermissionName;
  },
  deps: CoreDeps,
  apply: (tx: Tx, claimed: ClaimedPackage) => Promise<ActionOutcome>,
): Promise<Package> {
  const { organizationId, packageId, version, action } = input;
  const access = await loadActionablePackage(
    actor,
    organizationId,
    packageId,
    deps,
    input.alsoNeeds,
    CLOSING_CENTER_ACTION_GRANTS[action],
  );
  await deps.db.$transaction(async (tx) => {
    const claimed = await claimForAction(tx, organizationId, packageId, version, action);
    const outcome = await apply(tx, claimed);
    await tx.package.update({
      where: { id: packageId },
      data: { ...outcome.changes, ...(claimed.to && !outcome.keepStatus ? { status: claimed.to } : {}) },
    });
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: outcome.auditType,
      data: {
        action,
        from: claimed.current.status,
        to: outcome.keepStatus ? claimed.current.status : claimed.to,
        version: claimed.version,
        ...outcome.auditData,
      },
    });
    await outcome.afterAudit?.(tx);
  });
  return loadPackageView(deps.db, access, packageId);
}

/** How emails name the acting member: their name, or the organization's for a system actor. */
export async function actorDisplayName(tx: Tx, actor: Actor, organizationName: string): Promise<string> {
  if (actor.kind !== "user") return organizationName;
  const user = await tx.user.findUnique({ where: { id: actor.userId }, select: { givenName: true, familyName: true } });
  const name = `${user?.givenName ?? ""} ${user?.familyName ?? ""}`.trim();
  return name || organizationName;
}

/** The name an email greets a participant with: their names, else the display name ('BORROWER 1'). */
export function participantGreetingName(
  participant: { givenName: string | null; familyName: string | null },
  displayName: string,
): string {
  return `${participant.givenName ?? ""} ${participant.familyName ?? ""}`.trim() || displayName;
}
