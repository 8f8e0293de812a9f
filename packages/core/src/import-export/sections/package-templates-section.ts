import { type PackageTemplateItem, packageTemplateItemSchema } from "@signet/contract";
import { createBuilderPackage, newPackageId } from "../../templates/builder-package.ts";
import { templateNameKey } from "../../templates/template-access.ts";
import { lowerKey, sectionHandler, sorted } from "../section-handler.ts";
import {
  archiveBlueprint,
  blueprintArchiveProblems,
  clearBuilderPackage,
  groupIdsByName,
  readBuilder,
  templateConflict,
  writeArchiveBlueprint,
} from "./template-archive-files.ts";

// Package templates by name: their builder package (participant slots, documents with tags,
// questions, uploads, invitation settings) with its files, and the groups that may use them.

const SECTION = "packageTemplates";

export const packageTemplatesSection = sectionHandler<PackageTemplateItem>({
  name: SECTION,
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
    const { tx, actor, organizationId } = context;
    for (const { item, action } of entries) {
      const groupIds = await groupIdsByName(tx, organizationId, item.groups);
      let template = await tx.packageTemplate.findUnique({
        where: { organizationId_nameKey: { organizationId, nameKey: templateNameKey(item.name) } },
      });
      if (action === "CREATE" || !template) {
        const packageId = newPackageId();
        await createBuilderPackage(tx, actor, { organizationId, packageId, name: item.name, kind: "PACKAGE_TEMPLATE" });
        template = await tx.packageTemplate.create({
          data: {
            organizationId,
            name: item.name.trim(),
            nameKey: templateNameKey(item.name),
            description: item.description,
            active: item.active,
            packageId,
            createdById: actor.kind === "user" ? actor.userId : null,
          },
        });
      } else {
        await tx.packageTemplate.update({
          where: { id: template.id },
          data: { description: item.description, active: item.active, version: { increment: 1 } },
        });
        await clearBuilderPackage(context, template.packageId);
      }
      const templateId = template.id;
      await tx.packageTemplateGroup.deleteMany({ where: { templateId } });
      await tx.packageTemplateGroup.createMany({
        data: groupIds.map((groupId) => ({ templateId, groupId, organizationId })),
      });
      await writeArchiveBlueprint(context, template.packageId, item.builder);
    }
  },
});
