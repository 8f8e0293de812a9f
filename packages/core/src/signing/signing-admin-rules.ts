import { createHash } from "node:crypto";
import type { CustomConsent, SealedArtifact } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { forbidden, notFound } from "../errors/app-error.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";
import { findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { readStream } from "./read-stream.ts";

// What the signing administration use cases share: the lookups that answer 404 across
// organizations and packages, and how sealed files and consents are shown.

export const participantNotFound = () => notFound("Participant/package/organization not found.");

export const toArtifact = (
  row: Awaited<ReturnType<CoreDeps["db"]["sealedArtifact"]["findFirstOrThrow"]>>,
): SealedArtifact => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  documentId: row.documentId,
  sha256Before: row.sha256Before,
  sha256: row.sha256,
  sizeBytes: row.sizeBytes,
  sealedAt: row.sealedAt.toISOString(),
  timestamped: row.timestamped,
  padesLevel: row.padesLevel as SealedArtifact["padesLevel"],
  lastTimestampAt: row.lastTimestampAt?.toISOString() ?? null,
  lastTimestampTsa: row.lastTimestampTsa,
  certificateSubject: row.certificateSubject,
});

export async function visiblePackage(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
) {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  return findVisiblePackage(deps.db, access, input.packageId);
}

export const blobSha256 = async (deps: CoreDeps, blobKey: string) => {
  try {
    return createHash("sha256")
      .update(await readStream(await deps.storage.get(blobKey)))
      .digest("hex");
  } catch {
    return null;
  }
};

export async function signingSettingsAccess(actor: Actor, organizationId: string, deps: CoreDeps, manage: boolean) {
  const access = await loadGroupAccess(actor, organizationId, deps);
  if (!access.canInOrganization(manage ? "MANAGE_ADMIN_SETTINGS" : "VIEW_ADMIN_SETTINGS")) throw forbidden();
}

export const toConsent = (
  row: Awaited<ReturnType<CoreDeps["db"]["consentDocument"]["findFirstOrThrow"]>>,
): CustomConsent => ({
  id: row.id,
  version: row.version,
  fileName: row.fileName,
  sha256: row.sha256,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
});
