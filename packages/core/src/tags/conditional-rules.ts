import { type ConditionalRule, type CreateConditionalRule, ruleCreatesCycle, TAG_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { claimStartedPackage, findManageablePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { tagNotFound, toConditionalRule } from "./tag-views.ts";

interface PackageRef {
  organizationId: string;
  packageId: string;
}

/** Show or require a tag when another tag of the package has a value (or a given value); no loops. */
export async function createConditionalRule(
  actor: Actor,
  input: PackageRef & CreateConditionalRule,
  deps: CoreDeps,
): Promise<ConditionalRule> {
  const { organizationId, packageId, sourceTagId, targetTagId, condition, action } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  await findManageablePackage(deps.db, access, packageId);
  return deps.db.$transaction(async (tx) => {
    const packageVersion = await claimStartedPackage(tx, organizationId, packageId);
    const found = await tx.tag.count({ where: { packageId, id: { in: [sourceTagId, targetTagId] } } });
    if (found !== 2) throw tagNotFound();
    const rules = await tx.conditionalRule.findMany({ where: { packageId } });
    if (
      rules.some(
        (rule) => rule.sourceTagId === sourceTagId && rule.targetTagId === targetTagId && rule.action === action,
      )
    ) {
      throw new AppError("ALREADY_EXISTS", TAG_MESSAGES.ruleAlreadyExists);
    }
    if (ruleCreatesCycle(rules, { sourceTagId, targetTagId })) {
      throw new AppError("BAD_REQUEST", TAG_MESSAGES.ruleCycle, [
        { path: "targetTagId", message: TAG_MESSAGES.ruleCycle },
      ]);
    }
    const row = await tx.conditionalRule.create({
      data: {
        packageId,
        organizationId,
        sourceTagId,
        targetTagId,
        condition,
        value: condition === "EQUALS" ? (input.value ?? null) : null,
        action,
      },
    });
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: "conditional-rule.created",
      data: { packageVersion, ruleId: row.id, sourceTagId, targetTagId, condition, action },
    });
    return toConditionalRule(row);
  });
}

export async function deleteConditionalRule(
  actor: Actor,
  input: PackageRef & { ruleId: string },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, packageId, ruleId } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  await findManageablePackage(deps.db, access, packageId);
  await deps.db.$transaction(async (tx) => {
    const packageVersion = await claimStartedPackage(tx, organizationId, packageId);
    const { count } = await tx.conditionalRule.deleteMany({ where: { id: ruleId, packageId } });
    if (count === 0) throw notFound(TAG_MESSAGES.ruleNotFound);
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: "conditional-rule.deleted",
      data: { packageVersion, ruleId },
    });
  });
}
