import { Readable } from "node:stream";
import {
  CONFIGURATION_ITEM_LIMITS,
  type DocumentTemplateItem,
  documentTemplateItemSchema,
  type PackageBlueprint,
} from "@signet/contract";
import type { Prisma } from "../../db/generated/client.ts";
import { versionBlobKey } from "../../templates/document-templates.ts";
import { DOCUMENT_TEMPLATE_ROWS } from "../../templates/template-rows.ts";
import { parseBlueprint, publishedContent } from "../../templates/template-views.ts";
import { lowerKey, sectionHandler, sorted } from "../section-handler.ts";
import {
  applyTemplateItem,
  archiveBlueprint,
  blueprintArchiveProblems,
  readBuilder,
  templateConflict,
} from "./template-archive-files.ts";

// Document templates by name: the builder package as it is, and the newest published version
// (packages are built from that one). An import that brings a different published version adds it
// as the template's next version, so packages built from earlier ones keep their copies.

const SECTION = "documentTemplates";

export const documentTemplatesSection = sectionHandler<DocumentTemplateItem>({
  name: SECTION,
  maxItems: CONFIGURATION_ITEM_LIMITS.documentTemplates,
  label: "Document templates",
  file: "document-templates.json",
  itemSchema: documentTemplateItemSchema,
  key: (item) => lowerKey(item.name),
  itemLabel: (item) => item.name,
  fields: {
    description: "Description",
    active: "Active",
    groups: "Groups",
    builder: "Draft (slots, document, tags)",
    published: "Published version",
  },
  normalize: (item) => ({ ...item, groups: sorted(item.groups) }),
  async collect(db, organizationId, deps) {
    const rows = await db.documentTemplate.findMany({
      where: { organizationId },
      include: {
        groups: { include: { group: { select: { name: true } } } },
        versions: { orderBy: { number: "desc" }, take: 1 },
      },
      orderBy: { nameKey: "asc" },
    });
    const files = new Map<string, Buffer>();
    const items: DocumentTemplateItem[] = [];
    for (const row of rows) {
      const builder = await readBuilder(db, deps, organizationId, row.packageId);
      const latest = row.versions[0];
      items.push({
        name: row.name,
        description: row.description,
        active: row.active,
        groups: sorted(row.groups.map(({ group }) => group.name)),
        builder: await archiveBlueprint({ ...builder, name: row.name }, SECTION, files, deps),
        published: latest ? await archiveBlueprint(parseBlueprint(latest.blueprint), SECTION, files, deps) : null,
      });
    }
    return { items, files };
  },
  async validate(items, files) {
    return items.flatMap((item, index) => [
      ...blueprintArchiveProblems(item.builder, files, `items[${index}].builder`),
      ...(item.published ? blueprintArchiveProblems(item.published, files, `items[${index}].published`) : []),
      ...(item.published && item.published.documents.length !== 1
        ? [{ path: `items[${index}].published`, message: "A published document template holds exactly one document." }]
        : []),
    ]);
  },
  conflict(item, _current, context) {
    return templateConflict(item.groups, [item.builder, ...(item.published ? [item.published] : [])], context);
  },
  async apply(entries, context) {
    const { tx, actor, organizationId, deps } = context;
    const actorId = actor.kind === "user" ? actor.userId : null;
    for (const { item } of entries) {
      const template = await applyTemplateItem(context, DOCUMENT_TEMPLATE_ROWS, item);
      if (item.published) await publishIfNew(context, template.id, item.published);
    }

    async function publishIfNew(ctx: typeof context, templateId: string, published: PackageBlueprint) {
      const row = await tx.documentTemplate.findUniqueOrThrow({ where: { id: templateId } });
      if (row.latestVersion > 0) {
        const latest = await tx.documentTemplateVersion.findUnique({
          where: { templateId_number: { templateId: row.id, number: row.latestVersion } },
          select: { blueprint: true },
        });
        if (latest && publishedContent(parseBlueprint(latest.blueprint)) === publishedContent(published)) return;
      }
      const number = row.latestVersion + 1;
      const document = published.documents[0] as PackageBlueprint["documents"][number];
      const blobKey = versionBlobKey(organizationId, row.id, number);
      ctx.writtenBlobs.push(blobKey);
      const stored = await deps.storage.put(blobKey, Readable.from([ctx.files.get(document.file.ref) as Buffer]));
      const snapshot = { ...published, documents: [{ ...document, file: { ...document.file, ref: blobKey } }] };
      await tx.documentTemplateVersion.create({
        data: {
          templateId: row.id,
          organizationId,
          number,
          blueprint: snapshot as Prisma.InputJsonValue,
          blobKey,
          sha256: stored.sha256,
          createdById: actorId,
        },
      });
      await tx.documentTemplate.update({ where: { id: row.id }, data: { latestVersion: number } });
    }
  },
});
