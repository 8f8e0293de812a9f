import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError } from "../errors/app-error.ts";
import { readStream } from "../signing/read-stream.ts";
import type { BlobStorage } from "../storage/blob-storage.ts";
import { validateSmartDoc } from "./validate-smart-doc.ts";

/** The package's eNote as read from storage before the send's transaction (null: the package has none). */
export type ENoteAtSend = { documentId: string; blobKey: string; bytes: Buffer } | null;

/** The eNote's bytes, read before the send's transaction (storage I/O never runs inside one). */
export async function readENoteForSend(
  db: Db,
  storage: BlobStorage,
  where: { organizationId: string; packageId: string },
): Promise<ENoteAtSend> {
  const eNote = await db.document.findFirst({
    where: { packageId: where.packageId, package: { organizationId: where.organizationId }, format: "SMART_DOC" },
    select: { id: true, blobKey: true },
  });
  if (!eNote) return null;
  return { documentId: eNote.id, blobKey: eNote.blobKey, bytes: await readStream(await storage.get(eNote.blobKey)) };
}

/**
 * The package's eNote checked again at send against the signers it has now: a borrower renamed,
 * added or removed after the upload would otherwise sign (or skip) a note that names someone else.
 * Each failure comes back as a send problem under `documents.<id>`. The bytes were read before the
 * transaction: an eNote added or replaced since is a 409, the send tried again reads it anew.
 */
export async function eNoteSendProblems(
  tx: Prisma.TransactionClient,
  read: ENoteAtSend,
  packageId: string,
): Promise<{ path: string; message: string }[]> {
  const eNote = await tx.document.findFirst({ where: { packageId, format: "SMART_DOC" } });
  if (!eNote) return [];
  if (read?.documentId !== eNote.id || read.blobKey !== eNote.blobKey) {
    throw new AppError(
      "CONFLICT",
      "The package's eNote changed while it was being sent. Nothing was sent: send it again.",
    );
  }
  const signers = await tx.participant.findMany({ where: { packageId, role: "SIGNER" } });
  return validateSmartDoc(read.bytes, { signers }).map((problem) => ({
    path: `documents.${eNote.id}`,
    message: `${eNote.name}: ${problem.message}`,
  }));
}
