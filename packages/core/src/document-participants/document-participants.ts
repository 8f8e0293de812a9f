import {
  changingExecutionTypeClearsTags,
  type DocumentParticipant,
  type DocumentParticipantList,
  PARTICIPANT_API_MESSAGES,
  type SetDocumentParticipant,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { documentNotFound } from "../documents/document-views.ts";
import { notFound } from "../errors/app-error.ts";
import { type PackageRef, readablePackage, writePackageChild } from "../packages/package-child.ts";
import { type ExecutionMatrix, loadExecutionMatrix } from "../tags/execution-types.ts";
import { tagRemovalNeedsConfirmation } from "../tags/tag-removal.ts";

type Tx = Prisma.TransactionClient;

async function tagCounts(db: Tx | CoreDeps["db"], packageId: string) {
  const grouped = await db.tag.groupBy({
    by: ["documentId", "participantId"],
    where: { packageId },
    _count: { _all: true },
  });
  return new Map(grouped.map((row) => [`${row.documentId}:${row.participantId}`, row._count._all]));
}

function entries(matrix: ExecutionMatrix, counts: Map<string, number>): DocumentParticipant[] {
  return matrix.documents.flatMap((document) =>
    matrix.participantIds.map((participantId) => ({
      documentId: document.id,
      participantId,
      executionType: matrix.typeOf(document.id, participantId) ?? document.executionType,
      inherited: !matrix.isOverride(document.id, participantId),
      tagCount: counts.get(`${document.id}:${participantId}`) ?? 0,
    })),
  );
}

/** Every (document, participant) pair of the package, documents and participants in their order. */
export async function listDocumentParticipants(
  actor: Actor,
  input: PackageRef,
  deps: CoreDeps,
): Promise<DocumentParticipantList> {
  await readablePackage(actor, input, deps);
  const [matrix, counts] = await Promise.all([
    loadExecutionMatrix(deps.db, input.packageId),
    tagCounts(deps.db, input.packageId),
  ]);
  const records = entries(matrix, counts);
  return { records, count: records.length };
}

/**
 * Sets how one participant executes one document (null: follow the document again). Leaving E-Sign
 * deletes the participant's tags on that document, after confirmation (spec §4).
 */
export async function setDocumentParticipant(
  actor: Actor,
  input: PackageRef & SetDocumentParticipant,
  deps: CoreDeps,
): Promise<DocumentParticipant> {
  const { organizationId, packageId, documentId, participantId, executionType, confirmTagRemoval } = input;
  return writePackageChild(actor, input, deps, "document-participant.set", async (tx) => {
    const matrix = await loadExecutionMatrix(tx, packageId);
    const document = matrix.documents.find((candidate) => candidate.id === documentId);
    if (!document) throw documentNotFound();
    if (!matrix.participantIds.includes(participantId)) throw notFound(PARTICIPANT_API_MESSAGES.participantNotFound);
    const from = matrix.typeOf(documentId, participantId) ?? document.executionType;
    const to = executionType ?? document.executionType;
    let deletedTags = 0;
    if (changingExecutionTypeClearsTags(from, to)) {
      const tags = await tx.tag.count({ where: { documentId, participantId } });
      if (tags > 0 && !confirmTagRemoval) throw tagRemovalNeedsConfirmation(tags);
      deletedTags = (await tx.tag.deleteMany({ where: { documentId, participantId } })).count;
    }
    if (executionType === null) {
      await tx.documentParticipant.deleteMany({ where: { documentId, participantId } });
    } else {
      await tx.documentParticipant.upsert({
        where: { documentId_participantId: { documentId, participantId } },
        create: { documentId, participantId, packageId, organizationId, executionType },
        update: { executionType },
      });
    }
    const after = await tx.tag.count({ where: { documentId, participantId } });
    return {
      result: { documentId, participantId, executionType: to, inherited: executionType === null, tagCount: after },
      data: { documentId, participantId, from, to, inherited: executionType === null, deletedTags },
    };
  });
}
