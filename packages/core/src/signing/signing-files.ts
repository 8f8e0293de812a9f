import { type CollaborationView, participantDisplayName, SIGNING_FILE_PATHS, SIGNING_MESSAGES } from "@signet/contract";
import { systemActor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { verifyCollaborationToken } from "../package-actions/collaboration-link.ts";
import { participantOrder } from "../participants/participant-views.ts";
import { issueDocumentCopy } from "../watermarks/issue-document-copy.ts";
import { appendAuditEventFor } from "./audit-helpers.ts";
import { artifactCopySubject, artifactDownloadName } from "./sealed-artifact-naming.ts";
import type { SigningContext } from "./signing-context.ts";
import { participantName } from "./signing-room-view.ts";
import { signingStage } from "./signing-stage.ts";

export interface FileToSend {
  stream: NodeJS.ReadableStream;
  fileName: string;
  contentType: string;
}

/**
 * A document the participant executes: the original while signing, the sealed copy once sealed.
 * Never before consent, never in a closed room (DOMAIN.md §3).
 */
export async function participantDocumentFile(
  context: SigningContext,
  documentId: string,
  deps: CoreDeps,
): Promise<FileToSend> {
  const facts = await signingStage(deps.db, context);
  if (facts.stage !== "SIGN" && facts.stage !== "FINISHED") {
    throw new AppError(facts.stage === "CLOSED" ? "SIGNING_CLOSED" : "CONSENT_REQUIRED");
  }
  const document = await deps.db.document.findFirst({ where: { id: documentId, packageId: context.pkg.id } });
  if (!document || facts.progress.executionTypeOf(document.id, context.participant.id) === null) {
    throw notFound(SIGNING_MESSAGES.notFound);
  }
  const sealed = context.pkg.sealedAt
    ? await deps.db.sealedArtifact.findFirst({ where: { packageId: context.pkg.id, documentId } })
    : null;
  const copy = await issueDocumentCopy(
    context.actor,
    {
      pkg: context.pkg,
      documentType: "DOCUMENT",
      documentId: document.id,
      documentName: document.name,
      requester: participantName(context.participant),
      requesterType: "PARTICIPANT",
      source: { open: () => deps.storage.get(sealed?.blobKey ?? document.blobKey) },
      auditData: { participantId: context.participant.id, ...(sealed ? { artifactId: sealed.id } : {}) },
    },
    deps,
  );
  // an eNote (issue 15 §5) is its XML, byte for byte
  const eNote = document.format === "SMART_DOC";
  return {
    stream: copy.stream,
    fileName: `${document.name}.${eNote ? "xml" : "pdf"}`,
    contentType: eNote ? document.contentType : "application/pdf",
  };
}

/** A sealed copy or the certificate, for a participant of a sealed package (DOMAIN.md §4 'copy issued'). */
export async function participantDownload(
  context: SigningContext,
  artifactId: string,
  deps: CoreDeps,
): Promise<FileToSend> {
  const facts = await signingStage(deps.db, context);
  if (facts.stage !== "FINISHED") throw new AppError("SIGNING_CLOSED");
  const artifact = await deps.db.sealedArtifact.findFirst({ where: { id: artifactId, packageId: context.pkg.id } });
  if (!artifact) throw notFound(SIGNING_MESSAGES.notFound);
  if (artifact.documentId && facts.progress.executionTypeOf(artifact.documentId, context.participant.id) === null) {
    throw notFound(SIGNING_MESSAGES.notFound);
  }
  await appendAuditEventFor(deps, context.actor, context.pkg.organizationId, context.pkg.id, "copy.issued", {
    participantId: context.participant.id,
    artifactId,
    sha256: artifact.sha256,
  });
  const copy = await issueDocumentCopy(
    context.actor,
    {
      pkg: context.pkg,
      ...artifactCopySubject(artifact),
      requester: participantName(context.participant),
      requesterType: "PARTICIPANT",
      source: { open: () => deps.storage.get(artifact.blobKey) },
      auditData: { participantId: context.participant.id, artifactId },
    },
    deps,
  );
  return { stream: copy.stream, ...artifactDownloadName(artifact) };
}

function collaborationClaims(token: string, deps: CoreDeps) {
  const claims = verifyCollaborationToken(deps.linkKeys, token);
  if (!claims) throw new AppError("SIGNING_LINK_EXPIRED", "This collaboration link is not valid or has expired.");
  return claims;
}

/**
 * Package collaboration (issue 5 §3): the link a member created shows the package read-only in the
 * signing room — its documents and where each participant is — for as long as the link lives and
 * while the organization and the package still allow collaboration.
 */
export async function collaborationView(token: string, deps: CoreDeps): Promise<CollaborationView> {
  const claims = collaborationClaims(token, deps);
  const pkg = await deps.db.package.findFirst({
    where: { id: claims.packageId, organizationId: claims.organizationId },
    include: { organization: { select: { name: true, enabledPkgCollaboration: true } } },
  });
  if (!pkg?.packageCollaboration || !pkg.organization.enabledPkgCollaboration) {
    throw new AppError("SIGNING_LINK_EXPIRED", "This collaboration link is not valid or has expired.");
  }
  const [documents, participants] = await Promise.all([
    deps.db.document.findMany({
      where: { packageId: pkg.id },
      orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
    }),
    deps.db.participant.findMany({ where: { packageId: pkg.id }, orderBy: participantOrder }),
  ]);
  return {
    package: { id: pkg.id, name: pkg.name, status: pkg.status, shortId: pkg.shortId },
    organizationName: pkg.organization.name,
    expiresAt: new Date(claims.exp * 1000).toISOString(),
    documents: documents.map((document) => ({
      id: document.id,
      name: document.name,
      numPages: document.numPages,
      executionType: document.executionType,
      fileUrl: SIGNING_FILE_PATHS.collaborationDocument(token, document.id),
    })),
    participants: participants.map((participant) => ({
      id: participant.id,
      displayName: participantDisplayName(participant),
      name: participantName(participant),
      status: participant.signingStatus,
      finishedAt: participant.finishedAt?.toISOString() ?? null,
    })),
  };
}

export async function collaborationDocumentFile(
  token: string,
  documentId: string,
  deps: CoreDeps,
): Promise<FileToSend> {
  const view = await collaborationView(token, deps);
  if (!view.documents.some((document) => document.id === documentId)) throw notFound(SIGNING_MESSAGES.notFound);
  const document = await deps.db.document.findUniqueOrThrow({ where: { id: documentId } });
  await appendAuditEventFor(
    deps,
    systemActor,
    document.organizationId,
    view.package.id,
    "collaboration.document-viewed",
    {
      documentId,
      userId: collaborationClaims(token, deps).userId,
    },
  );
  const pkg = await deps.db.package.findUniqueOrThrow({ where: { id: view.package.id } });
  const claims = collaborationClaims(token, deps);
  const viewer = await deps.db.user.findUnique({
    where: { id: claims.userId },
    select: { givenName: true, familyName: true, email: true },
  });
  const copy = await issueDocumentCopy(
    systemActor,
    {
      pkg,
      documentType: document.format === "SMART_DOC" ? "ENOTE" : "DOCUMENT",
      documentId: document.id,
      documentName: document.name,
      // the link was made by a member: their copy is a member's copy
      requester: viewer
        ? `${viewer.givenName} ${viewer.familyName} (${viewer.email}) through a collaboration link`
        : "A collaboration link",
      requesterType: "MEMBER",
      source: { open: () => deps.storage.get(document.blobKey) },
      auditData: { userId: claims.userId },
    },
    deps,
  );
  const eNote = document.format === "SMART_DOC";
  return {
    stream: copy.stream,
    fileName: `${document.name}.${eNote ? "xml" : "pdf"}`,
    contentType: eNote ? document.contentType : "application/pdf",
  };
}
