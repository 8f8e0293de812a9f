import {
  type CreateWatermarkTemplate,
  hasAnyPermission,
  type UpdateDefaultWatermarkTemplate,
  type UpdateWatermarkTemplate,
  unknownWatermarkVariables,
  unknownWatermarkVariablesMessage,
  WATERMARK_MESSAGES,
  type WatermarkPosition,
  type WatermarkTemplate,
  type WatermarkTemplateList,
  watermarkTemplateInUseMessage,
} from "@signet/contract";
import { loadEffectivePermissions } from "../access/effective-permissions.ts";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma, WatermarkTemplate as WatermarkTemplateRow } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { INSTALLATION_STREAM } from "../keys/record-key-rotations.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import { SYSTEM_DEFAULT_WATERMARK_ID } from "./system-default-watermark.ts";
import { toRuleLike } from "./watermark-rules.ts";

type Tx = Prisma.TransactionClient;
type Db = CoreDeps["db"] | Tx;

export const WATERMARK_READERS = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
export const WATERMARK_ADMINS = ["MANAGE_ADMIN_SETTINGS"] as const;

interface TemplateRef {
  organizationId: string;
  templateId: string;
}

export function toWatermarkTemplate(row: WatermarkTemplateRow): WatermarkTemplate {
  return {
    id: row.id,
    organizationId: row.organizationId,
    systemDefault: row.systemDefault === true,
    name: row.name,
    isDefault: row.isDefault,
    text: row.text,
    position: row.position as WatermarkPosition,
    angle: row.angle,
    opacity: row.opacity,
    fontSize: row.fontSize,
    color: row.color,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    createdBy: row.createdById,
  };
}

/** Unknown {variables} answer 400 with a message naming each one. */
export function assertKnownVariables(text: string | undefined) {
  if (text === undefined) return;
  const unknown = unknownWatermarkVariables(text);
  if (unknown.length === 0) return;
  const message = unknownWatermarkVariablesMessage(unknown);
  throw new AppError("BAD_REQUEST", message, [{ path: "text", message }]);
}

const notFound = () => new AppError("NOT_FOUND", WATERMARK_MESSAGES.notFound);
const nameKey = (name: string) => name.trim().toLowerCase();
const userId = (actor: Actor) => (actor.kind === "user" ? actor.userId : null);

/** A template of the organization (another organization's id, or the system default's, is 404 here). */
export async function findOrganizationTemplate(db: Db, ref: TemplateRef) {
  const row = await db.watermarkTemplate.findFirst({
    where: { id: ref.templateId, organizationId: ref.organizationId },
  });
  if (!row) throw notFound();
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

async function assertNameFree(tx: Tx, organizationId: string, name: string, exceptId?: string) {
  const row = await tx.watermarkTemplate.findFirst({
    where: { organizationId, nameKey: nameKey(name), ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  });
  if (row) {
    throw new AppError("ALREADY_EXISTS", WATERMARK_MESSAGES.nameTaken, [
      { path: "name", message: WATERMARK_MESSAGES.nameTaken },
    ]);
  }
}

/** One default per organization: making one the default unsets the others. */
async function clearOtherDefaults(tx: Tx, organizationId: string, keepId: string) {
  await tx.watermarkTemplate.updateMany({
    where: { organizationId, isDefault: true, NOT: { id: keepId } },
    data: { isDefault: false, version: { increment: 1 } },
  });
}

export async function listWatermarkTemplates(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<WatermarkTemplateList> {
  await requirePermission(actor, input.organizationId, WATERMARK_READERS, deps);
  const rows = await deps.db.watermarkTemplate.findMany({
    where: { organizationId: input.organizationId },
    orderBy: [{ isDefault: "desc" }, { nameKey: "asc" }],
  });
  return { records: rows.map(toWatermarkTemplate), count: rows.length };
}

export async function getWatermarkTemplate(
  actor: Actor,
  input: TemplateRef,
  deps: CoreDeps,
): Promise<WatermarkTemplate> {
  await requirePermission(actor, input.organizationId, WATERMARK_READERS, deps);
  return toWatermarkTemplate(await findOrganizationTemplate(deps.db, input));
}

export async function createWatermarkTemplate(
  actor: Actor,
  input: CreateWatermarkTemplate & { organizationId: string },
  deps: CoreDeps,
): Promise<WatermarkTemplate> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, WATERMARK_ADMINS, deps);
  assertKnownVariables(input.text);
  const row = await deps.db.$transaction(async (tx) => {
    await assertNameFree(tx, organizationId, input.name);
    const created = await tx.watermarkTemplate.create({
      data: {
        organizationId,
        name: input.name.trim(),
        nameKey: nameKey(input.name),
        isDefault: input.isDefault ?? false,
        text: input.text,
        position: input.position ?? "CENTER",
        angle: input.angle ?? 45,
        opacity: input.opacity ?? 0.25,
        fontSize: input.fontSize ?? 36,
        color: (input.color ?? "#808080").toLowerCase(),
        createdById: userId(actor),
        updatedById: userId(actor),
      },
    });
    if (created.isDefault) await clearOtherDefaults(tx, organizationId, created.id);
    await audit(tx, actor, organizationId, "watermark-template.created", {
      templateId: created.id,
      name: created.name,
    });
    return created;
  });
  return toWatermarkTemplate(row);
}

const styleChanges = (input: UpdateDefaultWatermarkTemplate) => ({
  ...(input.text !== undefined ? { text: input.text } : {}),
  ...(input.position !== undefined ? { position: input.position } : {}),
  ...(input.angle !== undefined ? { angle: input.angle } : {}),
  ...(input.opacity !== undefined ? { opacity: input.opacity } : {}),
  ...(input.fontSize !== undefined ? { fontSize: input.fontSize } : {}),
  ...(input.color !== undefined ? { color: input.color.toLowerCase() } : {}),
});

export async function updateWatermarkTemplate(
  actor: Actor,
  input: UpdateWatermarkTemplate & TemplateRef,
  deps: CoreDeps,
): Promise<WatermarkTemplate> {
  await requirePermission(actor, input.organizationId, WATERMARK_ADMINS, deps);
  assertKnownVariables(input.text);
  const row = await deps.db.$transaction(async (tx) => {
    const current = await findOrganizationTemplate(tx, input);
    if (input.name !== undefined) await assertNameFree(tx, input.organizationId, input.name, current.id);
    const { count } = await tx.watermarkTemplate.updateMany({
      where: { id: current.id, organizationId: input.organizationId, version: input.version },
      data: {
        ...styleChanges(input),
        ...(input.name !== undefined ? { name: input.name.trim(), nameKey: nameKey(input.name) } : {}),
        ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
        updatedById: userId(actor),
        version: { increment: 1 },
      },
    });
    if (count === 0) throw packageVersionConflict();
    const updated = await tx.watermarkTemplate.findUniqueOrThrow({ where: { id: current.id } });
    if (updated.isDefault) await clearOtherDefaults(tx, input.organizationId, updated.id);
    await audit(tx, actor, input.organizationId, "watermark-template.updated", {
      templateId: updated.id,
      name: updated.name,
    });
    return updated;
  });
  return toWatermarkTemplate(row);
}

export async function deleteWatermarkTemplate(
  actor: Actor,
  input: TemplateRef & { version: number },
  deps: CoreDeps,
): Promise<void> {
  await requirePermission(actor, input.organizationId, WATERMARK_ADMINS, deps);
  await deps.db.$transaction(async (tx) => {
    const row = await findOrganizationTemplate(tx, input);
    const rules = await tx.watermarkRule.findMany({
      where: { organizationId: input.organizationId },
      orderBy: { priority: "asc" },
    });
    const index = rules.findIndex((rule) => rule.templateId === row.id);
    if (index >= 0) throw new AppError("CONFLICT", watermarkTemplateInUseMessage(index + 1, toRuleLike(rules[index]!)));
    const { count } = await tx.watermarkTemplate.deleteMany({
      where: { id: row.id, organizationId: input.organizationId, version: input.version },
    });
    if (count === 0) throw packageVersionConflict();
    await audit(tx, actor, input.organizationId, "watermark-template.deleted", { templateId: row.id, name: row.name });
  });
}

// ——— the system default template ———

/**
 * Who may read the system default: support users, and anyone who may read their own
 * organization's settings (it is what their organization falls back to).
 */
async function assertDefaultReader(actor: Actor, deps: CoreDeps) {
  if (actor.kind !== "user" || actor.partial || !actor.organizationId) throw new AppError("UNAUTHORIZED");
  if (actor.supportUser) return;
  const { bits } = await loadEffectivePermissions(deps.db, actor.userId, actor.organizationId);
  if (!hasAnyPermission(bits, WATERMARK_READERS)) throw new AppError("FORBIDDEN");
}

export async function getDefaultWatermarkTemplate(actor: Actor, deps: CoreDeps): Promise<WatermarkTemplate> {
  await assertDefaultReader(actor, deps);
  return toWatermarkTemplate(
    await deps.db.watermarkTemplate.findUniqueOrThrow({ where: { id: SYSTEM_DEFAULT_WATERMARK_ID } }),
  );
}

/** Support users only (spec: affects every organization, cannot be undone); audited in the installation's stream. */
export async function updateDefaultWatermarkTemplate(
  actor: Actor,
  input: UpdateDefaultWatermarkTemplate,
  deps: CoreDeps,
): Promise<WatermarkTemplate> {
  if (actor.kind !== "user" || actor.partial || !actor.organizationId) throw new AppError("UNAUTHORIZED");
  if (!actor.supportUser || actor.apiClient) throw new AppError("FORBIDDEN", WATERMARK_MESSAGES.supportOnly);
  assertKnownVariables(input.text);
  const row = await deps.db.$transaction(async (tx) => {
    const before = await tx.watermarkTemplate.findUniqueOrThrow({ where: { id: SYSTEM_DEFAULT_WATERMARK_ID } });
    const { count } = await tx.watermarkTemplate.updateMany({
      where: { id: SYSTEM_DEFAULT_WATERMARK_ID, version: input.version },
      data: { ...styleChanges(input), updatedById: actor.userId, version: { increment: 1 } },
    });
    if (count === 0) throw packageVersionConflict();
    const updated = await tx.watermarkTemplate.findUniqueOrThrow({ where: { id: SYSTEM_DEFAULT_WATERMARK_ID } });
    await appendAuditEvent(tx, actor, {
      ...INSTALLATION_STREAM,
      type: "watermark-template.default-updated",
      data: {
        templateId: updated.id,
        before: {
          text: before.text,
          position: before.position,
          angle: before.angle,
          opacity: before.opacity,
          fontSize: before.fontSize,
          color: before.color,
        },
        after: {
          text: updated.text,
          position: updated.position,
          angle: updated.angle,
          opacity: updated.opacity,
          fontSize: updated.fontSize,
          color: updated.color,
        },
      },
    });
    return updated;
  });
  return toWatermarkTemplate(row);
}
