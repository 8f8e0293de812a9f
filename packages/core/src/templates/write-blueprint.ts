import {
  type BlueprintDocument,
  type BlueprintFile,
  blueprintProblems,
  type PackageBlueprint,
  type Slot,
  SMART_DOC_CONTENT_TYPE,
  slotKey,
  witnessProblem,
} from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import type { FieldCipher } from "../crypto/field-cipher.ts";
import type { Prisma } from "../db/generated/client.ts";
import { type AdmittedDocument, admitDocuments } from "../documents/admit-document.ts";
import { documentBlobKey } from "../documents/upload-document.ts";
import { AppError } from "../errors/app-error.ts";
import { BlobNotFoundError } from "../storage/blob-storage.ts";

type Tx = Prisma.TransactionClient;

/** Where a blueprint's files are read from: the installation's storage, or an archive being imported. */
export type OpenBlueprintFile = (file: BlueprintFile) => Promise<NodeJS.ReadableStream | AsyncIterable<Uint8Array>>;

export const openFromStorage =
  (deps: Pick<CoreDeps, "storage">): OpenBlueprintFile =>
  (file) =>
    openStoredFile(deps, file.ref, file.originalFileName);

/** A stored file a template names; one gone from the storage is a clear 409, not a server error. */
export async function openStoredFile(deps: Pick<CoreDeps, "storage">, key: string, name: string) {
  try {
    return await deps.storage.get(key);
  } catch (error) {
    if (error instanceof BlobNotFoundError)
      throw new AppError(
        "CONFLICT",
        `The file ${name} is missing from the document storage: ask an operator to run pnpm backup check.`,
      );
    throw error;
  }
}

export interface CopiedFile {
  blobKey: string;
  sha256: string;
  sizeBytes: number;
}

/**
 * Copies each document's file under the target package before the database transaction (blob
 * storage is not transactional): a file whose bytes no longer hash as recorded is refused. On a
 * later failure the caller removes the copies with discardCopies.
 */
export async function copyBlueprintFiles(
  deps: Pick<CoreDeps, "storage">,
  organizationId: string,
  packageId: string,
  documents: readonly BlueprintDocument[],
  open: OpenBlueprintFile,
): Promise<Map<string, CopiedFile>> {
  const copies = new Map<string, CopiedFile>();
  try {
    for (const document of documents) {
      const blobKey = documentBlobKey(organizationId, packageId);
      const stored = await deps.storage.put(blobKey, await open(document.file));
      copies.set(document.key, { blobKey, sha256: stored.sha256, sizeBytes: stored.size });
      if (stored.sha256 !== document.file.sha256)
        throw new AppError("BAD_REQUEST", `The file of ${document.name} does not match its recorded SHA-256.`);
    }
  } catch (error) {
    await discardCopies(deps, copies);
    throw error;
  }
  return copies;
}

export async function discardCopies(deps: Pick<CoreDeps, "storage">, copies: Map<string, CopiedFile>) {
  for (const copy of copies.values()) await deps.storage.delete(copy.blobKey).catch(() => false);
}

export interface WriteBlueprintTarget {
  organizationId: string;
  packageId: string;
  /** the people for slots (names and contacts), by slotKey; they win over the blueprint's */
  people?: ReadonlyMap<string, PersonForSlot>;
  /** also write the package-level parts: settings, package custom fields, questions, uploads */
  wholePackage: boolean;
}

export interface PersonForSlot {
  givenName: string | null;
  middleName: string | null;
  familyName: string | null;
  email: string | null;
  phoneNumber: string | null;
  accessMethod?: "EMAIL" | "SMS" | "API";
}

interface Lookups {
  fieldByKey: Map<string, { id: string; encrypted: boolean; archived: boolean }>;
}

async function lookups(tx: Tx, organizationId: string): Promise<Lookups> {
  const fields = await tx.customField.findMany({
    where: { organizationId },
    select: { id: true, customFieldId: true, encrypted: true, archived: true },
  });
  return { fieldByKey: new Map(fields.map((field) => [field.customFieldId, field])) };
}

function fieldId(found: Lookups, key: string | null, where: string): string | null {
  if (key === null) return null;
  const field = found.fieldByKey.get(key);
  if (!field)
    throw new AppError("BAD_REQUEST", `${where} uses the custom field ${key}, which this organization does not have.`);
  return field.id;
}

function storedValue(found: Lookups, cipher: FieldCipher, key: string, value: string | null) {
  const field = found.fieldByKey.get(key);
  if (!field) throw new AppError("BAD_REQUEST", `The custom field ${key} does not exist in this organization.`);
  if (value === null) return { customFieldId: field.id, value: null, valueCiphertext: null };
  return field.encrypted
    ? { customFieldId: field.id, value: null, valueCiphertext: cipher.encrypt(value) }
    : { customFieldId: field.id, value, valueCiphertext: null };
}

/**
 * Issue 34 §2b: links each new witness to the signer their slot witnesses, once every participant
 * exists. The people put into the slots (bulk send, a package from a template) are checked by the
 * same rules as a witness chosen by hand: sharing the signer's email, for one, is refused (400).
 */
async function linkWitnesses(
  tx: Tx,
  packageId: string,
  links: readonly { witnessId: string; signer: Slot }[],
  participantId: (slot: Slot) => string,
) {
  if (links.length === 0) return;
  const rows = await tx.participant.findMany({
    where: { packageId },
    select: { id: true, role: true, email: true, witnessForParticipantId: true },
  });
  for (const link of links) {
    const signerId = participantId(link.signer);
    const row = rows.find((candidate) => candidate.id === link.witnessId)!;
    row.witnessForParticipantId = signerId;
    const problem = witnessProblem(
      row,
      rows.filter((other) => other.id !== row.id),
    );
    if (problem) throw new AppError("BAD_REQUEST", problem);
    await tx.participant.update({ where: { id: row.id }, data: { witnessForParticipantId: signerId } });
  }
}

/**
 * Writes a blueprint into a package inside the caller's transaction: participants for its slots
 * (a slot the package already has is reused, so a document template lands on the package's own
 * BORROWER 1), then documents with their execution choices, tags, rules and custom fields, and,
 * for a whole package, its settings, package custom fields, questions and uploads.
 * Returns the created documents' ids by blueprint key.
 */
export async function writeBlueprint(
  tx: Tx,
  deps: Pick<CoreDeps, "fieldCipher" | "config">,
  blueprint: PackageBlueprint,
  files: ReadonlyMap<string, CopiedFile>,
  target: WriteBlueprintTarget,
): Promise<Map<string, string>> {
  const problems = blueprintProblems(blueprint);
  if (problems.length > 0) throw new AppError("BAD_REQUEST", problems[0]);
  const { organizationId, packageId } = target;
  const cipher = deps.fieldCipher;
  const found = await lookups(tx, organizationId);

  const existing = await tx.participant.findMany({
    where: { packageId },
    select: { id: true, type: true, roleNumber: true, orderSequence: true },
  });
  const participantBySlot = new Map(existing.map((row) => [slotKey(row), row.id]));
  const witnessLinks: { witnessId: string; signer: Slot }[] = [];
  let nextOrder = existing.reduce((max, row) => Math.max(max, row.orderSequence), 0);
  for (const participant of [...blueprint.participants].sort((a, b) => a.orderSequence - b.orderSequence)) {
    const key = slotKey(participant);
    if (participantBySlot.has(key)) continue;
    const person = target.people?.get(key);
    const created = await tx.participant.create({
      data: {
        packageId,
        organizationId,
        type: participant.type,
        roleNumber: participant.roleNumber,
        givenName: person ? person.givenName : participant.givenName,
        middleName: person ? person.middleName : participant.middleName,
        familyName: person ? person.familyName : participant.familyName,
        email: person ? person.email : participant.email,
        phoneNumber: person ? person.phoneNumber : participant.phoneNumber,
        accessMethod: person?.accessMethod ?? participant.accessMethod,
        role: participant.role,
        orderSequence: ++nextOrder,
        avHost: participant.avHost,
        language: participant.language,
        idVerification:
          participant.idVerification === "SMS_CODE" && (person ? person.phoneNumber : participant.phoneNumber)
            ? "SMS_CODE"
            : "NONE",
      },
      select: { id: true },
    });
    participantBySlot.set(key, created.id);
    if (participant.witnessFor) witnessLinks.push({ witnessId: created.id, signer: participant.witnessFor });
  }
  const participantId = (slot: Slot) => participantBySlot.get(slotKey(slot)) as string;
  await linkWitnesses(tx, packageId, witnessLinks, participantId);

  const documents = [...blueprint.documents]
    .sort((a, b) => a.orderSequence - b.orderSequence)
    .map((document) => {
      const copy = files.get(document.key);
      if (!copy) throw new Error(`no copied file for ${document.key}`);
      return { document, copy };
    });
  // the rules an upload passes; a name the package has is numbered, so a template can be added twice
  const admitted = await admitDocuments(
    tx,
    deps,
    target,
    documents.map(({ document, copy }) => ({
      name: document.name,
      receivedBytes: copy.sizeBytes,
      format: document.file.contentType === SMART_DOC_CONTENT_TYPE ? "SMART_DOC" : "PDF",
    })),
    "number",
  );
  const documentIds = new Map<string, string>();
  for (const [index, { document, copy }] of documents.entries()) {
    const { name, nameKey, orderSequence } = admitted[index] as AdmittedDocument;
    const created = await tx.document.create({
      data: {
        packageId,
        organizationId,
        name,
        nameKey,
        executionType: document.executionType,
        orderSequence,
        blobKey: copy.blobKey,
        contentType: document.file.contentType,
        sizeBytes: copy.sizeBytes,
        sha256: copy.sha256,
        numPages: document.file.numPages,
        pageSizes: document.file.pageSizes,
        originalFileName: document.file.originalFileName,
        sourceTemplateId: document.sourceTemplate?.id ?? null,
        sourceTemplateVersion: document.sourceTemplate?.version ?? null,
      },
      select: { id: true },
    });
    documentIds.set(document.key, created.id);
    if (document.participantExecution.length > 0) {
      await tx.documentParticipant.createMany({
        data: document.participantExecution.map((choice) => ({
          documentId: created.id,
          participantId: participantId(choice),
          packageId,
          organizationId,
          executionType: choice.executionType,
        })),
      });
    }
    for (const value of document.customFields) {
      await tx.documentCustomField.create({
        data: {
          packageId,
          documentId: created.id,
          organizationId,
          ...storedValue(found, cipher, value.customField, value.value),
        },
      });
    }
    const tagIds = new Map<string, string>();
    for (const tag of document.tags) {
      const row = await tx.tag.create({
        data: {
          packageId,
          organizationId,
          documentId: created.id,
          participantId: participantId(tag.slot),
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
          customFieldId: fieldId(found, tag.customField, `A tag of ${document.name}`),
          defaultValue: tag.defaultValue,
        },
        select: { id: true },
      });
      tagIds.set(tag.key, row.id);
    }
    if (document.rules.length > 0) {
      await tx.conditionalRule.createMany({
        data: document.rules.map((rule) => ({
          packageId,
          organizationId,
          sourceTagId: tagIds.get(rule.sourceKey) as string,
          targetTagId: tagIds.get(rule.targetKey) as string,
          condition: rule.condition,
          value: rule.value,
          action: rule.action,
        })),
      });
    }
  }
  if (!target.wholePackage) return documentIds;

  for (const value of blueprint.customFields) {
    const stored = storedValue(found, cipher, value.customField, value.value);
    await tx.packageCustomField.upsert({
      where: { packageId_customFieldId: { packageId, customFieldId: stored.customFieldId } },
      create: { packageId, organizationId, ...stored },
      update: { value: stored.value, valueCiphertext: stored.valueCiphertext, version: { increment: 1 } },
    });
  }
  let groupOrder = await tx.dataCollectionGroup.count({ where: { packageId } });
  for (const group of blueprint.dataGroups) {
    const created = await tx.dataCollectionGroup.create({
      data: {
        packageId,
        organizationId,
        name: group.name,
        description: group.description,
        orderSequence: ++groupOrder,
      },
      select: { id: true },
    });
    let fieldOrder = 0;
    for (const field of group.fields) {
      await tx.dataCollectionField.create({
        data: {
          groupId: created.id,
          packageId,
          organizationId,
          participantId: participantId(field.slot),
          label: field.label,
          type: field.type,
          required: field.required,
          options: field.options,
          customFieldId: fieldId(found, field.customField, `The question ${field.label}`),
          orderSequence: ++fieldOrder,
        },
      });
    }
  }
  let stipOrder = await tx.stip.count({ where: { packageId } });
  for (const stip of blueprint.stips) {
    await tx.stip.create({
      data: {
        packageId,
        organizationId,
        participantId: participantId(stip.slot),
        name: stip.name,
        description: stip.description,
        required: stip.required,
        orderSequence: ++stipOrder,
      },
    });
  }
  const settings = blueprint.settings;
  const emailTemplate = settings.emailTemplateName
    ? await tx.emailTemplate.findFirst({
        where: {
          organizationId,
          kind: "invitation",
          name: { equals: settings.emailTemplateName, mode: "insensitive" },
        },
        select: { id: true },
      })
    : null;
  await tx.package.update({
    where: { id: packageId },
    data: {
      paperOrder: settings.paperOrder,
      stipsOrder: settings.stipsOrder,
      signingOrder: settings.signingOrder,
      expirationType: settings.expirationType === "FIXED" ? null : settings.expirationType,
      scheduledExpiryDays: settings.scheduledExpiryDays,
      scheduledExpiryTime: settings.scheduledExpiryTime,
      packageCollaboration: settings.packageCollaboration,
      enablePrintFulfillment: settings.enablePrintFulfillment,
      printServiceProvider: settings.printServiceProvider,
      emailSubject: settings.emailSubject,
      emailIntroText: settings.emailIntroText,
      emailIsDefault: settings.emailIsDefault,
      emailDocumentId: settings.emailDocumentKey ? (documentIds.get(settings.emailDocumentKey) ?? null) : null,
      emailTemplateId: emailTemplate?.id ?? null,
    },
  });
  if (settings.reminderOverride !== null && settings.reminderOverride !== undefined) {
    await tx.packageReminderSchedule.upsert({
      where: { packageId },
      create: {
        packageId,
        organizationId,
        useOrganizationDefaults: false,
        override: settings.reminderOverride as Prisma.InputJsonValue,
      },
      update: { useOrganizationDefaults: false, override: settings.reminderOverride as Prisma.InputJsonValue },
    });
  }
  return documentIds;
}
