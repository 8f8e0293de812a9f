import { PERMISSIONS, WEBHOOK_SUSPEND_AFTER_FAILED_EVENTS } from "@signet/contract";
import { systemActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";
import { nextAttemptAt as nextRetryAt, RETRY_POLICIES } from "../jobs/retry-policy.ts";
import { renderNoticeHtml } from "../mail/notice-email.tsx";
import { outboundPolicy } from "../outbound/outbound-fetch.ts";
import { logSuccess, readAttempt } from "./delivery-attempt-rows.ts";
import { postWebhook } from "./post-webhook.ts";
import { enqueueSuspensionNotice, enqueueWebhookAttempt } from "./webhook-outbox.ts";
import { webhookSignatureHeader } from "./webhook-signature.ts";

type Attempt = Extract<JobInput<"webhook.deliver">, { kind: "attempt" }>;

/**
 * Retries go back through the outbox, not BullMQ's own retry: each failed attempt records its
 * delivery row and, in the same transaction, the outbox row of the next attempt with the backoff
 * as its availableAt. A day of retries then lives in PostgreSQL, survives a Redis flush, and runs
 * the same in the embedded mode without Redis. The handler throws only when it could not record
 * an attempt (the database is down): then BullMQ or the relay runs it again, and the unique
 * (endpoint, event, series, attempt) row makes a finished attempt a no-op. A worker that dies
 * between the POST and the record sends that attempt again with the same webhook-id: receivers
 * deduplicate on it, as the specification expects.
 */
export const deliverWebhookJob = {
  async handle(context: JobContext, job: JobInput<"webhook.deliver">, idempotencyKey: string) {
    if (job.kind === "attempt") await attemptDelivery(context, job);
    else await sendSuspensionNotice(context, job, idempotencyKey);
  },
};

async function attemptDelivery(context: JobContext, job: Attempt) {
  const { db } = context;
  const read = await readAttempt(db, job);
  // deleted endpoint or event: nothing to deliver to; a recorded attempt: a retried job
  if (!read || read.done) return;
  const { endpoint, event } = read;
  const base = {
    organizationId: endpoint.organizationId,
    endpointId: endpoint.id,
    eventId: event.id,
    series: job.series,
    attempt: job.attempt,
  };
  if (endpoint.suspendedAt || !endpoint.enabled) {
    await recordQuietly(context, {
      ...base,
      succeeded: false,
      error: endpoint.suspendedAt ? "Not sent: the endpoint is suspended" : "Not sent: the endpoint is disabled",
    });
    return;
  }

  const now = new Date();
  let secrets: string[];
  try {
    secrets = [context.fieldCipher.decrypt(endpoint.secretEncrypted)];
    if (
      endpoint.previousSecretEncrypted &&
      endpoint.previousSecretExpiresAt &&
      endpoint.previousSecretExpiresAt > now
    ) {
      secrets.push(context.fieldCipher.decrypt(endpoint.previousSecretEncrypted));
    }
  } catch {
    // retrying cannot help: the installation's encryption key changed since the secret was stored
    await recordQuietly(context, {
      ...base,
      succeeded: false,
      error: "Not sent: the signing secret cannot be read (the encryption key changed); rotate the secret",
    });
    return;
  }
  const body = JSON.stringify(event.payload);
  const timestamp = Math.floor(now.getTime() / 1000);
  const result = await postWebhook(
    endpoint.url,
    body,
    {
      "webhook-id": event.id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": webhookSignatureHeader(secrets, event.id, timestamp, body),
      "user-agent": "Signet-Webhooks/1",
    },
    { policy: outboundPolicy(context.config) },
  );
  const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const error =
    result.error ?? (succeeded ? null : `The receiver answered ${result.statusCode}; a 2xx status is expected`);
  const nextAttemptAt = succeeded ? null : nextRetryAt(RETRY_POLICIES.webhookDelivery, job.attempt);

  // statusCode is never null when succeeded; the check only tells TypeScript
  if (succeeded && result.statusCode !== null) {
    const { statusCode, latencyMs, responseExcerpt } = result;
    await logSuccess(db, { ...base, statusCode, latencyMs, responseExcerpt });
    return;
  }
  await db
    .$transaction(async (tx) => {
      await tx.webhookDelivery.create({
        data: {
          ...base,
          statusCode: result.statusCode,
          succeeded,
          latencyMs: result.latencyMs,
          responseExcerpt: result.responseExcerpt,
          error,
          nextAttemptAt,
        },
      });
      if (nextAttemptAt) await enqueueWebhookAttempt(tx, { ...job, attempt: job.attempt + 1 }, nextAttemptAt);
      const failed = await tx.webhookEndpoint.update({
        where: { id: endpoint.id },
        data: {
          failedAttemptStreak: { increment: 1 },
          lastFailureAt: new Date(),
          // the event failed for good: every attempt of its automatic series was refused
          ...(nextAttemptAt || job.series > 0 ? {} : { failedEventStreak: { increment: 1 } }),
        },
      });
      if (failed.failedEventStreak >= WEBHOOK_SUSPEND_AFTER_FAILED_EVENTS && !failed.suspendedAt) {
        await suspendForFailures(tx, failed);
      }
    })
    .catch((caught: unknown) => {
      // another worker recorded this attempt first (a job run twice): its record stands
      if (!isUniqueViolation(caught)) throw caught;
    });
}

type Tx = Parameters<Parameters<JobContext["db"]["$transaction"]>[0]>[0];

async function suspendForFailures(tx: Tx, endpoint: { id: string; organizationId: string; failedEventStreak: number }) {
  const suspendedAt = new Date();
  const reason = `Suspended automatically after ${endpoint.failedEventStreak} events failed in a row`;
  const { count } = await tx.webhookEndpoint.updateMany({
    where: { id: endpoint.id, suspendedAt: null },
    data: { suspendedAt, suspendedReason: reason, version: { increment: 1 } },
  });
  if (count === 0) return;
  await appendAuditEvent(tx, systemActor, {
    organizationId: endpoint.organizationId,
    streamType: "organization",
    streamId: endpoint.organizationId,
    type: "webhook.suspended",
    data: { webhookId: endpoint.id, automatic: true, failedEventStreak: endpoint.failedEventStreak },
  });
  for (const to of await organizationAdminEmails(tx, endpoint.organizationId)) {
    await enqueueSuspensionNotice(tx, {
      endpointId: endpoint.id,
      organizationId: endpoint.organizationId,
      to,
      suspendedAt,
    });
  }
}

/** Active users holding MANAGE_ADMIN_SETTINGS through any of their roles in the organization. */
async function organizationAdminEmails(tx: Tx, organizationId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ email: string }[]>`
    SELECT DISTINCT u.email FROM "MemberRole" mr
      JOIN "Role" r ON r.id = mr."roleId"
      JOIN "User" u ON u.id = mr."userId"
     WHERE mr."organizationId" = ${organizationId}::uuid
       AND (r.permissions & ${PERMISSIONS.MANAGE_ADMIN_SETTINGS}) <> 0
       AND u.status = 'ACTIVE'
     ORDER BY u.email`;
  return rows.map((row) => row.email);
}

async function recordQuietly(
  context: JobContext,
  row: {
    organizationId: string;
    endpointId: string;
    eventId: string;
    series: number;
    attempt: number;
    succeeded: boolean;
    error: string;
  },
) {
  await context.db.webhookDelivery.create({ data: row }).catch((caught: unknown) => {
    if (!isUniqueViolation(caught)) throw caught;
  });
}

/**
 * The administrators' email. Sent by the mailer directly with the job's idempotency key (the
 * mailer skips a key it already sent), because the email job's templates belong to the mail
 * module; when templates become editable per organization this moves there.
 */
async function sendSuspensionNotice(
  context: JobContext,
  job: Extract<JobInput<"webhook.deliver">, { kind: "suspension-notice" }>,
  idempotencyKey: string,
) {
  const endpoint = await context.db.webhookEndpoint.findUnique({ where: { id: job.endpointId } });
  if (!endpoint?.suspendedAt) return;
  const organization = await context.db.organization.findUnique({
    where: { id: job.organizationId },
    select: { name: true },
  });
  const settingsUrl = `${context.config.publicUrl}/settings`;
  const paragraphs = [
    `The webhook endpoint ${endpoint.url} of ${organization?.name ?? "your organization"} was suspended.`,
    endpoint.suspendedReason ?? "",
    "Nothing is sent to it until an administrator resumes it. Check the receiver, then resume the endpoint and redeliver the events it missed from its delivery log.",
  ].filter(Boolean);
  const subject = "A webhook endpoint was suspended";
  await context.mailer.send({
    idempotencyKey,
    organizationId: job.organizationId,
    to: job.to,
    subject,
    text: [...paragraphs, settingsUrl].join("\n\n"),
    html: await renderNoticeHtml({ subject, paragraphs, link: { href: settingsUrl, label: "Open the settings" } }),
  });
}
