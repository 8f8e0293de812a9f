import { participantDisplayName, TAG_MESSAGES } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import { loadExecutionMatrix, signsElectronically } from "./execution-types.ts";

/**
 * Issue 4 §6: every signer has at least one signature tag on an E-Sign document. A signer is a
 * participant who signs at least one E-Sign document electronically; a participant who only views
 * or signs on paper needs none.
 */
export async function signatureTagProblems(
  tx: Prisma.TransactionClient,
  packageId: string,
): Promise<{ path: string; message: string }[]> {
  const [matrix, participants, signatureTags] = await Promise.all([
    loadExecutionMatrix(tx, packageId),
    tx.participant.findMany({
      where: { packageId },
      select: { id: true, type: true, roleNumber: true },
      orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
    }),
    // a witness's signature is their witness tag (issue 34 §2b)
    tx.tag.findMany({
      where: { packageId, type: { in: ["SIGNATURE", "WITNESS_SIGNATURE"] } },
      select: { documentId: true, participantId: true },
    }),
  ]);
  return participants
    .filter((participant) =>
      matrix.documents.some((document) => signsElectronically(matrix, document.id, participant.id)),
    )
    .filter(
      (participant) =>
        !signatureTags.some(
          (tag) => tag.participantId === participant.id && signsElectronically(matrix, tag.documentId, participant.id),
        ),
    )
    .map((participant) => ({
      path: `participants.${participant.id}`,
      message: `${participantDisplayName(participant)} ${TAG_MESSAGES.signatureTagMissing}`,
    }));
}
