import type { SigningDocument } from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import type { Document as DocumentRow } from "../db/generated/client.ts";
import { readStream } from "../signing/read-stream.ts";
import { normalizeRole } from "./smart-doc-format.ts";
import { eNoteView } from "./smart-doc-view.ts";

/**
 * Issue 15 §5: the signing room's documents, each with its eNote view when it is a SMART Doc (the
 * sealed eNote once the package is sealed, else the eNote as uploaded). A signature area names its
 * signer's SIGNATURE tag on the eNote, so the room puts the sign control (or the finished signature) there.
 */
export async function withENoteViews(
  deps: Pick<CoreDeps, "db" | "storage">,
  documents: DocumentRow[],
  participants: { id: string; type: string; roleNumber: number }[],
  artifacts: { documentId: string | null; blobKey: string; contentType: string }[],
): Promise<{ document: DocumentRow; eNote: SigningDocument["eNote"] }[]> {
  return Promise.all(
    documents.map(async (document) => {
      if (document.format !== "SMART_DOC") return { document, eNote: null };
      const sealed = artifacts.find(
        (artifact) => artifact.documentId === document.id && artifact.contentType === document.contentType,
      );
      const [bytes, tags] = await Promise.all([
        deps.storage.get(sealed?.blobKey ?? document.blobKey).then(readStream),
        deps.db.tag.findMany({ where: { documentId: document.id, type: "SIGNATURE" } }),
      ]);
      const view = eNoteView(bytes, (area) => {
        const participant = participants.find(
          (candidate) => normalizeRole(candidate.type) === area.role && candidate.roleNumber === area.sequence,
        );
        return tags.find((tag) => participant && tag.participantId === participant.id)?.id ?? null;
      });
      return { document, eNote: { min: document.eNoteMin ?? view.min, html: view.html, areas: view.areas } };
    }),
  );
}
