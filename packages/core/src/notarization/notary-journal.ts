import { Readable } from "node:stream";
import { type NotaryJournal, type NotaryJournalEntry, notaryJournalCsv } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { FileToSend } from "../signing/signing-files.ts";
import { notaryAccess } from "./notary-access.ts";

interface JournalQuery {
  organizationId: string;
  notaryProfileId?: string | undefined;
}

/**
 * The journal entries still within their retention: a notary reads their own; an administrator
 * every notary's (or one notary's with notaryProfileId). Entries past retainUntil are no longer
 * part of the journal (they may be purged).
 */
export async function listNotaryJournal(actor: Actor, input: JournalQuery, deps: CoreDeps): Promise<NotaryJournal> {
  const { userId, admin } = await notaryAccess(actor, input.organizationId, deps);
  const rows = await deps.db.notaryJournalEntry.findMany({
    where: {
      organizationId: input.organizationId,
      retainUntil: { gt: new Date() },
      ...(input.notaryProfileId ? { notaryProfileId: input.notaryProfileId } : {}),
      ...(admin ? {} : { notaryProfile: { userId } }),
    },
    include: { notaryProfile: true },
    orderBy: [{ performedAt: "asc" }, { createdAt: "asc" }],
  });
  return {
    records: rows.map(
      (row): NotaryJournalEntry => ({
        id: row.id,
        notaryProfileId: row.notaryProfileId,
        notaryName: row.notaryProfile.notaryName,
        commissionNumber: row.notaryProfile.commissionNumber,
        commissionState: row.notaryProfile.commissionState,
        packageId: row.packageId,
        performedAt: row.performedAt.toISOString(),
        actType: row.actType,
        documentName: row.documentName,
        documentSha256: row.documentSha256,
        signerName: row.signerName,
        signerAddress: row.signerAddress,
        identityProof: row.identityProof as NotaryJournalEntry["identityProof"],
        feeCents: row.feeCents,
        recording: { sessionId: row.avSessionId, sha256: row.recordingSha256 },
        retainUntil: row.retainUntil.toISOString(),
      }),
    ),
  };
}

/** The same entries as a CSV file. */
export async function exportNotaryJournal(actor: Actor, input: JournalQuery, deps: CoreDeps): Promise<FileToSend> {
  const journal = await listNotaryJournal(actor, input, deps);
  const csv = notaryJournalCsv(journal.records);
  return {
    stream: Readable.from([Buffer.from(csv, "utf8")]),
    fileName: `notary-journal-${new Date().toISOString().slice(0, 10)}.csv`,
    contentType: "text/csv; charset=utf-8",
  };
}
