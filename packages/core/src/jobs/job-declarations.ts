import { EMAIL_NOTIFICATION_EVENTS, MAILING_REASONS, MILESTONE_CODES } from "@signet/contract";
import { z } from "zod";
import { MAIL_DATA } from "../mail/mail-data.ts";

/**
 * Every job by name: the queue it runs on and the payload it carries, apart from the code that runs
 * it. Queuing work (enqueueOutbox) needs only this table, so a use case that queues a job does not
 * import any job's handler; the handlers are joined to these names where the process is composed
 * (job-handlers.ts, used by the worker and by the API when it runs jobs itself).
 */

const emailEnvelope = {
  organizationId: z.string().nullable(),
  to: z.email(),
  /** for the record of notifications, and the participant's language where known */
  packageId: z.uuid().optional(),
  participantId: z.uuid().optional(),
};

// One payload shape per template, so a job carries exactly the data its template renders.
const emailPayload = z.discriminatedUnion("template", [
  z.object({ ...emailEnvelope, template: z.literal("password-reset"), data: MAIL_DATA["password-reset"] }),
  z.object({ ...emailEnvelope, template: z.literal("user-invitation"), data: MAIL_DATA["user-invitation"] }),
  z.object({
    ...emailEnvelope,
    template: z.literal("organization-access-granted"),
    data: MAIL_DATA["organization-access-granted"],
  }),
  z.object({ ...emailEnvelope, template: z.literal("verify-account"), data: MAIL_DATA["verify-account"] }),
  z.object({ ...emailEnvelope, template: z.literal("in-person-code"), data: MAIL_DATA["in-person-code"] }),
  z.object({ ...emailEnvelope, template: z.literal("identity-link"), data: MAIL_DATA["identity-link"] }),
  z.object({
    ...emailEnvelope,
    template: z.literal("package-cancelled"),
    data: MAIL_DATA["package-cancelled"],
  }),
  z.object({
    ...emailEnvelope,
    template: z.literal("participant-reminder"),
    data: MAIL_DATA["participant-reminder"],
  }),
  z.object({
    ...emailEnvelope,
    template: z.literal("consent-withdrawn"),
    data: MAIL_DATA["consent-withdrawn"],
  }),
  z.object({
    ...emailEnvelope,
    template: z.literal("participant-declined"),
    data: MAIL_DATA["participant-declined"],
  }),
  z.object({
    ...emailEnvelope,
    template: z.literal("package-completed"),
    data: MAIL_DATA["package-completed"],
  }),
  z.object({ ...emailEnvelope, template: z.literal("daily-summary"), data: MAIL_DATA["daily-summary"] }),
  z.object({
    ...emailEnvelope,
    template: z.literal("participant-delegated"),
    data: MAIL_DATA["participant-delegated"],
  }),
]);

export const JOBS = {
  "email.send": { queue: "email", payload: emailPayload },
  "signing.invitation": {
    queue: "email",
    payload: z.object({
      linkId: z.uuid(),
      /** invitation and reminder: to sign; copies: to download the sealed documents */
      purpose: z.enum(["invitation", "reminder", "expiring-soon", "copies"]).default("invitation"),
    }),
  },
  /** issue 34 §3: the EMAIL_CODE one-time code of a session; the code is derived when sending, never stored here */
  "signing.email-code": { queue: "email", payload: z.object({ sessionId: z.uuid() }) },
  "package.seal": { queue: "sealing", payload: z.object({ packageId: z.uuid() }) },
  /** a new DSS and document timestamp on a B-LTA artifact whose renewTimestampBy has come (issue 32 §2) */
  "seal.renew-timestamp": { queue: "sealing", payload: z.object({ artifactId: z.uuid() }) },
  "webhook.deliver": {
    queue: "webhook",
    payload: z.discriminatedUnion("kind", [
      z.object({
        kind: z.literal("attempt"),
        endpointId: z.uuid(),
        eventId: z.uuid(),
        series: z.number().int().min(0),
        attempt: z.number().int().min(1),
      }),
      z.object({
        kind: z.literal("suspension-notice"),
        endpointId: z.uuid(),
        organizationId: z.uuid(),
        to: z.email(),
      }),
    ]),
  },
  "email.notification": {
    queue: "email",
    payload: z.object({
      organizationId: z.uuid(),
      packageId: z.uuid(),
      event: z.enum(EMAIL_NOTIFICATION_EVENTS),
      /** the rules that matched when the event happened (a rule deleted since sends nothing) */
      ruleIds: z.array(z.uuid()),
      participantId: z.uuid().nullable().default(null),
      reason: z.string().max(2000).nullable().default(null),
      occurredAt: z.string(),
    }),
  },
  "bulk-send.run": { queue: "bulk-send", payload: z.object({ bulkSendId: z.uuid() }) },
  "edeposit.run": {
    queue: "edeposit",
    payload: z.object({ packageId: z.uuid(), attempt: z.number().int().min(1) }),
  },
  "edeposit.void": {
    queue: "edeposit",
    payload: z.object({ packageId: z.uuid(), vaultTransactionId: z.string().min(1) }),
  },
  "print-mail.submit": {
    queue: "print-mail",
    payload: z.object({ mailingId: z.uuid(), attempt: z.number().int().min(1) }),
  },
  "print-mail.notify-exception": {
    queue: "email",
    payload: z.object({ mailingId: z.uuid(), code: z.enum(MILESTONE_CODES) }),
  },
  "print-mail.poll": {
    queue: "print-mail",
    payload: z.object({ mailingId: z.uuid(), round: z.number().int().min(1) }),
  },
  "print-mail.automatic": {
    queue: "print-mail",
    payload: z.object({ packageId: z.uuid(), participantId: z.uuid(), reason: z.enum(MAILING_REASONS) }),
  },
} as const satisfies Record<string, { queue: string; payload: z.ZodType }>;

export type JobName = keyof typeof JOBS;
/** What a caller passes when queuing the job (defaults not yet applied). */
export type JobPayload<N extends JobName> = z.input<(typeof JOBS)[N]["payload"]>;
/** What the job's handler receives (parsed, defaults applied). */
export type JobInput<N extends JobName> = z.infer<(typeof JOBS)[N]["payload"]>;

/** The BullMQ queues the jobs use. */
export function jobQueues(): string[] {
  return [...new Set(Object.values(JOBS).map((job) => job.queue))];
}
