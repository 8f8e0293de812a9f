import {
  BULK_SEND_MESSAGES,
  type BulkSendCustomField,
  type BulkSendSlot,
  type PermissionName,
  TEMPLATE_MESSAGES,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import { loadPackageAccess, type PackageAccess } from "../packages/package-access.ts";

const MANAGE: PermissionName = "MANAGE_DOCUMENTS_PACKAGES";

/** The groups of a template in which the caller manages packages: the ones a bulk send may use it in. */
export const usableTemplateGroups = (access: PackageAccess, groupIds: readonly string[]) =>
  groupIds.filter((groupId) => access.groups.canIn(groupId, MANAGE));

/**
 * The package template a bulk send uses, as "new package from template" checks it: found in the
 * caller's organization (else 404), shared with a group in which the caller manages packages
 * (else 403) and, to start one, active (else 409).
 */
export async function loadBulkSendTemplate(
  actor: Actor,
  input: { organizationId: string; templateId: string },
  deps: CoreDeps,
  options: { mustBeActive: boolean },
) {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require(MANAGE);
  const template = await deps.db.packageTemplate.findFirst({
    where: { id: input.templateId, organizationId: input.organizationId },
    include: { groups: { select: { groupId: true } } },
  });
  if (!template) throw notFound(TEMPLATE_MESSAGES.packageTemplateNotFound);
  const usable = usableTemplateGroups(
    access,
    template.groups.map((group) => group.groupId),
  );
  if (usable.length === 0) throw forbidden(TEMPLATE_MESSAGES.notShared);
  if (options.mustBeActive && !template.active) throw new AppError("CONFLICT", TEMPLATE_MESSAGES.inactive);
  return { access, template };
}

/** The template's slots (its builder package's participants) and the package custom fields a CSV may fill. */
export async function bulkSendShape(db: Db, organizationId: string, builderPackageId: string) {
  const participants = await db.participant.findMany({
    where: { packageId: builderPackageId, organizationId },
    orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
    select: { type: true, roleNumber: true, accessMethod: true },
  });
  const slots: BulkSendSlot[] = participants.map((participant) => ({
    type: participant.type,
    roleNumber: participant.roleNumber,
    accessMethod: participant.accessMethod,
  }));
  const fields = await db.customField.findMany({
    where: { organizationId, scope: "PACKAGE", archived: false },
    orderBy: { customFieldId: "asc" },
  });
  const customFields: BulkSendCustomField[] = fields.map((field) => ({
    key: field.customFieldId,
    id: field.id,
    dataType: field.dataType,
    // a column left empty keeps the template's value: required fields are the template's to fill
    required: false,
    selectOptions: field.selectOptions,
    minRangeWholeNumber: field.minRangeWholeNumber,
    maxRangeWholeNumber: field.maxRangeWholeNumber,
    minRangeRealNumber: field.minRangeRealNumber,
    maxRangeRealNumber: field.maxRangeRealNumber,
  }));
  return { slots, customFields };
}

export const bulkSendNotFound = () => notFound(BULK_SEND_MESSAGES.notFound);
