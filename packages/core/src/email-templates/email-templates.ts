import {
  alreadyExistsMessage,
  type CreateEmailTemplate,
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_TEMPLATE_MESSAGES,
  type EmailTemplate,
  type EmailTemplateContent,
  type EmailTemplateKind,
  type EmailTemplateList,
  type PreviewEmailTemplate,
  type RenderedEmail,
  type UpdateEmailTemplate,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { EmailTemplate as EmailTemplateRow, Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import {
  renderTemplateContent,
  sampleVariables,
  storedTemplateContent,
  templateContentProblems,
} from "./render-email-template.ts";
import { readBranding } from "./render-organization-mail.ts";

type Tx = Prisma.TransactionClient;
const READERS = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const ADMINS = ["MANAGE_ADMIN_SETTINGS"] as const;

interface TemplateRef {
  organizationId: string;
  templateId: string;
}

interface Contents {
  en: EmailTemplateContent;
  es: EmailTemplateContent | null;
}

export function toEmailTemplate(row: EmailTemplateRow): EmailTemplate {
  return {
    id: row.id,
    organizationId: row.organizationId,
    kind: row.kind as EmailTemplateKind,
    name: row.name,
    isDefault: row.isDefault,
    contents: {
      en: { subject: row.subjectEn, body: row.bodyEn },
      es: row.subjectEs && row.bodyEs ? { subject: row.subjectEs, body: row.bodyEs } : null,
    },
    version: row.version,
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
  };
}

const templateNotFound = () => new AppError("NOT_FOUND", EMAIL_TEMPLATE_MESSAGES.notFound);

/**
 * The contents as stored: cleaned of HTML emails may not carry, and refused with a message naming
 * the problem when a variable is unknown (or unescaped, or a logic tag) or one the kind requires is
 * missing.
 */
function storedContents(kind: EmailTemplateKind, contents: Contents): { contents: Contents; removed: boolean } {
  const en = storedTemplateContent(kind, contents.en, "contents.en");
  const es = contents.es ? storedTemplateContent(kind, contents.es, "contents.es") : null;
  const problems = [...en.problems, ...(es?.problems ?? [])];
  if (problems.length > 0) throw new AppError("BAD_REQUEST", problems[0]?.message, problems);
  return { contents: { en: en.content, es: es?.content ?? null }, removed: en.removed || es?.removed === true };
}

const contentColumns = (contents: Contents) => ({
  subjectEn: contents.en.subject,
  bodyEn: contents.en.body,
  subjectEs: contents.es?.subject ?? null,
  bodyEs: contents.es?.body ?? null,
});

async function findTemplate(db: Tx | CoreDeps["db"], ref: TemplateRef) {
  const row = await db.emailTemplate.findFirst({ where: { id: ref.templateId, organizationId: ref.organizationId } });
  if (!row) throw templateNotFound();
  return row;
}

function audit(tx: Tx, actor: Actor, organizationId: string, type: string, data: Record<string, unknown>) {
  return appendAuditEvent(tx, actor, {
    organizationId,
    streamType: "organization",
    streamId: organizationId,
    type,
    data,
  });
}

async function nameTaken(tx: Tx, organizationId: string, kind: string, name: string, exceptId?: string) {
  const row = await tx.emailTemplate.findFirst({
    where: {
      organizationId,
      kind,
      name: { equals: name, mode: "insensitive" },
      ...(exceptId ? { NOT: { id: exceptId } } : {}),
    },
    select: { id: true },
  });
  if (row)
    throw new AppError("ALREADY_EXISTS", alreadyExistsMessage("email template"), [
      { path: "name", message: alreadyExistsMessage("email template") },
    ]);
}

/** Only one default per kind: making one the default unsets the others. */
async function clearOtherDefaults(tx: Tx, organizationId: string, kind: string, keepId: string) {
  await tx.emailTemplate.updateMany({
    where: { organizationId, kind, isDefault: true, NOT: { id: keepId } },
    data: { isDefault: false, version: { increment: 1 } },
  });
}

export async function listEmailTemplates(
  actor: Actor,
  input: { organizationId: string; kind?: EmailTemplateKind },
  deps: CoreDeps,
): Promise<EmailTemplateList> {
  // package step 3 picks an invitation template: members who manage packages may list those
  await requirePermission(
    actor,
    input.organizationId,
    input.kind === "invitation" ? [...READERS, "MANAGE_DOCUMENTS_PACKAGES"] : READERS,
    deps,
  );
  const rows = await deps.db.emailTemplate.findMany({
    where: { organizationId: input.organizationId, ...(input.kind ? { kind: input.kind } : {}) },
    orderBy: [{ kind: "asc" }, { isDefault: "desc" }, { name: "asc" }],
  });
  return { records: rows.map(toEmailTemplate), count: rows.length };
}

export async function getEmailTemplate(actor: Actor, input: TemplateRef, deps: CoreDeps): Promise<EmailTemplate> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  return toEmailTemplate(await findTemplate(deps.db, input));
}

export async function createEmailTemplate(
  actor: Actor,
  input: CreateEmailTemplate & { organizationId: string },
  deps: CoreDeps,
): Promise<EmailTemplate> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, ADMINS, deps);
  const { contents, removed } = storedContents(input.kind, { en: input.contents.en, es: input.contents.es ?? null });
  const row = await deps.db.$transaction(async (tx) => {
    await nameTaken(tx, organizationId, input.kind, input.name);
    const created = await tx.emailTemplate.create({
      data: {
        organizationId,
        kind: input.kind,
        name: input.name,
        isDefault: input.isDefault ?? true,
        ...contentColumns(contents),
        updatedById: actor.kind === "user" ? actor.userId : null,
      },
    });
    if (created.isDefault) await clearOtherDefaults(tx, organizationId, created.kind, created.id);
    await audit(tx, actor, organizationId, "email-template.created", {
      templateId: created.id,
      name: created.name,
      kind: created.kind,
    });
    return created;
  });
  return { ...toEmailTemplate(row), unsafeHtmlRemoved: removed };
}

async function writeTemplate(
  actor: Actor,
  ref: TemplateRef & { version: number },
  deps: CoreDeps,
  change: (row: EmailTemplateRow, tx: Tx) => Promise<Prisma.EmailTemplateUpdateManyMutationInput>,
  type: string,
): Promise<EmailTemplate> {
  await requirePermission(actor, ref.organizationId, ADMINS, deps);
  const row = await deps.db.$transaction(async (tx) => {
    const current = await findTemplate(tx, ref);
    const data = await change(current, tx);
    const { count } = await tx.emailTemplate.updateMany({
      where: { id: ref.templateId, organizationId: ref.organizationId, version: ref.version },
      data: { ...data, updatedById: actor.kind === "user" ? actor.userId : null, version: { increment: 1 } },
    });
    if (count === 0) throw packageVersionConflict();
    const updated = await tx.emailTemplate.findUniqueOrThrow({ where: { id: ref.templateId } });
    if (updated.isDefault) await clearOtherDefaults(tx, ref.organizationId, updated.kind, updated.id);
    await audit(tx, actor, ref.organizationId, type, {
      templateId: updated.id,
      name: updated.name,
      kind: updated.kind,
    });
    return updated;
  });
  return toEmailTemplate(row);
}

export async function updateEmailTemplate(
  actor: Actor,
  input: UpdateEmailTemplate & TemplateRef,
  deps: CoreDeps,
): Promise<EmailTemplate> {
  let removed = false;
  const saved = await writeTemplate(
    actor,
    input,
    deps,
    async (row, tx) => {
      const kind = row.kind as EmailTemplateKind;
      const stored = input.contents
        ? storedContents(kind, { en: input.contents.en, es: input.contents.es ?? null })
        : null;
      removed = stored?.removed ?? false;
      if (input.name !== undefined) await nameTaken(tx, row.organizationId, kind, input.name, row.id);
      return {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
        ...(stored ? contentColumns(stored.contents) : {}),
      };
    },
    "email-template.updated",
  );
  return { ...saved, unsafeHtmlRemoved: removed };
}

/** "Restore default": the built-in subject and message, English and Spanish. */
export async function restoreEmailTemplateDefault(
  actor: Actor,
  input: TemplateRef & { version: number },
  deps: CoreDeps,
): Promise<EmailTemplate> {
  return writeTemplate(
    actor,
    input,
    deps,
    async (row) => contentColumns(DEFAULT_EMAIL_TEMPLATES[row.kind as EmailTemplateKind]),
    "email-template.restored",
  );
}

export async function deleteEmailTemplate(
  actor: Actor,
  input: TemplateRef & { version: number },
  deps: CoreDeps,
): Promise<void> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  await deps.db.$transaction(async (tx) => {
    const row = await findTemplate(tx, input);
    const { count } = await tx.emailTemplate.deleteMany({
      where: { id: input.templateId, organizationId: input.organizationId, version: input.version },
    });
    if (count === 0) throw packageVersionConflict();
    // packages that picked it fall back to the organization's default invitation template
    await tx.package.updateMany({
      where: { organizationId: input.organizationId, emailTemplateId: row.id },
      data: { emailTemplateId: null },
    });
    await audit(tx, actor, input.organizationId, "email-template.deleted", {
      templateId: row.id,
      name: row.name,
      kind: row.kind,
    });
  });
}

/** The live preview: rendered on the server exactly as a send would, with sample data. */
export async function previewEmailTemplate(
  actor: Actor,
  input: PreviewEmailTemplate & { organizationId: string },
  deps: CoreDeps,
): Promise<RenderedEmail> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  const problems = templateContentProblems(input.kind, input.content);
  if (problems.length > 0) throw new AppError("BAD_REQUEST", problems[0]?.message, problems);
  const branding = await readBranding(deps.db, input.organizationId);
  return renderTemplateContent(input.content, sampleVariables(input.kind), branding);
}

/** Package step 3: the picked template must be an invitation template of the organization. */
export async function assertInvitationTemplate(db: Tx | CoreDeps["db"], organizationId: string, templateId: string) {
  const row = await db.emailTemplate.findFirst({ where: { id: templateId, organizationId }, select: { kind: true } });
  if (row?.kind !== "invitation") {
    throw new AppError("BAD_REQUEST", EMAIL_TEMPLATE_MESSAGES.wrongKind, [
      { path: "emailTemplateId", message: EMAIL_TEMPLATE_MESSAGES.wrongKind },
    ]);
  }
}
