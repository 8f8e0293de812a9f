import { type MailingReason, type PostalAddress, PRINT_MAIL_MESSAGES, participantDisplayName } from "@signet/contract";
import { systemActor } from "../actor.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";
import { loadExecutionMatrix } from "../tags/execution-types.ts";
import { makeMailing } from "./mailings.ts";

/** One automatic mailing per participant and reason, ever: a second send or a repeated job enqueues nothing. */
export const automaticMailingKey = (participantId: string, reason: MailingReason) =>
  `print-mail-auto:${participantId}:${reason}`;

/**
 * Issue 16 §4: the package produces the print set itself. Called in the transaction that makes the
 * package available to signers; every paper participant and every participant with paper documents
 * who has a mailing address gets a mailing made in the background (rendering the set and talking to
 * the vendor never hold up or fail the send).
 */
export async function enqueueAutomaticMailings(
  tx: Prisma.TransactionClient,
  pkg: { id: string; enablePrintFulfillment: boolean },
): Promise<void> {
  for (const { participant, reason } of await paperRecipients(tx, pkg)) {
    if (participant.mailingAddress !== null) await enqueueAutomaticMailing(tx, pkg.id, participant.id, reason);
  }
}

/** The participants the send would make a print set for, with why (none without print fulfillment). */
async function paperRecipients(tx: Prisma.TransactionClient, pkg: { id: string; enablePrintFulfillment: boolean }) {
  if (!pkg.enablePrintFulfillment) return [];
  const participants = await tx.participant.findMany({
    where: { packageId: pkg.id },
    orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
  });
  if (participants.length === 0) return [];
  const matrix = await loadExecutionMatrix(tx, pkg.id);
  return participants.flatMap((participant) => {
    const paperDocuments = matrix.documents.some((document) => matrix.typeOf(document.id, participant.id) === "PAPER");
    const reason: MailingReason | null =
      participant.role === "PAPER" ? "PAPER_PARTICIPANT" : paperDocuments ? "PAPER_DOCUMENTS" : null;
    return reason ? [{ participant, reason }] : [];
  });
}

/** The send check's warnings: paper recipients whose set cannot be mailed by itself for want of an address. */
export async function automaticMailingWarnings(
  tx: Prisma.TransactionClient,
  pkg: { id: string; enablePrintFulfillment: boolean },
): Promise<{ path: string; message: string }[]> {
  return (await paperRecipients(tx, pkg))
    .filter(({ participant }) => participant.mailingAddress === null)
    .map(({ participant }) => ({
      path: `participants.${participant.id}.mailingAddress`,
      message: `${participantDisplayName(participant)}: ${PRINT_MAIL_MESSAGES.noMailingAddress}`,
    }));
}

export async function enqueueAutomaticMailing(
  tx: Prisma.TransactionClient,
  packageId: string,
  participantId: string,
  reason: MailingReason,
): Promise<void> {
  await enqueueOutbox(
    tx,
    "print-mail.automatic",
    { packageId, participantId, reason },
    automaticMailingKey(participantId, reason),
  );
}

/**
 * Makes one automatic mailing. What stops it (print fulfillment turned off since, no print setup,
 * nothing left to print, a set already mailed) is logged, not retried: the package page still lets a
 * member mail the set by hand.
 */
export const automaticMailingJob = {
  async handle(context: JobContext, job: JobInput<"print-mail.automatic">) {
    const pkg = await context.db.package.findUnique({ where: { id: job.packageId } });
    const participant = await context.db.participant.findFirst({
      where: { id: job.participantId, packageId: job.packageId },
      select: { mailingAddress: true },
    });
    if (!pkg || !participant?.mailingAddress) return;
    try {
      await makeMailing(
        systemActor,
        pkg,
        {
          participantId: job.participantId,
          address: participant.mailingAddress as unknown as PostalAddress,
          onlyReason: job.reason,
        },
        context,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      context.logger.warn(
        { packageId: job.packageId, participantId: job.participantId, reason: job.reason, why: error.message },
        "automatic print set not mailed",
      );
    }
  },
};
