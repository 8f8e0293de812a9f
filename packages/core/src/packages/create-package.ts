import { type CreatePackage, DEFAULTS, INITIAL_PACKAGE_STATUS, PACKAGE_MESSAGES, type Package } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, forbidden } from "../errors/app-error.ts";
import { readPackageSettings } from "../settings/package-settings.ts";
import { loadPackageAccess } from "./package-access.ts";
import { assertPackageGroups } from "./package-groups-input.ts";
import { loadPackageView } from "./package-views.ts";
import { newShortId } from "./short-id.ts";

/**
 * A new package in STARTED, shared with the groups given, or by default with the caller's own groups
 * in which they manage packages. The caller must manage packages in at least one of the groups.
 */
export async function createPackage(
  actor: Actor,
  input: CreatePackage & { organizationId: string },
  deps: CoreDeps,
): Promise<Package> {
  const { organizationId } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  access.require("MANAGE_DOCUMENTS_PACKAGES");
  let groupIds: string[];
  if (input.groupIds) {
    groupIds = await assertPackageGroups(deps.db, access, input.groupIds);
    if (!access.canManage(groupIds)) throw forbidden(PACKAGE_MESSAGES.manageGroupRequired);
  } else {
    const own =
      actor.kind === "user"
        ? await deps.db.groupMember.findMany({
            where: { userId: actor.userId, organizationId },
            select: { groupId: true },
          })
        : [];
    groupIds = own.map((row) => row.groupId).filter((id) => access.groups.canIn(id, "MANAGE_DOCUMENTS_PACKAGES"));
    if (groupIds.length === 0) throw new AppError("BAD_REQUEST", PACKAGE_MESSAGES.groupRequired);
  }
  const name = input.name?.trim() || DEFAULTS.packageName;
  const createdById = actor.kind === "user" ? actor.userId : null;
  for (let attempt = 0; ; attempt++) {
    try {
      const id = await deps.db.$transaction(async (tx) => {
        // a group being deleted must see this package (the only-group rule), and vice versa: the
        // tree's lock in shared mode, which the tree's writers (lockGroupTree, exclusive) wait for,
        // while package creations in the organization no longer wait for each other
        const treeKey = `group-tree:${organizationId}`;
        await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtextextended(${treeKey}, 0))`;
        await assertPackageGroups(tx, access, groupIds);
        const expiration = await defaultExpiration(tx, organizationId);
        const created = await tx.package.create({
          data: {
            organizationId,
            shortId: newShortId(),
            name,
            status: INITIAL_PACKAGE_STATUS,
            createdById,
            ...expiration,
          },
        });
        await appendAuditEvent(tx, actor, {
          organizationId,
          streamType: "package",
          streamId: created.id,
          type: "package.created",
          data: { name, shortId: created.shortId, status: created.status, groupIds, ...expiration },
        });
        // last: its trigger updates the organization's status-count row of this group set, a row
        // every creation with the same groups updates, locked from here to the commit
        await tx.packageGroup.createMany({
          data: groupIds.map((groupId) => ({ packageId: created.id, groupId, organizationId })),
        });
        return created.id;
      });
      return await loadPackageView(deps.db, access, id);
    } catch (error) {
      // a short id clash (one in ~10^11): draw another
      if (isUniqueViolation(error) && attempt < 4) continue;
      throw error;
    }
  }
}

/** Spec §9: with enable_default_expiration_date, a new package starts with the organization's expiration defaults. */
export async function defaultExpiration(tx: Parameters<typeof readPackageSettings>[0], organizationId: string) {
  const settings = await readPackageSettings(tx, organizationId);
  if (!settings.enable_default_expiration_date) return {};
  if (settings.default_expiration_type !== "RELATIVE") return { expirationType: settings.default_expiration_type };
  return {
    expirationType: "RELATIVE",
    scheduledExpiryDays: settings.default_relative_expiration_days,
    scheduledExpiryTime: settings.default_relative_expiration_time,
  };
}
