import { Readable } from "node:stream";
import { SMART_DOC_CONTENT_TYPE } from "@signet/contract";
import type { Document as DocumentRow } from "../db/generated/client.ts";
import type { JobContext } from "../jobs/job-context.ts";
import type { SealCredentials } from "../sealing/index.ts";
import { readStream } from "../signing/read-stream.ts";
import { participantName } from "../signing/signing-room-view.ts";
import { type AreaSignature, sealSmartDoc } from "./sign-smart-doc.ts";
import { normalizeRole } from "./smart-doc-format.ts";

/** Key of a sealed eNote: sealed/{organizationId}/{packageId}/{documentId}.xml */
export const sealedENoteKey = (organizationId: string, packageId: string, documentId: string) =>
  `sealed/${organizationId}/${packageId}/${documentId}.xml`;

/**
 * Issue 15 §5, the seal job's branch for a SMART Doc eNote: each borrower's signature (name, the time
 * they applied it, the SHA-256 of their adopted image, all from the stored tag values) goes into their
 * signature area of the VIEW and SIGNATURES, then the organization's seal key adds the tamper seal
 * (XML digital signature over the VIEW). The bytes produced are stored as they are, with their
 * SHA-256, in a SealedArtifact of content type application/xml; nothing re-serializes them later.
 */
export async function sealENoteDocument(
  context: JobContext,
  pkg: { id: string; organizationId: string },
  document: DocumentRow,
  credentials: SealCredentials,
): Promise<void> {
  const [tags, participants, signatures] = await Promise.all([
    context.db.tag.findMany({ where: { documentId: document.id, type: "SIGNATURE" }, include: { value: true } }),
    context.db.participant.findMany({ where: { packageId: pkg.id } }),
    context.db.participantSignature.findMany({ where: { packageId: pkg.id, kind: "SIGNATURE" } }),
  ]);
  const areaSignatures: AreaSignature[] = [];
  for (const tag of tags) {
    const participant = participants.find((candidate) => candidate.id === tag.participantId);
    const image = signatures.find(
      (signature) => signature.participantId === tag.participantId && signature.sha256 === tag.value?.value,
    );
    if (!participant || !tag.value || !image) continue;
    areaSignatures.push({
      role: normalizeRole(participant.type),
      sequence: participant.roleNumber,
      signerName: participantName(participant),
      signedAt: tag.value.filledAt,
      imageSha256: image.sha256,
    });
  }
  const original = await readStream(await context.storage.get(document.blobKey));
  const sealed = sealSmartDoc(original, areaSignatures, credentials);
  const key = sealedENoteKey(pkg.organizationId, pkg.id, document.id);
  const stored = await context.storage.put(key, Readable.from([Buffer.from(sealed)]));
  await context.db.sealedArtifact.create({
    data: {
      organizationId: pkg.organizationId,
      packageId: pkg.id,
      documentId: document.id,
      kind: "DOCUMENT",
      name: document.name,
      blobKey: key,
      contentType: SMART_DOC_CONTENT_TYPE,
      sha256Before: document.sha256,
      sha256: stored.sha256,
      sizeBytes: stored.size,
      certificateSubject: credentials.subject,
      certificateFingerprint: credentials.fingerprintSha256,
      timestamped: false,
    },
  });
}
