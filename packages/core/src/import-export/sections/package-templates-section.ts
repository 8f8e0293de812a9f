import { CONFIGURATION_ITEM_LIMITS, type PackageTemplateItem, packageTemplateItemSchema } from "@signet/contract";
import { PACKAGE_TEMPLATE_ROWS } from "../../templates/template-rows.ts";
import { lowerKey, sectionHandler, sorted } from "../section-handler.ts";
import {
  applyTemplateItem,
  archiveBlueprint,
  blueprintArchiveProblems,
  readBuilder,
  templateConflict,
} from "./template-archive-files.ts";

// Package templates by name: their builder package (participant slots, documents with tags,
// questions, uploads, invitation settings) with its files, and the groups that may use them.

const SECTION = "packageTemplates";

export const packageTemplatesSection = sectionHandler<PackageTemplateItem>({
  name: SECTION,
  maxItems: CONFIGURATION_ITEM_LIMITS.packageTemplates,
  label: "Package templates",
  file: "package-templates.json",
  itemSchema: packageTemplateItemSchema,
  key: (item) => lowerKey(item.name),
  itemLabel: (item) => item.name,
  fields: { description: "Description", active: "Active", groups: "Groups", builder: "Content" },
  normalize: (item) => ({ ...item, groups: sorted(item.groups) }),
  async collect(db, organizationId, deps) {
    const rows = await db.packageTemplate.findMany({
      where: { organizationId },
      include: { groups: { include: { group: { select: { name: true } } } } },
      orderBy: { nameKey: "asc" },
    });
    const files = new Map<string, Buffer>();
    const items: PackageTemplateItem[] = [];
    for (const row of rows) {
      const builder = await readBuilder(db, deps, organizationId, row.packageId);
      items.push({
        name: row.name,
        description: row.description,
        active: row.active,
        groups: sorted(row.groups.map(({ group }) => group.name)),
        builder: await archiveBlueprint({ ...builder, name: row.name }, SECTION, files, deps),
      });
    }
    return { items, files };
  },
  async validate(items, files) {
    return items.flatMap((item, index) => blueprintArchiveProblems(item.builder, files, `items[${index}].builder`));
  },
  conflict(item, _current, context) {
    return templateConflict(item.groups, [item.builder], context);
  },
  async apply(entries, context) {
    for (const { item } of entries) await applyTemplateItem(context, PACKAGE_TEMPLATE_ROWS, item);
  },
});
