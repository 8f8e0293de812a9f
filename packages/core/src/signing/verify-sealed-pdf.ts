import { createHash } from "node:crypto";
import type { SealVerification } from "@signet/contract";
import type { Db } from "../db/prisma-client.ts";
import { inspectSeal, type SealInspection } from "../sealing/index.ts";
import { copyStatement } from "../watermarks/seal-document-copy.ts";

const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const intact = (inspection: SealInspection) =>
  inspection.signed && inspection.coversWholeFile && inspection.digestMatches && inspection.signatureValid;

/**
 * The public verification page (issue 5 §5): a dropped PDF is an unmodified sealed Signet document
 * when its SHA-256 is one Signet recorded when sealing and its PDF signature still verifies. A
 * watermarked copy of such a document (issue 32 §1) verifies when its hash is one Signet recorded
 * when it issued the copy, its own seal covers the whole file, and the sealed original is still its
 * first part with that seal intact. Anyone holding the file may learn which package it belongs to
 * and when it was sealed; nothing else.
 */
export async function verifySealedPdf(db: Db, bytes: Uint8Array): Promise<SealVerification> {
  const sha256 = sha256Of(bytes);
  const [inspection, artifact, copy] = await Promise.all([
    inspectSeal(bytes),
    artifactBySha(db, sha256),
    db.documentCopy.findUnique({ where: { sha256Copy: sha256 } }),
  ]);
  const signatureValid = intact(inspection);
  if (!artifact && copy) {
    const original = await artifactBySha(db, copy.sha256Original);
    const originalIntact = original !== null && (await originalInside(bytes, copy.sha256Original));
    const verified = signatureValid && originalIntact;
    return {
      ...describe(verified ? original : null, sha256, inspection, signatureValid),
      verified,
      copy: {
        documentName: copy.documentName,
        markedAt: copy.markedAt.toISOString(),
        originalIntact,
        custodian: copy.custodianName
          ? {
              name: copy.custodianName,
              transactionId: copy.vaultTransactionId,
              transferredAt: copy.transferredAt?.toISOString() ?? null,
            }
          : null,
        statement: copyStatement(
          copy.documentName,
          copy.markedAt,
          copy.custodianName
            ? { name: copy.custodianName, transactionId: copy.vaultTransactionId, transferredAt: copy.transferredAt }
            : null,
        ),
      },
    };
  }
  const verified = artifact !== null && signatureValid;
  return { ...describe(verified ? artifact : null, sha256, inspection, signatureValid), verified, copy: null };
}

type Artifact = Awaited<ReturnType<typeof artifactBySha>>;

function artifactBySha(db: Db, sha256: string) {
  return db.sealedArtifact.findFirst({
    where: { sha256 },
    include: { package: { select: { name: true, shortId: true, organization: { select: { name: true } } } } },
  });
}

function describe(artifact: Artifact, sha256: string, inspection: SealInspection, signatureValid: boolean) {
  return {
    sha256,
    signed: inspection.signed,
    signatureValid,
    kind: artifact?.kind ?? null,
    documentName: artifact?.name ?? null,
    packageName: artifact?.package.name ?? null,
    packageShortId: artifact?.package.shortId ?? null,
    organizationName: artifact?.package.organization.name ?? null,
    sealedAt: artifact?.sealedAt.toISOString() ?? null,
    certificateSubject: artifact ? artifact.certificateSubject : inspection.signerSubject,
    timestamped: inspection.timestamped,
    padesLevel: padesLevel(inspection),
    lastTimestamp: lastTimestamp(inspection),
  };
}

/** The level the file shows: what it carries, not what Signet recorded (a copy or another tool's file too). */
function padesLevel(inspection: SealInspection): SealVerification["padesLevel"] {
  if (!inspection.signed) return null;
  if (inspection.longTermData && inspection.documentTimestamps.length > 0) return "B-LTA";
  if (inspection.longTermData) return "B-LT";
  return inspection.timestamped || inspection.documentTimestamps.length > 0 ? "B-T" : "B-B";
}

function lastTimestamp(inspection: SealInspection): SealVerification["lastTimestamp"] {
  const last = inspection.documentTimestamps.at(-1);
  return last ? { time: last.time.toISOString(), tsa: last.tsa } : null;
}

/**
 * Whether the copy begins with the sealed original, byte for byte, and the original's seal still
 * verifies there. The original ends at one of the copy's end-of-file markers (an incremental update
 * follows it), so each candidate prefix is hashed until one is the original.
 */
async function originalInside(copy: Uint8Array, sha256Original: string): Promise<boolean> {
  const file = Buffer.from(copy.buffer, copy.byteOffset, copy.byteLength);
  const marker = Buffer.from("%%EOF", "latin1");
  for (let at = file.indexOf(marker); at !== -1; at = file.indexOf(marker, at + 1)) {
    const end = at + marker.length;
    for (const eol of [[], [0x0a], [0x0d], [0x0d, 0x0a]]) {
      const candidateEnd = end + eol.length;
      if (candidateEnd > file.length) continue;
      if (eol.some((byte, index) => file[end + index] !== byte)) continue;
      const prefix = file.subarray(0, candidateEnd);
      if (sha256Of(prefix) === sha256Original) return intact(await inspectSeal(prefix));
    }
  }
  return false;
}
