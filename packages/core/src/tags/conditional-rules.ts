import { type ConditionalRule, type CreateConditionalRule, ruleCreatesCycle, TAG_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { type PackageRef, writePackageChild } from "../packages/package-child.ts";
import { tagNotFound, toConditionalRule } from "./tag-views.ts";

/** Show or require a tag when another tag of the package has a value (or a given value); no loops. */
export async function createConditionalRule(
  actor: Actor,
  input: PackageRef & CreateConditionalRule,
  deps: CoreDeps,
): Promise<ConditionalRule> {
  const { organizationId, packageId, sourceTagId, targetTagId, condition, action } = input;
  return writePackageChild(actor, input, deps, "conditional-rule.created", async (tx) => {
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
    return {
      result: toConditionalRule(row),
      data: { ruleId: row.id, sourceTagId, targetTagId, condition, action },
    };
  });
}

export async function deleteConditionalRule(
  actor: Actor,
  input: PackageRef & { ruleId: string },
  deps: CoreDeps,
): Promise<void> {
  const { packageId, ruleId } = input;
  await writePackageChild(actor, input, deps, "conditional-rule.deleted", async (tx) => {
    const { count } = await tx.conditionalRule.deleteMany({ where: { id: ruleId, packageId } });
    if (count === 0) throw notFound(TAG_MESSAGES.ruleNotFound);
    return { result: undefined, data: { ruleId } };
  });
}
