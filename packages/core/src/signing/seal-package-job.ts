import { Readable } from "node:stream";
import { evaluateTagStates, participantDisplayName } from "@signet/contract";
import { systemActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { startEDepositIfEnabled } from "../edeposit/start-edeposit.ts";
import { sealENoteDocument } from "../enote/seal-enote.ts";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";
import { notarizeDocument } from "../notarization/notarial-seal.ts";
import { outboundFetch, outboundPolicy } from "../outbound/outbound-fetch.ts";
import { flattenDocument, renderCertificateOfCompletion, sealPdfWithLevel, type TagFill } from "../sealing/index.ts";
import { witnessTagFills } from "../sealing/witness-tag-fills.ts";
import { buildCertificateData } from "./certificate-data.ts";
import { notifyPackageSealed } from "./notify-package-sealed.ts";
import { readStream } from "./read-stream.ts";
import { sealLevelRecord } from "./seal-level-record.ts";

/** Statuses in which a package's signatures are final and its documents may be sealed. */
export const SEALABLE_STATUSES = ["COMPLETED", "EDEPOSIT_PENDING", "EDEPOSITED"] as const;

/**
 * Issue 5 §4 / DOMAIN.md §4: seals a completed package. Each E-Sign document gets its tag values
 * flattened into the page content from the stored values (never bytes from a browser) and a
 * PAdES signature; then the certificate of completion is rendered and sealed the same way. Each
 * artifact is recorded once, so a retried job resumes where it stopped; the package is marked
 * sealed (with the audit event and the notifications) in one transaction at the end.
 */
export const sealPackageJob = {
  async handle(context: JobContext, job: JobInput<"package.seal">) {
    const { db } = context;
    const pkg = await db.package.findUnique({
      where: { id: job.packageId },
      include: { organization: { select: { name: true } } },
    });
    if (!pkg || pkg.sealedAt || !(SEALABLE_STATUSES as readonly string[]).includes(pkg.status)) return;
    const { credentials } = await context.sealKeys.forOrganization(pkg.organizationId);
    // B-LTA when a TSA is configured and the seal certificate's CA publishes revocation data
    const seal = (bytes: Uint8Array, reason: string, appendToSigned = false) =>
      sealPdfWithLevel(bytes, credentials, {
        reason,
        appendToSigned,
        name: `Signet for ${pkg.organization.name}`,
        location: context.config.publicUrl,
        contactInfo: context.config.SUPPORT_EMAIL,
        // PAdES baseline (ETSI EN 319 142-1) keeps the claimed time in /M only
        signingTimeAttribute: false,
        ...(context.config.TSA_URL
          ? { timestampUrl: context.config.TSA_URL, fetch: outboundFetch(outboundPolicy(context.config)) }
          : {}),
      });
    const store = async (key: string, bytes: Uint8Array) =>
      context.storage.put(key, Readable.from([Buffer.from(bytes)]));
    const recorded = async (documentId: string | null) =>
      db.sealedArtifact.findFirst({
        where: { packageId: pkg.id, documentId, kind: documentId ? "DOCUMENT" : "CERTIFICATE" },
      });

    const documents = await db.document.findMany({
      where: { packageId: pkg.id, executionType: "E_SIGN" },
      orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
    });
    for (const document of documents) {
      if (await recorded(document.id)) continue;
      if (document.format === "SMART_DOC") {
        await sealENoteDocument(context, pkg, document, credentials);
        continue;
      }
      const original = await readStream(await context.storage.get(document.blobKey));
      const flattened = await flattenDocument(original, await tagFills(context, pkg.id, document.id));
      // issue 34 §4: a notarized document carries the notary's certificate page and signature first
      const notarized = await notarizeDocument(context, { packageId: pkg.id, documentId: document.id, pdf: flattened });
      const sealed = notarized
        ? await seal(notarized.pdf, `Notarized and signed electronically: ${pkg.name}`, true)
        : await seal(flattened, `Signed electronically: ${pkg.name}`);
      const key = `sealed/${pkg.organizationId}/${pkg.id}/${document.id}.pdf`;
      const stored = await store(key, sealed.pdf);
      await db.sealedArtifact.create({
        data: {
          organizationId: pkg.organizationId,
          packageId: pkg.id,
          documentId: document.id,
          kind: "DOCUMENT",
          name: document.name,
          blobKey: key,
          sha256Before: document.sha256,
          sha256: stored.sha256,
          sizeBytes: stored.size,
          certificateSubject: credentials.subject,
          certificateFingerprint: credentials.fingerprintSha256,
          ...sealLevelRecord(sealed),
        },
      });
    }

    if (!(await recorded(null))) {
      const certificate = await renderCertificateOfCompletion(await buildCertificateData(db, pkg.id));
      const sealed = await seal(certificate, `Certificate of completion: ${pkg.name}`);
      const key = `sealed/${pkg.organizationId}/${pkg.id}/certificate-of-completion.pdf`;
      const stored = await store(key, sealed.pdf);
      await db.sealedArtifact.create({
        data: {
          organizationId: pkg.organizationId,
          packageId: pkg.id,
          documentId: null,
          kind: "CERTIFICATE",
          name: "Certificate of completion",
          blobKey: key,
          sha256: stored.sha256,
          sizeBytes: stored.size,
          certificateSubject: credentials.subject,
          certificateFingerprint: credentials.fingerprintSha256,
          ...sealLevelRecord(sealed),
        },
      });
    }

    await db.$transaction(async (tx) => {
      const { count } = await tx.package.updateMany({
        where: { id: pkg.id, sealedAt: null },
        data: { sealedAt: new Date() },
      });
      if (count === 0) return;
      const artifacts = await tx.sealedArtifact.findMany({
        where: { packageId: pkg.id },
        orderBy: { sealedAt: "asc" },
      });
      await appendAuditEvent(tx, systemActor, {
        organizationId: pkg.organizationId,
        streamType: "package",
        streamId: pkg.id,
        type: "package.sealed",
        data: {
          certificateSubject: credentials.subject,
          certificateFingerprint: credentials.fingerprintSha256,
          artifacts: artifacts.map((artifact) => ({
            id: artifact.id,
            kind: artifact.kind,
            documentId: artifact.documentId,
            sha256Before: artifact.sha256Before,
            sha256: artifact.sha256,
          })),
        },
      });
      await notifyPackageSealed(tx, pkg, context.config.publicUrl);
      await startEDepositIfEnabled(tx, pkg);
    });
  },
};

/** The name printed for a participant: their names, or the display name (BORROWER 1) without them. */
function personName(
  participant: Parameters<typeof participantDisplayName>[0] & {
    givenName: string | null;
    middleName: string | null;
    familyName: string | null;
  },
): string {
  const name = [participant.givenName, participant.middleName, participant.familyName].filter(Boolean).join(" ");
  return name || participantDisplayName(participant);
}

/** What the participants entered on one document, as drawing instructions (visible tags only). */
async function tagFills(context: JobContext, packageId: string, documentId: string): Promise<TagFill[]> {
  const [tags, rules, signatures, participants] = await Promise.all([
    context.db.tag.findMany({ where: { documentId }, include: { value: true } }),
    context.db.conditionalRule.findMany({ where: { packageId } }),
    context.db.participantSignature.findMany({ where: { packageId } }),
    context.db.participant.findMany({ where: { packageId } }),
  ]);
  const values = Object.fromEntries(tags.map((tag) => [tag.id, tag.value?.value ?? null]));
  const states = evaluateTagStates(tags, rules, values);
  const fills: TagFill[] = [];
  for (const tag of tags) {
    const value = tag.value?.value;
    if (!value || !states.get(tag.id)?.visible) continue;
    const box = { page: tag.page, x: tag.x, y: tag.y, width: tag.width, height: tag.height };
    if (tag.type === "SIGNATURE" || tag.type === "INITIALS") {
      const image = signatures.find(
        (signature) => signature.sha256 === value && signature.participantId === tag.participantId,
      );
      if (image) fills.push({ kind: "image", ...box, png: image.png });
    } else if (tag.type === "WITNESS_SIGNATURE") {
      const image = signatures.find(
        (signature) => signature.sha256 === value && signature.participantId === tag.participantId,
      );
      const witness = participants.find((participant) => participant.id === tag.participantId);
      const signer = participants.find((participant) => participant.id === witness?.witnessForParticipantId);
      if (image && witness && signer) {
        fills.push(
          ...witnessTagFills(box, { png: image.png, printedName: personName(witness), signerName: personName(signer) }),
        );
      }
    } else if (tag.type === "CHECKBOX") {
      if (value === "true") fills.push({ kind: "check", ...box });
    } else if (tag.type === "RADIO") {
      if (value === tag.optionValue) fills.push({ kind: "check", ...box });
    } else {
      fills.push({ kind: "text", ...box, text: value });
    }
  }
  return fills;
}
