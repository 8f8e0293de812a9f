import { type ConditionalRule, TAG_MESSAGES, type Tag } from "@signet/contract";
import type { ConditionalRule as RuleRow, Tag as TagRow } from "../db/generated/client.ts";
import { notFound } from "../errors/app-error.ts";

export function toTag(row: TagRow): Tag {
  return {
    id: row.id,
    packageId: row.packageId,
    documentId: row.documentId,
    participantId: row.participantId,
    type: row.type,
    page: row.page,
    x: row.x,
    y: row.y,
    width: row.width,
    height: row.height,
    required: row.required,
    label: row.label,
    options: row.options,
    groupName: row.groupName,
    optionValue: row.optionValue,
    customFieldId: row.customFieldId,
    defaultValue: row.defaultValue,
    version: row.version,
  };
}

export function toConditionalRule(row: RuleRow): ConditionalRule {
  return {
    id: row.id,
    packageId: row.packageId,
    sourceTagId: row.sourceTagId,
    targetTagId: row.targetTagId,
    condition: row.condition,
    value: row.value,
    action: row.action,
  };
}

/** Tags by document, page, then top to bottom and left to right (reading order). */
export const tagOrder = [
  { documentId: "asc" as const },
  { page: "asc" as const },
  { y: "asc" as const },
  { x: "asc" as const },
  { createdAt: "asc" as const },
];

/** Spec §8: 'Organization/package/document/tag not found'. */
export const tagNotFound = () => notFound(TAG_MESSAGES.tagNotFound);
