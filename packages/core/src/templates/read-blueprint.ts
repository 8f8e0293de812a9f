import {
  asParticipantLanguage,
  BLUEPRINT_FORMAT,
  type BlueprintDocument,
  type BlueprintFieldValue,
  type BlueprintParticipant,
  type PackageBlueprint,
  type Slot,
  slotKey,
} from "@signet/contract";
import type { FieldCipher } from "../crypto/field-cipher.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { notFound } from "../errors/app-error.ts";

type Reader = Db | Prisma.TransactionClient;

export interface ReadBlueprintOptions {
  /** only these documents (default: all of the package's) */
  documentIds?: readonly string[];
  /** keep the people's names and contacts (default: slots only, as templates hold them) */
  withPeople?: boolean;
  /** only the participants the chosen documents name (a document saved as a document template) */
  onlyNamedSlots?: boolean;
}

const byPosition = <T extends { page: number; y: number; x: number; id: string }>(a: T, b: T) =>
  a.page - b.page || a.y - b.y || a.x - b.x || a.id.localeCompare(b.id);

/**
 * A package as a blueprint: no database ids, slots for people, custom fields by their key, keys by
 * position (d1, d1.t3) so that two reads of equal packages are equal. File refs are blob keys.
 */
export async function readPackageBlueprint(
  db: Reader,
  cipher: FieldCipher,
  organizationId: string,
  packageId: string,
  options: ReadBlueprintOptions = {},
): Promise<PackageBlueprint> {
  const pkg = await db.package.findFirst({
    where: { id: packageId, organizationId },
    include: {
      participants: { orderBy: { orderSequence: "asc" } },
      customFields: { include: { customField: true } },
      documents: {
        orderBy: { orderSequence: "asc" },
        include: {
          tags: { include: { sourceOf: true } },
          participants: true,
          customFields: { include: { customField: true } },
        },
      },
      dataGroups: { orderBy: { orderSequence: "asc" }, include: { fields: { orderBy: { orderSequence: "asc" } } } },
      stips: { orderBy: { orderSequence: "asc" } },
      reminderSchedule: true,
    },
  });
  if (!pkg) throw notFound("Package not found.");
  const slotOf = new Map(pkg.participants.map((p) => [p.id, { type: p.type, roleNumber: p.roleNumber } as Slot]));
  const slot = (participantId: string): Slot => {
    const found = slotOf.get(participantId);
    if (!found) throw new Error(`participant ${participantId} is not in package ${packageId}`);
    return found;
  };
  const customFieldKeys = new Map<string, string>();
  const fieldRows = await db.customField.findMany({
    where: { organizationId },
    select: { id: true, customFieldId: true },
  });
  for (const row of fieldRows) customFieldKeys.set(row.id, row.customFieldId);
  const fieldKey = (id: string | null) => (id === null ? null : (customFieldKeys.get(id) ?? null));
  const plain = (stored: { value: string | null; valueCiphertext: string | null }) =>
    stored.valueCiphertext !== null ? cipher.decrypt(stored.valueCiphertext) : stored.value;
  const fieldValues = (
    rows: { customField: { customFieldId: string }; value: string | null; valueCiphertext: string | null }[],
  ) =>
    rows
      .map((row): BlueprintFieldValue => ({ customField: row.customField.customFieldId, value: plain(row) }))
      .sort((a, b) => a.customField.localeCompare(b.customField));

  const chosen = options.documentIds ? new Set(options.documentIds) : null;
  const documents = pkg.documents.filter((document) => !chosen || chosen.has(document.id));
  const documentKeys = new Map<string, string>();
  const blueprintDocuments = documents.map((document, index): BlueprintDocument => {
    const key = `d${index + 1}`;
    documentKeys.set(document.id, key);
    const tags = [...document.tags].sort(byPosition);
    const tagKeys = new Map(tags.map((tag, tagIndex) => [tag.id, `${key}.t${tagIndex + 1}`]));
    const tagKey = (id: string) => tagKeys.get(id) as string;
    return {
      key,
      name: document.name,
      executionType: document.executionType,
      orderSequence: index + 1,
      file: {
        ref: document.blobKey,
        sha256: document.sha256,
        sizeBytes: document.sizeBytes,
        numPages: document.numPages,
        pageSizes: document.pageSizes as { width: number; height: number }[],
        contentType: document.contentType,
        originalFileName: document.originalFileName,
      },
      participantExecution: document.participants
        .map((choice) => ({ ...slot(choice.participantId), executionType: choice.executionType }))
        .sort((a, b) => slotKey(a).localeCompare(slotKey(b))),
      customFields: fieldValues(document.customFields),
      tags: tags.map((tag) => ({
        key: tagKey(tag.id),
        slot: slot(tag.participantId),
        type: tag.type,
        page: tag.page,
        x: tag.x,
        y: tag.y,
        width: tag.width,
        height: tag.height,
        required: tag.required,
        label: tag.label,
        options: tag.options,
        groupName: tag.groupName,
        optionValue: tag.optionValue,
        customField: fieldKey(tag.customFieldId),
        defaultValue: tag.defaultValue,
      })),
      rules: tags
        .flatMap((tag) => tag.sourceOf)
        .map((rule) => ({
          sourceKey: tagKey(rule.sourceTagId),
          targetKey: tagKey(rule.targetTagId),
          condition: rule.condition,
          value: rule.value,
          action: rule.action,
        }))
        .sort((a, b) =>
          `${a.sourceKey} ${a.targetKey} ${a.action}`.localeCompare(`${b.sourceKey} ${b.targetKey} ${b.action}`),
        ),
      sourceTemplate:
        document.sourceTemplateId && document.sourceTemplateVersion
          ? { id: document.sourceTemplateId, version: document.sourceTemplateVersion }
          : null,
    };
  });

  let participants = pkg.participants;
  if (options.onlyNamedSlots) {
    const named = new Set<string>();
    for (const document of documents) {
      for (const tag of document.tags) named.add(tag.participantId);
      for (const choice of document.participants) named.add(choice.participantId);
    }
    participants = participants.filter((participant) => named.has(participant.id));
  }
  const people = options.withPeople === true;
  const keptIds = new Set(participants.map((participant) => participant.id));
  const blueprintParticipants = participants.map(
    (participant, index): BlueprintParticipant => ({
      type: participant.type,
      roleNumber: participant.roleNumber,
      role: participant.role,
      accessMethod: participant.accessMethod,
      orderSequence: index + 1,
      avHost: participant.avHost,
      idVerification: participant.idVerification === "SMS_CODE" ? "SMS_CODE" : "NONE",
      givenName: people ? participant.givenName : null,
      middleName: people ? participant.middleName : null,
      familyName: people ? participant.familyName : null,
      email: people ? participant.email : null,
      phoneNumber: people ? participant.phoneNumber : null,
      language: asParticipantLanguage(participant.language),
      // issue 34 §2b: only while the witnessed signer travels too (a document template may leave them out)
      ...(participant.witnessForParticipantId && keptIds.has(participant.witnessForParticipantId)
        ? { witnessFor: slot(participant.witnessForParticipantId) }
        : {}),
    }),
  );
  const kept = new Set(participants.map((participant) => participant.id));
  const wholePackage = !chosen;
  const emailTemplate = pkg.emailTemplateId
    ? await db.emailTemplate.findFirst({ where: { id: pkg.emailTemplateId, organizationId }, select: { name: true } })
    : null;
  return {
    format: BLUEPRINT_FORMAT,
    name: pkg.name,
    settings: {
      paperOrder: pkg.paperOrder,
      stipsOrder: pkg.stipsOrder,
      signingOrder: pkg.signingOrder,
      expirationType: (pkg.expirationType as PackageBlueprint["settings"]["expirationType"]) ?? null,
      scheduledExpiryDays: pkg.scheduledExpiryDays,
      scheduledExpiryTime: pkg.scheduledExpiryTime,
      packageCollaboration: pkg.packageCollaboration,
      enablePrintFulfillment: pkg.enablePrintFulfillment,
      printServiceProvider: pkg.printServiceProvider,
      emailSubject: pkg.emailSubject,
      emailIntroText: pkg.emailIntroText,
      emailIsDefault: pkg.emailIsDefault,
      emailDocumentKey: pkg.emailDocumentId ? (documentKeys.get(pkg.emailDocumentId) ?? null) : null,
      emailTemplateName: emailTemplate?.name ?? null,
      reminderOverride:
        pkg.reminderSchedule && !pkg.reminderSchedule.useOrganizationDefaults
          ? (pkg.reminderSchedule.override ?? null)
          : null,
    },
    participants: blueprintParticipants,
    customFields: wholePackage ? fieldValues(pkg.customFields) : [],
    documents: blueprintDocuments,
    dataGroups: wholePackage
      ? pkg.dataGroups.map((group) => ({
          name: group.name,
          description: group.description,
          fields: group.fields
            .filter((field) => kept.has(field.participantId))
            .map((field) => ({
              slot: slot(field.participantId),
              label: field.label,
              type: field.type,
              required: field.required,
              options: field.options,
              customField: fieldKey(field.customFieldId),
            })),
        }))
      : [],
    stips: wholePackage
      ? pkg.stips
          .filter((stip) => kept.has(stip.participantId))
          .map((stip) => ({
            slot: slot(stip.participantId),
            name: stip.name,
            description: stip.description,
            required: stip.required,
          }))
      : [],
  };
}
