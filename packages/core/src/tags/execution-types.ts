import { type ExecutionType, type ParticipantRole, participantExecutionType } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";

type Reader = Db | Prisma.TransactionClient;

/**
 * How each participant executes each document of a package: the choice made for that document
 * (document-participants), or else what the participant's role makes of the document's type.
 */
export interface ExecutionMatrix {
  documents: { id: string; executionType: ExecutionType }[];
  participantIds: string[];
  typeOf(documentId: string, participantId: string): ExecutionType | null;
  isOverride(documentId: string, participantId: string): boolean;
}

export async function loadExecutionMatrix(db: Reader, packageId: string): Promise<ExecutionMatrix> {
  // one query after another: inside a transaction they share one connection
  const documents = await db.document.findMany({
    where: { packageId },
    select: { id: true, executionType: true },
    orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
  });
  const participants = await db.participant.findMany({
    where: { packageId },
    select: { id: true, role: true },
    orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
  });
  const overrides = await db.documentParticipant.findMany({ where: { packageId } });
  return executionMatrixOf(documents, participants, overrides);
}

/** The matrix from rows already read (documents and participants in their order, the per-document choices). */
export function executionMatrixOf(
  documents: { id: string; executionType: ExecutionType }[],
  participants: { id: string; role: ParticipantRole }[],
  overrides: { documentId: string; participantId: string; executionType: ExecutionType }[],
): ExecutionMatrix {
  const key = (documentId: string, participantId: string) => `${documentId}:${participantId}`;
  const chosen = new Map(overrides.map((row) => [key(row.documentId, row.participantId), row.executionType]));
  const documentTypes = new Map(documents.map((document) => [document.id, document.executionType]));
  const participantIds = participants.map((participant) => participant.id);
  const roles = new Map(participants.map((participant) => [participant.id, participant.role]));
  return {
    documents,
    participantIds,
    typeOf: (documentId, participantId) => {
      const documentType = documentTypes.get(documentId);
      const role = roles.get(participantId);
      if (!documentType || !role) return null;
      return chosen.get(key(documentId, participantId)) ?? participantExecutionType(role, documentType);
    },
    isOverride: (documentId, participantId) => chosen.has(key(documentId, participantId)),
  };
}

/**
 * Whether the participant places tags on the document: only on an E-Sign document, and only when
 * the participant signs it electronically too.
 */
export function signsElectronically(matrix: ExecutionMatrix, documentId: string, participantId: string): boolean {
  const document = matrix.documents.find((candidate) => candidate.id === documentId);
  return document?.executionType === "E_SIGN" && matrix.typeOf(documentId, participantId) === "E_SIGN";
}
