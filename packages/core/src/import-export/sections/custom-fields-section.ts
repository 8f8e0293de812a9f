import {
  CONFIGURATION_ITEM_LIMITS,
  type CustomFieldItem,
  customFieldDefinitionProblem,
  customFieldItemSchema,
} from "@signet/contract";
import { lowerKey, perPlan, sectionHandler } from "../section-handler.ts";

// Custom field definitions by customFieldId. The key, scope, type and encryption are fixed once
// values may exist, so a difference there is a conflict; an archived field is never restored.

const FIXED = [
  ["scope", "scope"],
  ["dataType", "type"],
  ["encrypted", "encryption"],
] as const;

/** The target's system fields, and which field owns each name there. */
const planIndex = perPlan((context) => {
  const facts = context.facts.customFields ?? {};
  return {
    systemKeys: new Set((facts.systemKeys as string[] | undefined) ?? []),
    names: new Map((facts.names as [string, string][] | undefined) ?? []),
  };
});

export const customFieldsSection = sectionHandler<CustomFieldItem>({
  name: "customFields",
  maxItems: CONFIGURATION_ITEM_LIMITS.customFields,
  label: "Custom fields",
  file: "custom-fields.json",
  itemSchema: customFieldItemSchema,
  key: (item) => item.customFieldId,
  itemLabel: (item) => `${item.name} (${item.customFieldId})`,
  fields: {
    name: "Name",
    description: "Description",
    dateFormat: "Date format",
    selectOptions: "Options",
    required: "Required",
    archived: "Archived",
    active: "Active",
    minRangeRealNumber: "Minimum",
    maxRangeRealNumber: "Maximum",
    minRangeWholeNumber: "Minimum",
    maxRangeWholeNumber: "Maximum",
    vaultMapping: "eVault mapping",
    defaultValue: "Default value",
  },
  async collect(db, organizationId) {
    const rows = await db.customField.findMany({
      where: { organizationId, isSystemGenerated: false },
      orderBy: { customFieldId: "asc" },
    });
    const items = rows.map((row) => ({
      customFieldId: row.customFieldId,
      name: row.name,
      description: row.description,
      scope: row.scope,
      dataType: row.dataType,
      dateFormat: row.dateFormat,
      selectOptions: row.selectOptions,
      required: row.required,
      encrypted: row.encrypted,
      archived: row.archived,
      active: row.active,
      minRangeRealNumber: row.minRangeRealNumber,
      maxRangeRealNumber: row.maxRangeRealNumber,
      minRangeWholeNumber: row.minRangeWholeNumber,
      maxRangeWholeNumber: row.maxRangeWholeNumber,
      vaultMapping: row.vaultMapping,
      defaultValue: row.defaultValue,
    }));
    // ordered: the facts are part of the dry run's fingerprint
    const system = await db.customField.findMany({
      where: { organizationId, isSystemGenerated: true },
      select: { customFieldId: true },
      orderBy: { customFieldId: "asc" },
    });
    const names = await db.customField.findMany({
      where: { organizationId },
      select: { customFieldId: true, nameKey: true },
      orderBy: { customFieldId: "asc" },
    });
    return {
      items,
      files: new Map(),
      facts: {
        systemKeys: system.map((row) => row.customFieldId),
        names: names.map((row) => [row.nameKey, row.customFieldId]),
      },
    };
  },
  async validate(items) {
    return items.flatMap((item, index) => {
      const problem = customFieldDefinitionProblem(item);
      return problem ? [{ path: `items[${index}].${problem.field}`, message: problem.message }] : [];
    });
  },
  conflict(item, current, context) {
    const { systemKeys, names } = planIndex(context);
    if (systemKeys.has(item.customFieldId))
      return `${item.customFieldId} is a system field here: it cannot be imported.`;
    const owner = names.get(lowerKey(item.name));
    if (owner && owner !== item.customFieldId)
      return `The name ${item.name} belongs to the custom field ${owner} here: names are unique in an organization.`;
    if (!current) return null;
    for (const [field, words] of FIXED) {
      if (item[field] !== current[field])
        return `The ${words} differs: ${String(current[field])} here, ${String(item[field])} in the archive. It is fixed once values may exist.`;
    }
    if (current.archived && !item.archived) return "It is archived here: an archived custom field is not restored.";
    return null;
  },
  async apply(entries, { tx, organizationId }) {
    for (const { item, action } of entries) {
      const { customFieldId, scope, dataType, encrypted, ...rest } = item;
      const data = {
        ...rest,
        nameKey: lowerKey(item.name),
        dateFormat: dataType === "DATE" ? (item.dateFormat ?? "DATE_MEDIUM") : null,
      };
      if (action === "CREATE") {
        await tx.customField.create({
          data: {
            ...data,
            organizationId,
            customFieldId,
            scope,
            dataType,
            encrypted,
            archivedAt: item.archived ? new Date() : null,
          },
        });
      } else {
        const current = await tx.customField.findUniqueOrThrow({
          where: { organizationId_customFieldId: { organizationId, customFieldId } },
        });
        await tx.customField.update({
          where: { id: current.id },
          data: {
            ...data,
            archivedAt: item.archived ? (current.archivedAt ?? new Date()) : null,
            version: { increment: 1 },
          },
        });
      }
    }
  },
});
