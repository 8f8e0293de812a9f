import {
  CUSTOM_FIELD_MESSAGES,
  missingContact,
  normalizeCustomFieldValue,
  PACKAGE_MESSAGES,
  type Package,
  type PackageBlueprint,
  type PackageFromTemplate,
  slotKey,
  TEMPLATE_MESSAGES,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import { lockGroupTree } from "../groups/lock-group-tree.ts";
import { defaultExpiration } from "../packages/create-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { loadPackageView } from "../packages/package-views.ts";
import { newShortId } from "../packages/short-id.ts";
import { newPackageId } from "./builder-package.ts";
import { findPackageTemplate } from "./package-templates.ts";
import { readPackageBlueprint } from "./read-blueprint.ts";
import { type Tx, templateConflict, usableGroupIds } from "./template-access.ts";
import {
  copyBlueprintFiles,
  discardCopies,
  openFromStorage,
  type PersonForSlot,
  writeBlueprint,
} from "./write-blueprint.ts";

export type CreatePackageFromTemplateInput = PackageFromTemplate & { organizationId: string; templateId: string };

export interface PackageFromTemplateHooks {
  /** runs inside the package's creating transaction (bulk send marks its row done there) */
  inTransaction?: (tx: Tx, packageId: string) => Promise<void>;
}

interface Problem {
  path: string;
  message: string;
}

/** The people given for the template's slots: one for every slot, none for a slot it lacks, each with the contact its access method needs. */
function peopleBySlot(blueprint: PackageBlueprint, input: CreatePackageFromTemplateInput) {
  const problems: Problem[] = [];
  const slots = new Map(blueprint.participants.map((slot) => [slotKey(slot), slot]));
  const people = new Map<string, PersonForSlot>();
  input.people.forEach((person, index) => {
    const key = slotKey(person);
    const slot = slots.get(key);
    if (!slot || people.has(key)) {
      problems.push({ path: `people.${index}.type`, message: TEMPLATE_MESSAGES.unknownSlot(person) });
      return;
    }
    const accessMethod = person.accessMethod ?? slot.accessMethod;
    const email = person.email ?? null;
    const phoneNumber = person.phoneNumber ?? null;
    const missing = missingContact({ accessMethod, email, phone: phoneNumber });
    if (missing)
      problems.push({ path: `people.${index}.${accessMethod === "SMS" ? "phoneNumber" : "email"}`, message: missing });
    people.set(key, {
      givenName: person.givenName,
      middleName: person.middleName ?? null,
      familyName: person.familyName,
      email,
      phoneNumber,
      accessMethod,
    });
  });
  for (const [key, slot] of slots)
    if (!people.has(key)) problems.push({ path: "people", message: TEMPLATE_MESSAGES.personRequired(slot) });
  if (problems.length > 0) throw new AppError("BAD_REQUEST", problems[0]?.message, problems);
  return people;
}

/** The template's package custom field values with the given ones in their place (validated by their definitions). */
async function withCustomFields(
  deps: CoreDeps,
  organizationId: string,
  blueprint: PackageBlueprint,
  given: PackageFromTemplate["customFields"],
): Promise<PackageBlueprint> {
  if (given.length === 0) return blueprint;
  const definitions = await deps.db.customField.findMany({
    where: { organizationId, id: { in: given.map((value) => value.customFieldId) } },
  });
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  const values = new Map(blueprint.customFields.map((value) => [value.customField, value.value]));
  const problems: Problem[] = [];
  given.forEach((value, index) => {
    const definition = byId.get(value.customFieldId);
    if (!definition || definition.archived) throw notFound(CUSTOM_FIELD_MESSAGES.notFound);
    const checked = normalizeCustomFieldValue(definition, value.value);
    if ("problem" in checked) problems.push({ path: `customFields.${index}.value`, message: checked.problem });
    else values.set(definition.customFieldId, checked.value);
  });
  if (problems.length > 0) throw new AppError("BAD_REQUEST", problems[0]?.message, problems);
  return {
    ...blueprint,
    customFields: [...values].map(([customField, value]) => ({ customField, value })),
  };
}

/**
 * New package from template (issue 13 §4): an ordinary STARTED package with everything the
 * template's builder package holds and the people given for its slots, shared with the given
 * groups (each a template group in which the caller manages packages) or by default all such
 * groups. The files are copied first; the package, its parts, the audit event and the caller's
 * hook are one transaction, so a retried caller never finds half a package.
 */
export async function createPackageFromTemplate(
  actor: Actor,
  input: CreatePackageFromTemplateInput,
  deps: CoreDeps,
  hooks: PackageFromTemplateHooks = {},
): Promise<Package> {
  const { organizationId } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  access.require("MANAGE_DOCUMENTS_PACKAGES");
  const template = await findPackageTemplate(deps.db, { organizationId, templateId: input.templateId });
  const usable = usableGroupIds(
    access,
    template.groups.map((group) => group.groupId),
  );
  if (usable.length === 0) throw forbidden(TEMPLATE_MESSAGES.notShared);
  if (!template.active) throw templateConflict(TEMPLATE_MESSAGES.inactive);
  let groupIds = usable;
  if (input.groupIds) {
    groupIds = [...new Set(input.groupIds)];
    if (!groupIds.every((groupId) => usable.includes(groupId))) {
      const exists = await deps.db.group.count({ where: { organizationId, id: { in: groupIds } } });
      if (exists !== groupIds.length) throw notFound(PACKAGE_MESSAGES.selectedGroupNotFound);
      throw forbidden(TEMPLATE_MESSAGES.notShared);
    }
  }
  const read = await readPackageBlueprint(deps.db, deps.fieldCipher, organizationId, template.packageId);
  const people = peopleBySlot(read, input);
  const blueprint = await withCustomFields(deps, organizationId, read, input.customFields);
  const name = input.name?.trim() || template.name;
  const createdById = actor.kind === "user" ? actor.userId : null;
  const packageId = newPackageId();
  const files = await copyBlueprintFiles(deps, organizationId, packageId, blueprint.documents, openFromStorage(deps));
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await deps.db.$transaction(async (tx) => {
          // a group being deleted must see this package (the only-group rule), and vice versa
          await lockGroupTree(tx, organizationId);
          const groupsLeft = await tx.group.count({ where: { organizationId, id: { in: groupIds } } });
          if (groupsLeft !== groupIds.length) throw notFound(PACKAGE_MESSAGES.selectedGroupNotFound);
          const created = await tx.package.create({
            data: {
              id: packageId,
              organizationId,
              shortId: newShortId(),
              name,
              status: "STARTED",
              createdById,
              fromPackageTemplateId: template.id,
            },
          });
          await tx.packageGroup.createMany({
            data: groupIds.map((groupId) => ({ packageId, groupId, organizationId })),
          });
          await writeBlueprint(tx, deps, blueprint, files, {
            organizationId,
            packageId,
            people,
            wholePackage: true,
          });
          // a template without an expiration of its own takes the organization's defaults, as a new package does
          const expiration =
            blueprint.settings.expirationType === null || blueprint.settings.expirationType === "FIXED"
              ? await defaultExpiration(tx, organizationId)
              : {};
          if (Object.keys(expiration).length > 0)
            await tx.package.update({ where: { id: packageId }, data: expiration });
          await appendAuditEvent(tx, actor, {
            organizationId,
            streamType: "package",
            streamId: packageId,
            type: "package.created",
            data: {
              name,
              shortId: created.shortId,
              status: created.status,
              groupIds,
              fromTemplate: template.name,
              fromTemplateId: template.id,
              ...expiration,
            },
          });
          await hooks.inTransaction?.(tx, packageId);
        });
        break;
      } catch (error) {
        // a short id clash (one in ~10^11): draw another
        if (isUniqueViolation(error) && attempt < 4) continue;
        throw error;
      }
    }
  } catch (error) {
    await discardCopies(deps, files);
    throw error;
  }
  return loadPackageView(deps.db, access, packageId);
}
