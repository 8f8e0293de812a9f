import {
  type CreateTag,
  radioGroupProblem,
  TAG_MESSAGES,
  tagGeometryProblem,
  tagSettingsProblem,
  WITNESS_MESSAGES,
} from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { type ExecutionMatrix, signsElectronically } from "./execution-types.ts";

type Tx = Prisma.TransactionClient;

export interface TagDocument {
  id: string;
  organizationId: string;
  numPages: number;
  pageSizes: Prisma.JsonValue;
}

export type TagInput = Omit<CreateTag, "required" | "options"> & { required: boolean; options: string[] };

const badTag = (path: string, message: string) => new AppError("BAD_REQUEST", message, [{ path, message }]);

function pageSizeOf(document: TagDocument, page: number): { width: number; height: number } | undefined {
  const sizes = Array.isArray(document.pageSizes) ? document.pageSizes : [];
  const size = sizes[page - 1] as { width?: unknown; height?: unknown } | undefined;
  return typeof size?.width === "number" && typeof size.height === "number"
    ? { width: size.width, height: size.height }
    : undefined;
}

/**
 * Every rule one tag must meet on its document (issue 4 §4): an E-Sign document the participant
 * signs electronically, a real page, inside it, at least 9×9, the type's own settings, and for a
 * custom-field tag a custom field of the organization. `path` prefixes the details (tags.3.x).
 */
export async function validateTag(
  tx: Tx,
  matrix: ExecutionMatrix,
  document: TagDocument,
  tag: TagInput,
  path = "",
): Promise<void> {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  const executionType = matrix.documents.find((candidate) => candidate.id === document.id)?.executionType;
  if (executionType !== "E_SIGN") throw badTag(at("documentId"), TAG_MESSAGES.notESignDocument);
  if (!matrix.participantIds.includes(tag.participantId)) {
    throw badTag(at("participantId"), TAG_MESSAGES.participantNotInPackage);
  }
  if (!signsElectronically(matrix, document.id, tag.participantId)) {
    throw badTag(at("participantId"), TAG_MESSAGES.participantNotESign);
  }
  const geometry = tagGeometryProblem(tag, document.numPages, pageSizeOf(document, tag.page));
  if (geometry) throw badTag(at(geometry === TAG_MESSAGES.pageOutOfRange ? "page" : "width"), geometry);
  const settings = tagSettingsProblem(tag);
  if (settings) throw badTag(at(settings.field), settings.message);
  // issue 34 §2b: a witness signs as a witness only, and only a witness signs as one
  if (tag.type === "WITNESS_SIGNATURE" || tag.type === "SIGNATURE" || tag.type === "INITIALS") {
    const participant = await tx.participant.findUnique({
      where: { id: tag.participantId },
      select: { witnessForParticipantId: true },
    });
    const witness = participant?.witnessForParticipantId != null;
    if (tag.type === "WITNESS_SIGNATURE" && !witness) {
      throw badTag(at("participantId"), WITNESS_MESSAGES.witnessTagNotWitness);
    }
    if (tag.type !== "WITNESS_SIGNATURE" && witness) {
      throw badTag(at("type"), WITNESS_MESSAGES.signatureTagWitness);
    }
  }
  if (tag.type === "CUSTOM_FIELD" && tag.customFieldId) {
    const field = await tx.customField.findFirst({
      where: { id: tag.customFieldId, organizationId: document.organizationId, archived: false },
      select: { id: true },
    });
    if (!field) throw notFound(TAG_MESSAGES.customFieldNotFound);
  }
}

/** Radio groups across the whole document after a change (one participant a group, distinct values). */
export function assertRadioGroups(tags: Parameters<typeof radioGroupProblem>[0]): void {
  const problem = radioGroupProblem(tags);
  if (problem) throw badTag("groupName", problem);
}

/** Only what belongs to the tag's type is kept (a text tag has no options, a dropdown no group). */
export function tagData(tag: TagInput) {
  return {
    participantId: tag.participantId,
    type: tag.type,
    page: tag.page,
    x: tag.x,
    y: tag.y,
    width: tag.width,
    height: tag.height,
    required: tag.required,
    label: tag.label ?? null,
    options: tag.type === "DROPDOWN" ? tag.options.map((option) => option.trim()) : [],
    groupName: tag.type === "RADIO" ? (tag.groupName?.trim() ?? null) : null,
    optionValue: tag.type === "RADIO" ? (tag.optionValue?.trim() ?? null) : null,
    customFieldId: tag.type === "CUSTOM_FIELD" ? (tag.customFieldId ?? null) : null,
    defaultValue: tag.defaultValue ?? null,
  };
}
