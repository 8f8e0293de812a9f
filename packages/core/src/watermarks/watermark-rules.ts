import {
  type PackageStatus,
  type ReplaceWatermarkRules,
  WATERMARK_MESSAGES,
  type WatermarkDocumentType,
  type WatermarkRequesterType,
  type WatermarkRuleLike,
  type WatermarkRuleList,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { WatermarkRule as WatermarkRuleRow } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import { SYSTEM_DEFAULT_WATERMARK_ID } from "./system-default-watermark.ts";

const READERS = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const ADMINS = ["MANAGE_ADMIN_SETTINGS"] as const;

export function toRuleLike(row: WatermarkRuleRow): WatermarkRuleLike {
  return {
    templateId: row.templateId,
    packageStatus: (row.packageStatus as PackageStatus | null) ?? null,
    documentType: (row.documentType as WatermarkDocumentType | null) ?? null,
    requesterType: (row.requesterType as WatermarkRequesterType | null) ?? null,
    priority: row.priority,
  };
}

async function readRules(db: CoreDeps["db"], organizationId: string): Promise<WatermarkRuleList> {
  const [list, rows] = await Promise.all([
    db.watermarkRuleList.findUnique({ where: { organizationId } }),
    db.watermarkRule.findMany({ where: { organizationId }, orderBy: { priority: "asc" } }),
  ]);
  return {
    // an organization that never saved its rules is at version 1
    version: list?.version ?? 1,
    rules: rows.map((row) => ({ id: row.id, ...toRuleLike(row) })),
  };
}

export async function getWatermarkRules(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<WatermarkRuleList> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  return readRules(deps.db, input.organizationId);
}

/** The whole ordered list at once, at its version: the first rule is priority 0. */
export async function replaceWatermarkRules(
  actor: Actor,
  input: ReplaceWatermarkRules & { organizationId: string },
  deps: CoreDeps,
): Promise<WatermarkRuleList> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, ADMINS, deps);
  await deps.db.$transaction(async (tx) => {
    // a rule names a template of this organization or the system default; anything else reads as unknown
    const templateIds = [...new Set(input.rules.map((rule) => rule.templateId))];
    const known = await tx.watermarkTemplate.findMany({
      where: {
        id: { in: templateIds },
        OR: [{ organizationId }, { id: SYSTEM_DEFAULT_WATERMARK_ID }],
      },
      select: { id: true },
    });
    const knownIds = new Set(known.map((row) => row.id));
    const unknownIndex = input.rules.findIndex((rule) => !knownIds.has(rule.templateId));
    if (unknownIndex >= 0) {
      throw new AppError("BAD_REQUEST", WATERMARK_MESSAGES.templateNotFound, [
        { path: `rules.${unknownIndex}.templateId`, message: WATERMARK_MESSAGES.templateNotFound },
      ]);
    }
    const list = await tx.watermarkRuleList.findUnique({ where: { organizationId } });
    const nextVersion = input.version + 1;
    if (list) {
      const { count } = await tx.watermarkRuleList.updateMany({
        where: { organizationId, version: input.version },
        data: { version: nextVersion, updatedById: actor.kind === "user" ? actor.userId : null },
      });
      if (count === 0) throw packageVersionConflict();
    } else {
      if (input.version !== 1) throw packageVersionConflict();
      // two first saves at once: the second insert fails on the primary key and answers 409
      const created = await tx.watermarkRuleList.createMany({
        data: { organizationId, version: nextVersion, updatedById: actor.kind === "user" ? actor.userId : null },
        skipDuplicates: true,
      });
      if (created.count === 0) throw packageVersionConflict();
    }
    await tx.watermarkRule.deleteMany({ where: { organizationId } });
    await tx.watermarkRule.createMany({
      data: input.rules.map((rule, priority) => ({
        organizationId,
        templateId: rule.templateId,
        packageStatus: rule.packageStatus ?? null,
        documentType: rule.documentType ?? null,
        requesterType: rule.requesterType ?? null,
        priority,
        version: nextVersion,
      })),
    });
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "watermark-rules.replaced",
      data: { count: input.rules.length },
    });
  });
  return readRules(deps.db, organizationId);
}
