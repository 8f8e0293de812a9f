import { type Package, type SetPackageGroups, TEMPLATE_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { lockGroupTree } from "../groups/lock-group-tree.ts";
import { findManageablePackage } from "./find-package.ts";
import { loadPackageAccess, packageConflict, packageNotFound, packageVersionConflict } from "./package-access.ts";
import { assertPackageGroups } from "./package-groups-input.ts";
import { loadPackageView } from "./package-views.ts";

/** Replaces the groups a package is shared with (at least one, each a group where the caller sees packages). */
export async function setPackageGroups(
  actor: Actor,
  input: SetPackageGroups & { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<Package> {
  const { organizationId, packageId, version } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  const found = await findManageablePackage(deps.db, access, packageId);
  if (found.templateKind !== null) throw packageConflict(TEMPLATE_MESSAGES.groupsOnTemplate);
  const groupIds = await assertPackageGroups(deps.db, access, input.groupIds);
  await deps.db.$transaction(async (tx) => {
    // serialised with group deletion: a package must never be left without a group
    await lockGroupTree(tx, organizationId);
    await assertPackageGroups(tx, access, groupIds);
    const { count } = await tx.package.updateMany({
      where: { id: packageId, organizationId, version },
      data: { version: { increment: 1 } },
    });
    if (count === 0) {
      const exists = await tx.package.count({ where: { id: packageId, organizationId } });
      throw exists > 0 ? packageVersionConflict() : packageNotFound();
    }
    const current = (await tx.packageGroup.findMany({ where: { packageId }, select: { groupId: true } })).map(
      (row) => row.groupId,
    );
    const removed = current.filter((id) => !groupIds.includes(id));
    const added = groupIds.filter((id) => !current.includes(id));
    if (removed.length > 0) await tx.packageGroup.deleteMany({ where: { packageId, groupId: { in: removed } } });
    if (added.length > 0) {
      await tx.packageGroup.createMany({ data: added.map((groupId) => ({ packageId, groupId, organizationId })) });
    }
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: "package.groups-set",
      data: { version: version + 1, groupIds, added, removed },
    });
  });
  return loadPackageView(deps.db, access, packageId);
}
