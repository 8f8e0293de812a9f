import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { notFound } from "../errors/app-error.ts";
import { requireClosingCenterGrant } from "../packages/find-package.ts";
import { describeUserRequester, issueDocumentCopy } from "../watermarks/issue-document-copy.ts";
import { appendAuditEventFor } from "./audit-helpers.ts";
import { artifactCopySubject, artifactDownloadName } from "./sealed-artifact-naming.ts";
import { visiblePackage } from "./signing-admin-rules.ts";
import type { FileToSend } from "./signing-files.ts";

export async function sealedArtifactFile(
  actor: Actor,
  input: { organizationId: string; packageId: string; artifactId: string },
  deps: CoreDeps,
): Promise<FileToSend> {
  const pkg = await visiblePackage(actor, input, deps);
  requireClosingCenterGrant(pkg, "DOWNLOAD_DOCUMENTS");
  const artifact = await deps.db.sealedArtifact.findFirst({
    where: { id: input.artifactId, packageId: input.packageId },
  });
  if (!artifact) throw notFound("Organization/package/document/tag not found");
  await appendAuditEventFor(deps, actor, input.organizationId, input.packageId, "copy.issued", {
    artifactId: artifact.id,
    sha256: artifact.sha256,
  });
  // a deposited package's sealed files leave only as watermarked copies (issue 15 §4)
  const copy = await issueDocumentCopy(
    actor,
    {
      pkg,
      ...artifactCopySubject(artifact),
      ...(await describeUserRequester(actor, deps)),
      source: { open: () => deps.storage.get(artifact.blobKey) },
      auditData: { artifactId: artifact.id },
    },
    deps,
  );
  return { stream: copy.stream, ...artifactDownloadName(artifact) };
}
