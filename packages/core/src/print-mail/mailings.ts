import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import {
  type CreateMailing,
  type LegDirection,
  MAILING_ERROR_STATUSES,
  type Mailing,
  type MailingList,
  type MailingReason,
  type MailingStatus,
  type MilestoneCode,
  type PostalAddress,
  PRINT_MAIL_MESSAGES,
  participantDisplayName,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { findManageablePackage, findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import { loadPrintSetup } from "../print-settings/print-setup.ts";
import { readStream } from "../signing/read-stream.ts";
import { type ExecutionMatrix, loadExecutionMatrix } from "../tags/execution-types.ts";
import type { PrintSetDocument } from "./print-set/print-set-order.ts";
import { renderPrintSet } from "./print-set/render-print-set.ts";

type Reader = Db | Prisma.TransactionClient;

export const mailingInclude = {
  package: { select: { name: true } },
  legs: { include: { milestones: { orderBy: { occurredAt: "asc" } } }, orderBy: { direction: "asc" } },
  scans: { orderBy: { createdAt: "asc" } },
} satisfies Prisma.MailingInclude;
type MailingRow = Prisma.MailingGetPayload<{ include: typeof mailingInclude }>;

export function toMailing(row: MailingRow, uploaders: ReadonlyMap<string, string> = new Map()): Mailing {
  return {
    id: row.id,
    packageId: row.packageId,
    packageName: row.package.name,
    participantId: row.participantId,
    reason: row.reason as MailingReason,
    recipientName: row.recipientName,
    recipientAddress: row.recipientAddress as unknown as PostalAddress,
    provider: row.provider,
    vendorJobId: row.vendorJobId,
    status: row.status as MailingStatus,
    milestoneError: row.milestoneError,
    printSetSha256: row.printSetSha256,
    pageCount: row.pageCount,
    submitAttempts: row.submitAttempts,
    lastError: row.lastError,
    legs: row.legs.map((leg) => ({
      direction: leg.direction as LegDirection,
      carrier: leg.carrier,
      service: leg.service,
      trackingNumber: leg.trackingNumber,
      milestones: leg.milestones.map((milestone) => ({
        code: milestone.code as MilestoneCode,
        occurredAt: milestone.occurredAt.toISOString(),
        detail: milestone.detail,
      })),
    })),
    scans: row.scans.map((scan) => ({
      id: scan.id,
      fileName: scan.fileName,
      contentType: scan.contentType,
      sha256: scan.sha256,
      sizeBytes: scan.sizeBytes,
      uploadedBy: scan.uploadedById ? (uploaders.get(scan.uploadedById) ?? null) : null,
      createdAt: scan.createdAt.toISOString(),
    })),
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
  };
}

interface PackageRef {
  organizationId: string;
  packageId: string;
}

/** Why this participant would get paper, or null when they sign electronically (issue 16 §4). */
function reasonFor(
  participant: { id: string; role: string; signingStatus: string },
  matrix: ExecutionMatrix,
): MailingReason | null {
  if (participant.role === "PAPER") return "PAPER_PARTICIPANT";
  if (participant.signingStatus === "CONSENT_WITHDRAWN") return "CONSENT_WITHDRAWN";
  const paper = matrix.documents.some((document) => matrix.typeOf(document.id, participant.id) === "PAPER");
  return paper ? "PAPER_DOCUMENTS" : null;
}

const REASON_SENTENCES: Record<MailingReason, string> = {
  PAPER_PARTICIPANT: "You are to sign these documents on paper.",
  PAPER_DOCUMENTS: "Some documents of this package are signed on paper.",
  CONSENT_WITHDRAWN:
    "You withdrew your consent to sign electronically; what you signed before stays valid, and the remaining documents come to you on paper.",
};

/** Mailings still on their way or done: a new one for the same participant would print the set twice. */
const ACTIVE_STATUSES: MailingStatus[] = ["QUEUED", "SUBMITTED", "PRINTING", "MAILED", "DELIVERED", "RETURNED"];

async function loadMailings(db: Reader, where: Prisma.MailingWhereInput) {
  const rows = await db.mailing.findMany({ where, include: mailingInclude, orderBy: { createdAt: "desc" } });
  const uploaderIds = [...new Set(rows.flatMap((row) => row.scans.map((scan) => scan.uploadedById)).filter(Boolean))];
  const users = uploaderIds.length
    ? await db.user.findMany({
        where: { id: { in: uploaderIds as string[] } },
        select: { id: true, givenName: true, familyName: true, email: true },
      })
    : [];
  const names = new Map(
    users.map((user) => [user.id, [user.givenName, user.familyName].filter(Boolean).join(" ") || user.email]),
  );
  return rows.map((row) => toMailing(row, names));
}

/** The package's mailings and the participants a print set can go to. */
export async function listPackageMailings(actor: Actor, input: PackageRef, deps: CoreDeps): Promise<MailingList> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  const pkg = await findVisiblePackage(deps.db, access, input.packageId);
  const records = await loadMailings(deps.db, { packageId: pkg.id, organizationId: pkg.organizationId });
  const participants = await deps.db.participant.findMany({
    where: { packageId: pkg.id },
    orderBy: { orderSequence: "asc" },
  });
  const matrix = await loadExecutionMatrix(deps.db, pkg.id);
  const candidates = participants.flatMap((participant) => {
    const reason = reasonFor(participant, matrix);
    if (!reason) return [];
    const mailed = records.some(
      (record) => record.participantId === participant.id && ACTIVE_STATUSES.includes(record.status),
    );
    const name = [participant.givenName, participant.familyName].filter(Boolean).join(" ");
    return [{ participantId: participant.id, name: name || participantDisplayName(participant), reason, mailed }];
  });
  return {
    records,
    count: records.length,
    printMailMilestoneError: pkg.printMailMilestoneError,
    candidates,
  };
}

export async function getMailing(
  db: Reader,
  organizationId: string,
  packageId: string,
  mailingId: string,
): Promise<Mailing> {
  const [found] = await loadMailings(db, { id: mailingId, packageId, organizationId });
  if (!found) throw notFound(PRINT_MAIL_MESSAGES.mailingNotFound);
  return found;
}

/** The outbox key of one submission attempt of a mailing. */
export const submissionKey = (mailingId: string, attempt: number) => `print-mail:${mailingId}:${attempt}`;

/**
 * Print and mail one participant's print set (issue 16 §4): checks who may be mailed, renders the
 * set from the stored documents, stores it with its SHA-256, and records the mailing with its
 * outbound leg; the submission to the vendor leaves through the outbox in the same transaction.
 */
export async function createMailing(
  actor: Actor,
  input: PackageRef & CreateMailing & { address: PostalAddress },
  deps: CoreDeps,
): Promise<Mailing> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  const pkg = await findManageablePackage(deps.db, access, input.packageId, "MANAGE_PAPER");
  const mailingId = await makeMailing(actor, pkg, input, deps);
  return getMailing(deps.db, pkg.organizationId, pkg.id, mailingId);
}

type PackageForMailing = Prisma.PackageGetPayload<Record<string, never>>;

/**
 * The mailing itself, once the caller may mail (a member with MANAGE_PAPER, or the automatic
 * mailing of a send or a withdrawal). `onlyReason` (automatic mailings) makes the set only for that
 * reason and never a second time for the same participant and reason, whatever became of the first.
 */
export async function makeMailing(
  actor: Actor,
  pkg: PackageForMailing,
  input: { participantId: string; address: PostalAddress; onlyReason?: MailingReason },
  deps: CoreDeps,
): Promise<string> {
  if (!pkg.enablePrintFulfillment) throw new AppError("CONFLICT", PRINT_MAIL_MESSAGES.notEnabled);
  if (!["AVAILABLE_TO_SIGNERS", "CONSENT_WITHDRAWN"].includes(pkg.status)) {
    throw new AppError("CONFLICT", PRINT_MAIL_MESSAGES.wrongStatus);
  }
  const setup = await loadPrintSetup(deps.db, pkg.organizationId, deps);
  if (!setup?.enabled || !setup.provider.url) throw new AppError("CONFLICT", PRINT_MAIL_MESSAGES.setupMissing);
  const participant = await deps.db.participant.findFirst({
    where: { id: input.participantId, packageId: pkg.id },
    include: {
      stips: { orderBy: { orderSequence: "asc" } },
      tags: { select: { documentId: true, page: true } },
    },
  });
  if (!participant) throw notFound(PRINT_MAIL_MESSAGES.participantNotFound);
  const matrix = await loadExecutionMatrix(deps.db, pkg.id);
  const reason = reasonFor(participant, matrix);
  if (!reason || (input.onlyReason && input.onlyReason !== reason))
    throw new AppError("CONFLICT", PRINT_MAIL_MESSAGES.notPaperRecipient);
  const packageDocuments = await deps.db.document.findMany({
    where: { packageId: pkg.id, format: "PDF" },
    orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
  });
  const printed = packageDocuments.flatMap((document) => {
    const executionType = matrix.typeOf(document.id, participant.id);
    if (!executionType || (reason === "PAPER_DOCUMENTS" && executionType !== "PAPER")) return [];
    return [{ document, executionType }];
  });
  if (printed.length === 0) throw new AppError("CONFLICT", PRINT_MAIL_MESSAGES.nothingToPrint);
  const alreadyMailed = (db: Reader) =>
    db.mailing.findFirst({
      where: {
        packageId: pkg.id,
        participantId: participant.id,
        OR: [{ status: { in: ACTIVE_STATUSES } }, ...(input.onlyReason ? [{ reason }] : [])],
      },
      select: { id: true },
    });
  if (await alreadyMailed(deps.db)) throw new AppError("CONFLICT", PRINT_MAIL_MESSAGES.alreadyMailed);

  const organization = await deps.db.organization.findUniqueOrThrow({
    where: { id: pkg.organizationId },
    select: { name: true },
  });
  const documents: (PrintSetDocument & { bytes: Uint8Array })[] = [];
  for (const link of printed) {
    const bytes = await readStream(await deps.storage.get(link.document.blobKey));
    const pages = participant.tags.filter((tag) => tag.documentId === link.document.id).map((tag) => tag.page);
    documents.push({
      name: link.document.name,
      executionType: link.executionType as PrintSetDocument["executionType"],
      signPages: [...new Set(pages)].sort((a, b) => a - b),
      numPages: link.document.numPages,
      bytes,
    });
  }
  const rendered = await renderPrintSet({
    organizationName: organization.name,
    packageName: pkg.name,
    recipient: input.address,
    returnAddress: setup.returnAddress,
    businessReturnEnvelope: setup.businessReturnEnvelope,
    reasonSentence: REASON_SENTENCES[reason],
    documents,
    stips: participant.stips.map((stip) => ({
      name: stip.name,
      description: stip.description,
      required: stip.required,
    })),
    paperOrder: pkg.paperOrder,
    stipsOrder: pkg.stipsOrder,
    date: new Date(),
  });
  const sha256 = createHash("sha256").update(rendered.bytes).digest("hex");
  const mailingId = randomUUID();
  const key = `print-sets/${pkg.organizationId}/${pkg.id}/${mailingId}.pdf`;
  await deps.storage.put(key, Readable.from([Buffer.from(rendered.bytes)]));
  const outbound = setup.carriers.find((carrier) => carrier.use !== "RETURN") ?? null;
  const recipientName = input.address.name;
  await deps.db.$transaction(async (tx) => {
    // the participant's row lock serialises two makers (a repeated job, a double click): the second
    // sees the first one's mailing
    await tx.$queryRaw`SELECT id FROM "Participant" WHERE id = ${participant.id}::uuid FOR UPDATE`;
    if (await alreadyMailed(tx)) throw new AppError("CONFLICT", PRINT_MAIL_MESSAGES.alreadyMailed);
    await tx.mailing.create({
      data: {
        id: mailingId,
        organizationId: pkg.organizationId,
        packageId: pkg.id,
        participantId: participant.id,
        reason,
        recipientName,
        recipientAddress: input.address as unknown as Prisma.InputJsonValue,
        provider: pkg.printServiceProvider,
        status: "QUEUED",
        printSetBlobKey: key,
        printSetSha256: sha256,
        pageCount: rendered.pageCount,
        createdById: actor.kind === "user" ? actor.userId : null,
        legs: {
          create: {
            organizationId: pkg.organizationId,
            direction: "OUTBOUND",
            carrier: outbound?.code ?? null,
            service: outbound?.service ?? null,
          },
        },
      },
    });
    await appendAuditEvent(tx, actor, {
      organizationId: pkg.organizationId,
      streamType: "package",
      streamId: pkg.id,
      type: "package.mailing-created",
      data: { mailingId, participantId: participant.id, recipientName, reason, pageCount: rendered.pageCount, sha256 },
    });
    await enqueueOutbox(tx, "print-mail.submit", { mailingId, attempt: 1 }, submissionKey(mailingId, 1));
  });
  return mailingId;
}

/** Send a mailing the vendor did not accept again (a manual retry after the automatic ones). */
export async function retryMailing(
  actor: Actor,
  input: PackageRef & { mailingId: string },
  deps: CoreDeps,
): Promise<Mailing> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  const pkg = await findManageablePackage(deps.db, access, input.packageId, "MANAGE_PAPER");
  await deps.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Mailing" WHERE id = ${input.mailingId}::uuid FOR UPDATE`;
    const mailing = await tx.mailing.findFirst({
      where: { id: input.mailingId, packageId: pkg.id, organizationId: pkg.organizationId },
    });
    if (!mailing) throw notFound(PRINT_MAIL_MESSAGES.mailingNotFound);
    if (mailing.status !== "SUBMIT_FAILED") throw new AppError("CONFLICT", PRINT_MAIL_MESSAGES.notRetryable);
    const attempt = mailing.submitAttempts + 1;
    await tx.mailing.update({
      where: { id: mailing.id },
      data: { status: "QUEUED", version: { increment: 1 } },
    });
    await appendAuditEvent(tx, actor, {
      organizationId: pkg.organizationId,
      streamType: "package",
      streamId: pkg.id,
      type: "package.mailing-retried",
      data: { mailingId: mailing.id, recipientName: mailing.recipientName, attemptNum: attempt },
    });
    await enqueueOutbox(
      tx,
      "print-mail.submit",
      { mailingId: mailing.id, attempt },
      submissionKey(mailing.id, attempt),
    );
  });
  return getMailing(deps.db, pkg.organizationId, pkg.id, input.mailingId);
}

export const isMailingError = (status: MailingStatus) => MAILING_ERROR_STATUSES.includes(status);
