import {
  asParticipantLanguage,
  type DocumentTemplate,
  type DocumentTemplateVersion,
  type PackageBlueprint,
  type PackageTemplate,
  packageBlueprintSchema,
  participantDisplayName,
  type TemplateSlot,
} from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import type {
  DocumentTemplate as DocumentTemplateRow,
  DocumentTemplateVersion as DocumentTemplateVersionRow,
  PackageTemplate as PackageTemplateRow,
  Prisma,
} from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { readPackageBlueprint } from "./read-blueprint.ts";

type Reader = Db | Prisma.TransactionClient;

export const templateInclude = { groups: { include: { group: { select: { id: true, name: true } } } } } as const;
type WithGroups<T> = T & { groups: { group: { id: string; name: string } }[] };

const groupRefs = (row: WithGroups<unknown>) =>
  row.groups.map(({ group }) => ({ groupId: group.id, name: group.name })).sort((a, b) => a.name.localeCompare(b.name));

/** JSON with sorted keys: stored blueprints come back from jsonb with their keys reordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * What a document template's version is made of: its slots and its document (the file by its hash,
 * not where it is stored). The name and the builder package's settings are not part of it.
 */
export function publishedContent(blueprint: PackageBlueprint): string {
  return canonical({
    participants: blueprint.participants,
    documents: blueprint.documents.map((document) => ({ ...document, file: { ...document.file, ref: "" } })),
  });
}

export const parseBlueprint = (json: unknown): PackageBlueprint => packageBlueprintSchema.parse(json);

/** The builder package's document template content: its participants and every document. */
export function readBuilderBlueprint(
  db: Reader,
  deps: Pick<CoreDeps, "fieldCipher">,
  organizationId: string,
  packageId: string,
) {
  return readPackageBlueprint(db, deps.fieldCipher, organizationId, packageId);
}

async function builderSlots(db: Reader, packageId: string): Promise<TemplateSlot[]> {
  const rows = await db.participant.findMany({
    where: { packageId },
    orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
    select: { type: true, roleNumber: true, role: true, accessMethod: true, language: true },
  });
  return rows.map((row) => ({
    type: row.type,
    roleNumber: row.roleNumber,
    displayName: participantDisplayName(row),
    role: row.role,
    accessMethod: row.accessMethod,
    language: asParticipantLanguage(row.language),
  }));
}

export async function toDocumentTemplate(
  db: Reader,
  deps: Pick<CoreDeps, "fieldCipher">,
  row: WithGroups<DocumentTemplateRow>,
): Promise<DocumentTemplate> {
  const draft = await readBuilderBlueprint(db, deps, row.organizationId, row.packageId);
  const latest =
    row.latestVersion > 0
      ? await db.documentTemplateVersion.findUnique({
          where: { templateId_number: { templateId: row.id, number: row.latestVersion } },
          select: { blueprint: true },
        })
      : null;
  const draftChanged = latest
    ? publishedContent(draft) !== publishedContent(parseBlueprint(latest.blueprint))
    : draft.documents.length > 0;
  const document = draft.documents[0] ?? null;
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    active: row.active,
    packageId: row.packageId,
    latestVersion: row.latestVersion,
    draftChanged,
    groups: groupRefs(row),
    documentName: document?.name ?? null,
    numPages: document?.file.numPages ?? null,
    slots: await builderSlots(db, row.packageId),
    tagCount: draft.documents.reduce((sum, each) => sum + each.tags.length, 0),
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    version: row.version,
  };
}

export function toDocumentTemplateVersion(row: DocumentTemplateVersionRow): DocumentTemplateVersion {
  const blueprint = parseBlueprint(row.blueprint);
  const document = blueprint.documents[0];
  return {
    number: row.number,
    documentName: document?.name ?? "",
    numPages: document?.file.numPages ?? 0,
    sha256: row.sha256,
    slots: blueprint.participants.map((slot) => ({
      type: slot.type,
      roleNumber: slot.roleNumber,
      displayName: participantDisplayName(slot),
    })),
    tagCount: document?.tags.length ?? 0,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdById,
  };
}

export async function toPackageTemplate(db: Reader, row: WithGroups<PackageTemplateRow>): Promise<PackageTemplate> {
  const documents = await db.document.findMany({
    where: { packageId: row.packageId },
    orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
    select: { id: true, name: true, sourceTemplateId: true, sourceTemplateVersion: true },
  });
  const sourceIds = [...new Set(documents.flatMap((document) => document.sourceTemplateId ?? []))];
  const sources = new Map(
    (
      await db.documentTemplate.findMany({
        where: { id: { in: sourceIds }, organizationId: row.organizationId },
        select: { id: true, name: true, latestVersion: true },
      })
    ).map((source) => [source.id, source]),
  );
  const [stipCount, dataFieldCount] = await Promise.all([
    db.stip.count({ where: { packageId: row.packageId } }),
    db.dataCollectionField.count({ where: { packageId: row.packageId } }),
  ]);
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    active: row.active,
    packageId: row.packageId,
    groups: groupRefs(row),
    slots: await builderSlots(db, row.packageId),
    documents: documents.map((document) => {
      const source = document.sourceTemplateId ? sources.get(document.sourceTemplateId) : undefined;
      return {
        documentId: document.id,
        name: document.name,
        sourceTemplateId: document.sourceTemplateId,
        sourceTemplateName: source?.name ?? null,
        sourceTemplateVersion: document.sourceTemplateVersion,
        latestVersion: source?.latestVersion ?? null,
      };
    }),
    stipCount,
    dataFieldCount,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    version: row.version,
  };
}
