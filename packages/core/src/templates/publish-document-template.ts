import { type DocumentTemplate, TEMPLATE_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import { documentTemplateView, findDocumentTemplate, type TemplateRef, versionBlobKey } from "./document-templates.ts";
import { audit, loadTemplateAccess, requireTemplateAdmin, templateConflict } from "./template-access.ts";
import { parseBlueprint, publishedContent, readBuilderBlueprint } from "./template-views.ts";
import { openStoredFile } from "./write-blueprint.ts";

/**
 * Snapshots the builder package as the next immutable version: exactly one document, its file
 * copied to the version's own blob, the blueprint stored with that file. Refused when nothing
 * changed since the newest version.
 */
export async function publishDocumentTemplate(
  actor: Actor,
  input: TemplateRef & { version: number },
  deps: CoreDeps,
): Promise<DocumentTemplate> {
  const { organizationId, templateId } = input;
  const access = await loadTemplateAccess(actor, organizationId, deps);
  requireTemplateAdmin(access);
  const current = await findDocumentTemplate(deps.db, input);
  if (current.version !== input.version) throw packageVersionConflict();
  const blueprint = await readBuilderBlueprint(deps.db, deps, organizationId, current.packageId);
  const document = blueprint.documents[0];
  if (!document || blueprint.documents.length !== 1) throw templateConflict(TEMPLATE_MESSAGES.oneDocument);
  if (current.latestVersion > 0) {
    const latest = await deps.db.documentTemplateVersion.findUnique({
      where: { templateId_number: { templateId, number: current.latestVersion } },
      select: { blueprint: true },
    });
    if (latest && publishedContent(parseBlueprint(latest.blueprint)) === publishedContent(blueprint))
      throw templateConflict(TEMPLATE_MESSAGES.nothingToPublish);
  }
  const number = current.latestVersion + 1;
  const blobKey = versionBlobKey(organizationId, templateId, number);
  const stored = await deps.storage.put(
    blobKey,
    await openStoredFile(deps, document.file.ref, document.file.originalFileName),
  );
  try {
    if (stored.sha256 !== document.file.sha256)
      throw new AppError("CONFLICT", `The file of ${document.name} does not match its recorded SHA-256.`);
    // a document template is its slots and its one document: the builder package's own settings,
    // questions and uploads are not part of a version
    const snapshot = {
      ...blueprint,
      name: current.name,
      settings: { ...blueprint.settings, emailDocumentKey: null },
      customFields: [],
      dataGroups: [],
      stips: [],
      documents: [{ ...document, file: { ...document.file, ref: blobKey } }],
    };
    await deps.db.$transaction(async (tx) => {
      const { count } = await tx.documentTemplate.updateMany({
        where: { id: templateId, organizationId, version: input.version, latestVersion: current.latestVersion },
        data: { latestVersion: number, version: { increment: 1 } },
      });
      if (count === 0) throw packageVersionConflict();
      await tx.documentTemplateVersion.create({
        data: {
          templateId,
          organizationId,
          number,
          blueprint: snapshot as Prisma.InputJsonValue,
          blobKey,
          sha256: stored.sha256,
          createdById: actor.kind === "user" ? actor.userId : null,
        },
      });
      await audit(tx, actor, organizationId, "document-template.published", {
        templateId,
        name: current.name,
        templateVersion: number,
      });
    });
  } catch (error) {
    await deps.storage.delete(blobKey).catch(() => false);
    throw error;
  }
  return documentTemplateView(deps, input);
}
