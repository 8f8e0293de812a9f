import {
  CONFIGURATION_ITEM_LIMITS,
  type EmailTemplateContent,
  type EmailTemplateItem,
  emailTemplateItemSchema,
} from "@signet/contract";
import { cleanedContentProblems } from "../../email-templates/render-email-template.ts";
import { sanitizeTemplateBody } from "../../email-templates/sanitize-email-html.ts";
import { lowerKey, sectionHandler } from "../section-handler.ts";

const cleaned = (content: EmailTemplateContent) => ({ ...content, body: sanitizeTemplateBody(content.body).body });

/**
 * Email templates by kind and name; one default per kind (making one the default unsets the other).
 * Their messages are cleaned as a save cleans them (email-templates/sanitize-email-html.ts), so an
 * archive from before the cleaning compares with what is stored and imports cleaned.
 */
export const emailTemplatesSection = sectionHandler<EmailTemplateItem>({
  name: "emailTemplates",
  maxItems: CONFIGURATION_ITEM_LIMITS.emailTemplates,
  label: "Email templates",
  file: "email-templates.json",
  itemSchema: emailTemplateItemSchema,
  key: (item) => `${item.kind}/${lowerKey(item.name)}`,
  itemLabel: (item) => `${item.name} (${item.kind} email)`,
  fields: { name: "Name", isDefault: "Default", contents: "Subject and text" },
  normalize: (item) => ({
    ...item,
    contents: { en: cleaned(item.contents.en), es: item.contents.es ? cleaned(item.contents.es) : null },
  }),
  async collect(db, organizationId) {
    const rows = await db.emailTemplate.findMany({
      where: { organizationId },
      orderBy: [{ kind: "asc" }, { name: "asc" }],
    });
    const items = rows.map((row) => ({
      kind: row.kind as EmailTemplateItem["kind"],
      name: row.name,
      isDefault: row.isDefault,
      contents: {
        en: { subject: row.subjectEn, body: row.bodyEn },
        es: row.subjectEs && row.bodyEs ? { subject: row.subjectEs, body: row.bodyEs } : null,
      },
    }));
    return { items, files: new Map() };
  },
  async validate(items) {
    const problems = items.flatMap((item, index) => [
      ...cleanedContentProblems(item.kind, item.contents.en, `items[${index}].contents.en`),
      ...(item.contents.es ? cleanedContentProblems(item.kind, item.contents.es, `items[${index}].contents.es`) : []),
    ]);
    const defaults = new Set<string>();
    items.forEach((item, index) => {
      if (!item.isDefault) return;
      if (defaults.has(item.kind))
        problems.push({
          path: `items[${index}].isDefault`,
          message: `Only one ${item.kind} template can be the default.`,
        });
      defaults.add(item.kind);
    });
    return problems.map((problem) => ({ path: problem.path, message: problem.message }));
  },
  notes(item, current, context) {
    if (!item.isDefault || current?.isDefault) return [];
    const other = (context.current.emailTemplates as EmailTemplateItem[]).find(
      (template) =>
        template.kind === item.kind && template.isDefault && lowerKey(template.name) !== lowerKey(item.name),
    );
    return other ? [`Becomes the default ${item.kind} email instead of ${other.name}.`] : [];
  },
  async apply(entries, { tx, organizationId, actor }) {
    const updatedById = actor.kind === "user" ? actor.userId : null;
    for (const { item, action } of entries) {
      const data = {
        name: item.name.trim(),
        isDefault: item.isDefault,
        subjectEn: item.contents.en.subject,
        bodyEn: item.contents.en.body,
        subjectEs: item.contents.es?.subject ?? null,
        bodyEs: item.contents.es?.body ?? null,
        updatedById,
      };
      const existing = await tx.emailTemplate.findFirst({
        where: { organizationId, kind: item.kind, name: { equals: item.name.trim(), mode: "insensitive" } },
        select: { id: true },
      });
      const row =
        action === "CREATE" || !existing
          ? await tx.emailTemplate.create({ data: { ...data, organizationId, kind: item.kind } })
          : await tx.emailTemplate.update({ where: { id: existing.id }, data: { ...data, version: { increment: 1 } } });
      if (item.isDefault)
        await tx.emailTemplate.updateMany({
          where: { organizationId, kind: item.kind, isDefault: true, NOT: { id: row.id } },
          data: { isDefault: false, version: { increment: 1 } },
        });
    }
  },
});
