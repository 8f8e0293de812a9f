import { createHash } from "node:crypto";
import type { SealVerification } from "@signet/contract";
import type { Db } from "../db/prisma-client.ts";
import { inspectSeal } from "../sealing/index.ts";

/**
 * The public verification page (issue 5 §5): a dropped PDF is an unmodified sealed Signet document
 * when its SHA-256 is one Signet recorded when sealing and its PDF signature still verifies. Anyone
 * holding the file may learn which package it belongs to and when it was sealed; nothing else.
 */
export async function verifySealedPdf(db: Db, bytes: Uint8Array): Promise<SealVerification> {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const [inspection, artifact] = await Promise.all([
    inspectSeal(bytes),
    db.sealedArtifact.findFirst({
      where: { sha256 },
      include: { package: { select: { name: true, shortId: true, organization: { select: { name: true } } } } },
    }),
  ]);
  const signatureValid =
    inspection.signed && inspection.coversWholeFile && inspection.digestMatches && inspection.signatureValid;
  const verified = artifact !== null && signatureValid;
  return {
    verified,
    sha256,
    signed: inspection.signed,
    signatureValid,
    kind: verified ? artifact.kind : null,
    documentName: verified ? artifact.name : null,
    packageName: verified ? artifact.package.name : null,
    packageShortId: verified ? artifact.package.shortId : null,
    organizationName: verified ? artifact.package.organization.name : null,
    sealedAt: verified ? artifact.sealedAt.toISOString() : null,
    certificateSubject: verified ? artifact.certificateSubject : inspection.signerSubject,
    timestamped: inspection.timestamped,
  };
}
