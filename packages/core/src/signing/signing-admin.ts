import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import {
  type CreateSigningUrl,
  type CustomConsent,
  isTurnOf,
  type PackageVerification,
  type SealCertificateInfo,
  type SealedArtifact,
  SIGNING_ADMIN_MESSAGES,
  SIGNING_LIMITS,
  type SigningRoomIdentifier,
  type SigningUrl,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { verifyAuditChain } from "../audit/verify-audit-chain.ts";
import type { CoreDeps } from "../core-deps.ts";
import { inspectPdf, sniffUpload } from "../documents/pdf-intake.ts";
import { removeActiveContent } from "../documents/remove-active-content.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";
import { findManageablePackage, findVisiblePackage, requireClosingCenterGrant } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { participantOrder } from "../participants/participant-views.ts";
import { inspectSeal, loadSealCredentials } from "../sealing/index.ts";
import { describeUserRequester, issueDocumentCopy } from "../watermarks/issue-document-copy.ts";
import { appendAuditEventFor } from "./audit-helpers.ts";
import { readStream } from "./read-stream.ts";
import type { FileToSend } from "./signing-files.ts";
import { signingLinkToken } from "./signing-link-token.ts";
import { loadSigningProgress } from "./signing-progress.ts";
import { signingLinkUrl } from "./signing-room-origin.ts";
import { readSigningRoomSettings } from "./signing-room-settings.ts";

const participantNotFound = () => notFound("Participant/package/organization not found.");

/** Spec §3 signing-room participant identifiers of a package the caller sees. */
export async function listSigningRoomIdentifiers(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<{ records: SigningRoomIdentifier[]; count: number }> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  await findVisiblePackage(deps.db, access, input.packageId);
  const participants = await deps.db.participant.findMany({
    where: { packageId: input.packageId },
    orderBy: participantOrder,
  });
  const records = participants.map((participant) => ({
    identifier: participant.id,
    participantUid: participant.id,
    packageUid: participant.packageId,
    organizationUid: participant.organizationId,
    givenName: participant.givenName,
    middleName: participant.middleName,
    familyName: participant.familyName,
    generationQualifier: null,
    email: participant.email,
    phoneNumber: participant.phoneNumber,
    type: participant.type,
    accessMethod: participant.accessMethod,
    signingStatus: participant.signingStatus,
  }));
  return { records, count: records.length };
}

/**
 * Issue 5 §1, §3: a single-use signing URL for a participant while the package is out for signature:
 * API participants (no message is sent to them), in-person signing, or embedding — with a
 * parentOrigin the organization allows (its own web app's origin is always allowed) and embedded
 * signing switched on for the organization.
 */
export async function createSigningUrl(
  actor: Actor,
  input: CreateSigningUrl & { organizationId: string; packageId: string; participantId: string },
  deps: CoreDeps,
): Promise<SigningUrl> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  await findManageablePackage(deps.db, access, input.packageId);
  const now = new Date();
  return deps.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Package" WHERE id = ${input.packageId}::uuid FOR SHARE`;
    const pkg = await tx.package.findUniqueOrThrow({
      where: { id: input.packageId },
      include: { organization: { select: { embeddedSrEnabled: true } } },
    });
    const participant = await tx.participant.findFirst({ where: { id: input.participantId, packageId: pkg.id } });
    if (!participant) throw participantNotFound();
    if (pkg.status !== "AVAILABLE_TO_SIGNERS") throw new AppError("CONFLICT", SIGNING_ADMIN_MESSAGES.notAvailable);
    if (participant.signingStatus === "FINISHED")
      throw new AppError("CONFLICT", SIGNING_ADMIN_MESSAGES.participantFinished);
    let parentOrigin: string | null = null;
    if (input.parentOrigin) {
      parentOrigin = new URL(input.parentOrigin).origin;
      if (!pkg.organization.embeddedSrEnabled) throw new AppError("CONFLICT", SIGNING_ADMIN_MESSAGES.embeddedDisabled);
      const settings = await readSigningRoomSettings(tx, pkg.organizationId);
      const allowed = [new URL(deps.config.publicUrl).origin, ...settings.embedded_allowed_origins];
      if (!allowed.includes(parentOrigin)) {
        throw new AppError("BAD_REQUEST", SIGNING_ADMIN_MESSAGES.originNotAllowed, [
          { path: "parentOrigin", message: SIGNING_ADMIN_MESSAGES.originNotAllowed },
        ]);
      }
    }
    const link = await tx.signingLink.create({
      data: {
        organizationId: pkg.organizationId,
        packageId: pkg.id,
        participantId: participant.id,
        channel: "API",
        parentOrigin,
        expiresAt: new Date(now.getTime() + SIGNING_LIMITS.apiLinkMinutes * 60_000),
      },
    });
    // a participant whose turn has not come stays WAITING: the invitation (and the email the room
    // promises with NOT_YOUR_TURN) still goes out when the earlier participants finish
    const progress = await loadSigningProgress(tx, pkg.id);
    if (participant.signingStatus === "WAITING" && isTurnOf(pkg.signingOrder, progress.participants, participant.id)) {
      await tx.participant.update({
        where: { id: participant.id },
        data: { signingStatus: "INVITED", invitedAt: now },
      });
    }
    await appendAuditEvent(tx, actor, {
      organizationId: pkg.organizationId,
      streamType: "package",
      streamId: pkg.id,
      type: "participant.signing-url-issued",
      data: { participantId: participant.id, linkId: link.id, parentOrigin },
    });
    return {
      signingURL: signingLinkUrl(deps.config, signingLinkToken(deps.linkKey, link.id)),
      expiresAt: link.expiresAt.toISOString(),
    };
  });
}

const toArtifact = (
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
  certificateSubject: row.certificateSubject,
});

async function visiblePackage(actor: Actor, input: { organizationId: string; packageId: string }, deps: CoreDeps) {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  return findVisiblePackage(deps.db, access, input.packageId);
}

export async function listSealedArtifacts(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<{ records: SealedArtifact[]; count: number }> {
  await visiblePackage(actor, input, deps);
  // files appear once the whole package is sealed (the job writes them one by one, then seals the
  // package): a caller never sees a document without its certificate, like the zip's 409
  const rows = await deps.db.sealedArtifact.findMany({
    where: { packageId: input.packageId, package: { sealedAt: { not: null } } },
    orderBy: [{ kind: "asc" }, { sealedAt: "asc" }],
  });
  return { records: rows.map(toArtifact), count: rows.length };
}

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
      documentType: artifact.kind === "CERTIFICATE" ? "CERTIFICATE" : "DOCUMENT",
      documentId: artifact.documentId ?? artifact.id,
      documentName: artifact.kind === "CERTIFICATE" ? "Certificate of completion" : artifact.name,
      ...(await describeUserRequester(actor, deps)),
      source: { open: () => deps.storage.get(artifact.blobKey) },
      auditData: { artifactId: artifact.id },
    },
    deps,
  );
  return {
    stream: copy.stream,
    fileName:
      artifact.kind === "CERTIFICATE"
        ? "certificate-of-completion.pdf"
        : `${artifact.name} (sealed).${artifact.contentType === "application/xml" ? "xml" : "pdf"}`,
    // a sealed eNote (issue 15 §5) is its XML
    contentType: artifact.contentType,
  };
}

const hashOf = async (deps: CoreDeps, blobKey: string) => {
  try {
    return createHash("sha256")
      .update(await readStream(await deps.storage.get(blobKey)))
      .digest("hex");
  } catch {
    return null;
  }
};

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
      const stored = await hashOf(deps, document.blobKey);
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

async function settingsAccess(actor: Actor, organizationId: string, deps: CoreDeps, manage: boolean) {
  const access = await loadGroupAccess(actor, organizationId, deps);
  if (!access.canInOrganization(manage ? "MANAGE_ADMIN_SETTINGS" : "VIEW_ADMIN_SETTINGS")) throw forbidden();
}

const toConsent = (row: Awaited<ReturnType<CoreDeps["db"]["consentDocument"]["findFirstOrThrow"]>>): CustomConsent => ({
  id: row.id,
  version: row.version,
  fileName: row.fileName,
  sha256: row.sha256,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
});

export async function listCustomConsents(actor: Actor, input: { organizationId: string }, deps: CoreDeps) {
  await settingsAccess(actor, input.organizationId, deps, false);
  const rows = await deps.db.consentDocument.findMany({
    where: { organizationId: input.organizationId },
    orderBy: { version: "desc" },
  });
  return { records: rows.map(toConsent), count: rows.length };
}

/** A new custom consent version (a PDF): participants who consented to an older one consent again. */
export async function uploadCustomConsent(
  actor: Actor,
  input: { organizationId: string; fileName: string; bytes: Buffer },
  deps: CoreDeps,
): Promise<CustomConsent> {
  await settingsAccess(actor, input.organizationId, deps, true);
  if ((await sniffUpload(input.bytes.subarray(0, 4100))) !== "pdf") throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  await inspectPdf(input.bytes);
  // issue 10 §3: the consent PDF is shown to every participant before anything else
  const { bytes, removed } = await removeActiveContent(input.bytes);
  const originalSha256 = removed.length > 0 ? createHash("sha256").update(input.bytes).digest("hex") : null;
  const key = `consents/${input.organizationId}/${createHash("sha256").update(bytes).digest("hex")}.pdf`;
  const stored = await deps.storage.put(key, Readable.from([Buffer.from(bytes)]));
  return deps.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`consent:${input.organizationId}`}, 0))`;
    const last = await tx.consentDocument.findFirst({
      where: { organizationId: input.organizationId },
      orderBy: { version: "desc" },
    });
    const row = await tx.consentDocument.create({
      data: {
        organizationId: input.organizationId,
        version: (last?.version ?? 0) + 1,
        fileName: input.fileName.replace(/[\\/\r\n]/g, "_").slice(0, 200) || "consent.pdf",
        blobKey: key,
        sha256: stored.sha256,
        originalSha256,
        activeContentRemoved: removed,
        sizeBytes: stored.size,
        uploadedById: actor.kind === "user" ? actor.userId : null,
      },
    });
    await appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "organization",
      streamId: input.organizationId,
      type: "organization.custom-consent-uploaded",
      data: { version: row.version, sha256: row.sha256 },
    });
    if (removed.length > 0) {
      await appendAuditEvent(tx, actor, {
        organizationId: input.organizationId,
        streamType: "organization",
        streamId: input.organizationId,
        type: "organization.custom-consent-active-content-removed",
        data: { consentDocumentId: row.id, version: row.version, removed, originalSha256, sha256: row.sha256 },
      });
    }
    return toConsent(row);
  });
}

export async function getSealCertificate(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<SealCertificateInfo> {
  await settingsAccess(actor, input.organizationId, deps, false);
  const { credentials, source } = await deps.sealKeys.forOrganization(input.organizationId);
  return {
    source,
    subject: credentials.subject,
    fingerprint: credentials.fingerprintSha256,
    notAfter: credentials.notAfter.toISOString(),
    timestampAuthority: deps.config.TSA_URL ?? null,
  };
}

/** The organization's own seal (PKCS#12 + password), checked before it is kept encrypted. */
export async function uploadSealCertificate(
  actor: Actor,
  input: { organizationId: string; p12: Buffer; password: string },
  deps: CoreDeps,
): Promise<SealCertificateInfo> {
  await settingsAccess(actor, input.organizationId, deps, true);
  let credentials: ReturnType<typeof loadSealCredentials>;
  try {
    credentials = loadSealCredentials(input.p12, input.password);
  } catch {
    throw new AppError("BAD_REQUEST", SIGNING_ADMIN_MESSAGES.certificateInvalid);
  }
  if (credentials.notAfter <= new Date()) throw new AppError("BAD_REQUEST", SIGNING_ADMIN_MESSAGES.certificateExpired);
  const data = {
    p12Ciphertext: deps.fieldCipher.encrypt(input.p12.toString("base64")),
    passwordCiphertext: deps.fieldCipher.encrypt(input.password),
    subject: credentials.subject,
    fingerprint: credentials.fingerprintSha256,
    notAfter: credentials.notAfter,
    uploadedById: actor.kind === "user" ? actor.userId : null,
    uploadedAt: new Date(),
  };
  await deps.db.$transaction(async (tx) => {
    // a replaced certificate is a rotation: the audit trail names both (issue 18 §4)
    const replaced = await tx.organizationSealCertificate.findUnique({
      where: { organizationId: input.organizationId },
      select: { fingerprint: true },
    });
    await tx.organizationSealCertificate.upsert({
      where: { organizationId: input.organizationId },
      create: { organizationId: input.organizationId, ...data },
      update: data,
    });
    await appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "organization",
      streamId: input.organizationId,
      type: "organization.seal-certificate-uploaded",
      data: {
        subject: credentials.subject,
        fingerprint: credentials.fingerprintSha256,
        ...(replaced ? { replacedFingerprint: replaced.fingerprint } : {}),
      },
    });
  });
  deps.sealKeys.forget(input.organizationId);
  return getSealCertificate(actor, input, deps);
}

export async function deleteSealCertificate(actor: Actor, input: { organizationId: string }, deps: CoreDeps) {
  await settingsAccess(actor, input.organizationId, deps, true);
  await deps.db.$transaction(async (tx) => {
    const { count } = await tx.organizationSealCertificate.deleteMany({
      where: { organizationId: input.organizationId },
    });
    if (count === 0) throw notFound("Organization/Settings not found.");
    await appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "organization",
      streamId: input.organizationId,
      type: "organization.seal-certificate-removed",
    });
  });
  deps.sealKeys.forget(input.organizationId);
}
