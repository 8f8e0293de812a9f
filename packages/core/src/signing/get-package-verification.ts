import { createHash } from "node:crypto";
import { type PackageVerification, SIGNING_ADMIN_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { verifyAuditChain } from "../audit/verify-audit-chain.ts";
import type { CoreDeps } from "../core-deps.ts";
import { inspectSeal } from "../sealing/index.ts";
import { readStream } from "./read-stream.ts";
import { blobSha256, toArtifact, visiblePackage } from "./signing-admin-rules.ts";

/**
 * Issue 5 §5, issue 10 §5: re-checks the audit chain, every stored original (against its hash at
 * upload and its hash at send) and every sealed file (hash and signature).
 */
export async function getPackageVerification(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<PackageVerification> {
  const pkg = await visiblePackage(actor, input, deps);
  const [chain, documents, artifacts] = await Promise.all([
    verifyAuditChain(deps.db, "package", input.packageId),
    deps.db.document.findMany({ where: { packageId: input.packageId }, orderBy: { orderSequence: "asc" } }),
    deps.db.sealedArtifact.findMany({
      where: { packageId: input.packageId },
      orderBy: [{ kind: "asc" }, { sealedAt: "asc" }],
    }),
  ]);
  const documentChecks = await Promise.all(
    documents.map(async (document) => {
      const stored = await blobSha256(deps, document.blobKey);
      const originalIntact = stored === document.sha256;
      // what was sent is what the participants signed: the original must still be those bytes
      const unchangedSinceSend = document.sha256AtSend === null ? null : stored === document.sha256AtSend;
      const problems =
        stored === null
          ? [SIGNING_ADMIN_MESSAGES.originalUnreadable]
          : [
              ...(unchangedSinceSend === false ? [SIGNING_ADMIN_MESSAGES.originalChangedSinceSend] : []),
              ...(originalIntact ? [] : [SIGNING_ADMIN_MESSAGES.originalChangedSinceUpload]),
            ];
      return {
        id: document.id,
        name: document.name,
        sha256: document.sha256,
        originalIntact,
        sha256AtSend: document.sha256AtSend,
        unchangedSinceSend,
        problems,
      };
    }),
  );
  const artifactChecks = await Promise.all(
    artifacts.map(async (artifact) => {
      let bytes: Buffer | null = null;
      try {
        bytes = await readStream(await deps.storage.get(artifact.blobKey));
      } catch {
        bytes = null;
      }
      const seal = bytes ? await inspectSeal(bytes) : null;
      return {
        ...toArtifact(artifact),
        intact: bytes !== null && createHash("sha256").update(bytes).digest("hex") === artifact.sha256,
        signatureValid: Boolean(seal?.signed && seal.coversWholeFile && seal.digestMatches && seal.signatureValid),
      };
    }),
  );
  return {
    chain: { valid: chain.valid, events: chain.events, brokenAt: chain.valid ? null : chain.brokenAt },
    documents: documentChecks,
    artifacts: artifactChecks,
    sealedAt: pkg.sealedAt?.toISOString() ?? null,
    valid:
      chain.valid &&
      documentChecks.every((check) => check.originalIntact && check.unchangedSinceSend !== false) &&
      artifactChecks.every((check) => check.intact && check.signatureValid),
  };
}
