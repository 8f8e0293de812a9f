import type { ExecutionType, ParticipantRole, SigningParticipant } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { participantOrder } from "../participants/participant-views.ts";
import { type ExecutionMatrix, loadExecutionMatrix } from "../tags/execution-types.ts";

type Reader = Db | Prisma.TransactionClient;

export interface SigningProgress {
  participants: (SigningParticipant & { accessMethod: "EMAIL" | "SMS" | "API" })[];
  /** every (document, participant) execution type, so a caller need not load the matrix again */
  executionTypeOf(documentId: string, participantId: string): ExecutionType | null;
  documents: { id: string; executionType: ExecutionType }[];
  hasPaperDocuments: boolean;
}

/** The package's participants as the signing rules see them: order, status and execution types. */
export async function loadSigningProgress(db: Reader, packageId: string): Promise<SigningProgress> {
  // one query after another: inside a transaction they share one connection
  const rows = await db.participant.findMany({
    where: { packageId },
    orderBy: participantOrder,
    select: {
      id: true,
      orderSequence: true,
      signingStatus: true,
      accessMethod: true,
      role: true,
      witnessForParticipantId: true,
    },
  });
  const matrix = await loadExecutionMatrix(db, packageId);
  return signingProgressOf(rows, matrix);
}

/** The progress from rows already read: the participants in participantOrder and the package's matrix. */
export function signingProgressOf(
  rows: {
    id: string;
    orderSequence: number;
    signingStatus: SigningParticipant["status"];
    accessMethod: "EMAIL" | "SMS" | "API";
    role: ParticipantRole;
    witnessForParticipantId?: string | null;
  }[],
  matrix: ExecutionMatrix,
): SigningProgress {
  const participants = rows.map((row) => ({
    id: row.id,
    orderSequence: row.orderSequence,
    status: row.signingStatus,
    accessMethod: row.accessMethod,
    copyOnly: row.role === "COPY",
    witnessFor: row.witnessForParticipantId ?? null,
    // a copy recipient is not waited for: the sealed copies reach them when the package completes
    executionTypes: matrix.documents
      .filter(() => row.role !== "COPY")
      .map((document) => matrix.typeOf(document.id, row.id))
      .filter((type): type is ExecutionType => type !== null),
  }));
  return {
    participants,
    executionTypeOf: matrix.typeOf,
    documents: matrix.documents,
    hasPaperDocuments: participants.some((participant) => participant.executionTypes.includes("PAPER")),
  };
}
