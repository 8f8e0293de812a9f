import { type Document, TEMPLATE_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { toDocument } from "../documents/document-views.ts";
import { forbidden } from "../errors/app-error.ts";
import { claimStartedPackage, findManageablePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { documentTemplateNotFound, templateConflict } from "./template-access.ts";
import { parseBlueprint } from "./template-views.ts";
import { copyBlueprintFiles, discardCopies, openFromStorage, writeBlueprint } from "./write-blueprint.ts";

/**
 * Copies the newest version of a document template into an unsent package: its slots land on the
 * package's participants of the same type and number (missing ones are added, without people), with
 * the document's tags, rules and custom fields. A real package needs an active template shared with
 * one of its groups; a template's builder package (settings admins) takes any published template.
 */
export async function addDocumentFromTemplate(
  actor: Actor,
  input: { organizationId: string; packageId: string; documentTemplateId: string },
  deps: CoreDeps,
): Promise<Document> {
  const { organizationId, packageId } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  const pkg = await findManageablePackage(deps.db, access, packageId);
  const template = await deps.db.documentTemplate.findFirst({
    where: { id: input.documentTemplateId, organizationId },
    include: { groups: { select: { groupId: true } } },
  });
  if (!template) throw documentTemplateNotFound();
  if (pkg.templateKind === null) {
    const shared = template.groups.some((group) => pkg.groupIds.includes(group.groupId));
    if (!shared) throw forbidden(TEMPLATE_MESSAGES.notShared);
    if (!template.active) throw templateConflict(TEMPLATE_MESSAGES.inactive);
  }
  if (template.latestVersion < 1) throw templateConflict(TEMPLATE_MESSAGES.notPublished);
  const version = await deps.db.documentTemplateVersion.findUniqueOrThrow({
    where: { templateId_number: { templateId: template.id, number: template.latestVersion } },
  });
  const stored = parseBlueprint(version.blueprint);
  const blueprint = {
    ...stored,
    documents: stored.documents.map((document) => ({
      ...document,
      sourceTemplate: { id: template.id, version: version.number },
    })),
  };
  const files = await copyBlueprintFiles(deps, organizationId, packageId, blueprint.documents, openFromStorage(deps));
  try {
    const row = await deps.db.$transaction(async (tx) => {
      const packageVersion = await claimStartedPackage(tx, organizationId, packageId);
      const ids = await writeBlueprint(tx, deps, blueprint, files, {
        organizationId,
        packageId,
        wholePackage: false,
      });
      const documentId = [...ids.values()][0] as string;
      const document = await tx.document.findUniqueOrThrow({ where: { id: documentId } });
      await appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "package",
        streamId: packageId,
        type: "document.added-from-template",
        data: {
          packageVersion,
          documentId,
          name: document.name,
          templateId: template.id,
          templateName: template.name,
          templateVersion: version.number,
        },
      });
      return document;
    });
    return toDocument(row);
  } catch (error) {
    await discardCopies(deps, files);
    throw error;
  }
}
