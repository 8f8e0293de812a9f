import type { Prisma } from "../db/generated/client.ts";
import { readStream } from "../signing/read-stream.ts";
import type { BlobStorage } from "../storage/blob-storage.ts";
import { validateSmartDoc } from "./validate-smart-doc.ts";

/**
 * The package's eNote checked again at send against the signers it has now: a borrower renamed,
 * added or removed after the upload would otherwise sign (or skip) a note that names someone else.
 * Each failure comes back as a send problem under `documents.<id>`.
 */
export async function eNoteSendProblems(
  tx: Prisma.TransactionClient,
  storage: BlobStorage,
  packageId: string,
): Promise<{ path: string; message: string }[]> {
  const eNote = await tx.document.findFirst({ where: { packageId, format: "SMART_DOC" } });
  if (!eNote) return [];
  const signers = await tx.participant.findMany({ where: { packageId, role: "SIGNER" } });
  const bytes = await readStream(await storage.get(eNote.blobKey));
  return validateSmartDoc(bytes, { signers }).map((problem) => ({
    path: `documents.${eNote.id}`,
    message: `${eNote.name}: ${problem.message}`,
  }));
}
