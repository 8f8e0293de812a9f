import {
  isMilestoneError,
  type LegDirection,
  type MailingStatus,
  mailingStatusAfter,
  mailingStatusRank,
  PRINT_MAIL_MESSAGES,
  printVendorCallbackSchema,
} from "@signet/contract";
import { systemActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { loadPrintSetup } from "../print-settings/print-setup.ts";
import type { VendorMilestone } from "./print-vendor-adapter.ts";
import { printVendorAdapterFor } from "./print-vendor-adapters.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records the vendor's milestones of one mailing; returns how many were new. A milestone already
 * recorded (same leg and code: a repeated callback, or one the submission answer also carried) is
 * ignored; a late one never moves the mailing's status backwards. A returned or failed leg marks
 * the mailing and its package (printMailMilestoneError) and emails the sender, once.
 */
export async function recordMilestones(db: Db, mailingId: string, milestones: VendorMilestone[]): Promise<number> {
  let recorded = 0;
  for (const milestone of milestones) {
    const fresh = await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Mailing" WHERE id = ${mailingId}::uuid FOR UPDATE`;
      const mailing = await tx.mailing.findUnique({ where: { id: mailingId } });
      if (!mailing) return false;
      const leg = await tx.mailingLeg.upsert({
        where: { mailingId_direction: { mailingId, direction: milestone.leg } },
        create: {
          mailingId,
          organizationId: mailing.organizationId,
          direction: milestone.leg,
          carrier: milestone.carrier,
          service: milestone.service,
          trackingNumber: milestone.trackingNumber,
        },
        update: {
          carrier: milestone.carrier ?? undefined,
          service: milestone.service ?? undefined,
          trackingNumber: milestone.trackingNumber ?? undefined,
        },
      });
      try {
        await tx.mailingMilestone.create({
          data: {
            legId: leg.id,
            organizationId: mailing.organizationId,
            code: milestone.code,
            occurredAt: new Date(milestone.occurredAt),
            detail: milestone.detail,
          },
        });
      } catch (error) {
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return false;
        throw error;
      }
      const error = isMilestoneError(milestone.code);
      const next = mailingStatusAfter(milestone.leg as LegDirection, milestone.code);
      const current = mailing.status as MailingStatus;
      const status = error || mailingStatusRank(next) > mailingStatusRank(current) ? next : current;
      await tx.mailing.update({
        where: { id: mailingId },
        data: { status, milestoneError: mailing.milestoneError || error, version: { increment: 1 } },
      });
      await appendAuditEvent(tx, systemActor, {
        organizationId: mailing.organizationId,
        streamType: "package",
        streamId: mailing.packageId,
        type: "package.mailing-milestone",
        data: {
          mailingId,
          recipientName: mailing.recipientName,
          leg: milestone.leg,
          code: milestone.code,
          occurredAt: milestone.occurredAt,
          trackingNumber: milestone.trackingNumber,
          detail: milestone.detail,
        },
      });
      if (error) {
        await tx.package.update({ where: { id: mailing.packageId }, data: { printMailMilestoneError: true } });
        await enqueueOutbox(
          tx,
          "print-mail.notify-exception",
          { mailingId, code: milestone.code },
          `print-mail-exception:${mailingId}:${milestone.leg}:${milestone.code}`,
        );
      }
      return true;
    });
    if (fresh) recorded += 1;
  }
  return recorded;
}

const refused = () => new AppError("UNAUTHORIZED", PRINT_MAIL_MESSAGES.badSignature);

/**
 * The vendor's milestone callback (public route): the body must carry the signature of the
 * organization's vendor connection over its exact bytes, within the adapter's time window, for a
 * mailing Signet sent to that vendor. Unknown mailings and bad signatures answer alike (401), so
 * the route tells a stranger nothing. Replays record nothing new.
 */
export async function recordVendorCallback(
  input: { headers: Record<string, string | undefined>; rawBody: string },
  deps: CoreDeps,
): Promise<{ recorded: boolean }> {
  let body: unknown;
  try {
    body = JSON.parse(input.rawBody);
  } catch {
    throw refused();
  }
  const parsed = printVendorCallbackSchema.safeParse(body);
  if (!parsed.success || !UUID.test(parsed.data.reference)) throw refused();
  const event = parsed.data;
  const mailing = await deps.db.mailing.findUnique({ where: { id: event.reference } });
  if (!mailing) throw refused();
  const setup = await loadPrintSetup(deps.db, mailing.organizationId, deps);
  const adapter = printVendorAdapterFor(mailing.provider, deps);
  if (!setup || !adapter?.verifyCallback(setup.provider, input.headers, input.rawBody)) throw refused();
  if (mailing.vendorJobId && mailing.vendorJobId !== event.jobId) throw refused();
  if (!mailing.vendorJobId) {
    // the submission's answer was lost but the vendor has the job: its callbacks name it
    await deps.db.mailing.updateMany({
      where: { id: mailing.id, vendorJobId: null },
      data: { vendorJobId: event.jobId, status: mailing.status === "QUEUED" ? "SUBMITTED" : mailing.status },
    });
  }
  const recorded = await recordMilestones(deps.db, mailing.id, [
    {
      eventId: event.eventId,
      leg: event.leg,
      code: event.code,
      occurredAt: event.occurredAt,
      carrier: event.carrier ?? null,
      service: event.service ?? null,
      trackingNumber: event.trackingNumber ?? null,
      detail: event.detail ?? null,
    },
  ]);
  return { recorded: recorded > 0 };
}
