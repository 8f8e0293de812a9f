import { z } from "zod";
import { ID } from "./ids.ts";
import { IN_PERSON_METHODS } from "./in-person.ts";
import { pageQuerySchema, pageSchema, versionQuerySchema } from "./paging.ts";
import { recordCreatedAt, recordVersion } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Webhooks (issue 14 §1; spec §4 suspend, suspend-all). Deliveries follow the Standard Webhooks
// specification: webhook-id (the event id, the same on every retry), webhook-timestamp and
// webhook-signature headers, JSON body {id, type, timestamp, data}.

/** Event types an endpoint may receive. */
export const WEBHOOK_EVENT_TYPES = [
  "package.sent",
  "package.available",
  "package.completed",
  "package.sealed",
  "package.cancelled",
  "package.expired",
  "package.corrected",
  "package.consent_withdrawn",
  /** eDeposit (issue 15 §3): started, a stage failed, deposited (the vault confirmed), cancelled */
  "package.edeposit_started",
  "package.edeposit_failed",
  "package.edeposited",
  "package.edeposit_cancelled",
  /** closing centers (issue 16 §3): the package was shared with a closing center, or no longer is */
  "package.closing_center_shared",
  "package.closing_center_unshared",
  /** print and mail (issue 16 §4): a mailing's milestone (ready … delivered, returned to sender, failed) */
  "package.mailing_milestone",
  /** ordered signing (issue 34 §1): a signing step opened, its participants are invited now */
  "package.signing_step_started",
  /** the participant opened the package for the first time */
  "participant.viewed",
  "participant.consented",
  /** the participant's first signature */
  "participant.signed",
  "participant.declined",
  "participant.finished",
  "participant.consent_withdrawn",
  /** issue 34 §3: the participant handed their part to a delegate (a new participant of the package) */
  "participant.delegated",
  /** issue 34 §2b: a witness finished, attesting the signature of the signer they witness */
  "participant.witnessed",
  /** issue 34 §2a: a participant's identity was confirmed in person on a member's device */
  "participant.signed_in_person",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent by "send a test event" only; endpoints need not subscribe to it. */
export const WEBHOOK_TEST_EVENT_TYPE = "webhook.test";

/** After this many consecutive events whose every attempt failed, the endpoint is suspended. */
export const WEBHOOK_SUSPEND_AFTER_FAILED_EVENTS = 3;
/** Hours the previous secret keeps signing after a rotation. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

export const WEBHOOK_MESSAGES = {
  notFound: "Webhook not found",
  deliveryNotFound: "Webhook delivery not found",
  suspended: "This webhook is suspended; resume it first",
  notSuspended: "This webhook is not suspended",
} as const;

const eventType = z.enum(WEBHOOK_EVENT_TYPES);

export const webhookEventDataSchema = z
  .object({
    organizationId: ID.organizationId,
    packageId: ID.packageId.optional(),
    participantId: ID.participantId.optional(),
    status: z
      .object({ from: z.string().nullable(), to: z.string().nullable() })
      .optional()
      .describe("The package status that changed, when the event changed it"),
    step: z.number().int().optional().describe("package.signing_step_started: the step that opened (1 first)"),
    participantIds: z
      .array(ID.participantId)
      .optional()
      .describe("package.signing_step_started: the participants of that step"),
    witnessedParticipantId: ID.participantId
      .optional()
      .describe("participant.witnessed: the signer whose signature the witness attested"),
    method: z
      .enum(IN_PERSON_METHODS)
      .optional()
      .describe("participant.signed_in_person: how the identity was confirmed"),
  })
  .meta({ id: "WebhookEventData" });

/** The JSON body of every delivery (documented here; the server builds it). */
export const webhookEventPayloadSchema = z
  .object({
    id: z.uuid().describe("The event id; also the webhook-id header, the same on every retry"),
    type: z.string().describe("One of the webhook event types, or webhook.test"),
    timestamp: z.string().describe("When the event happened (ISO 8601)"),
    data: webhookEventDataSchema,
  })
  .meta({ id: "WebhookEventPayload" });
export type WebhookEventPayload = z.infer<typeof webhookEventPayloadSchema>;

/** What each event means to an integrator: the OpenAPI document's webhooks section says it. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE, string> = {
  "package.sent": "The sender sent the package: participants are invited now, or at its scheduled time.",
  "package.available":
    "The package became available to its participants (at sending, or at its scheduled time): signing links work.",
  "package.completed": "Every participant finished: the package is complete and about to be sealed.",
  "package.sealed": "The completed package's documents and certificate of completion are sealed and can be downloaded.",
  "package.cancelled": "The sender cancelled the package: its signing links stop working.",
  "package.expired": "The package reached its expiry date before every participant finished.",
  "package.corrected": "The sender corrected the package after sending; participants may need to look again.",
  "package.consent_withdrawn":
    "A participant withdrew consent to do business electronically: the package stops until the sender acts.",
  "package.edeposit_started": "The sealed package is being deposited into the organization's eVault.",
  "package.edeposit_failed": "A stage of the eDeposit failed; the package page says which and why, and offers a retry.",
  "package.edeposited": "The eVault confirmed the deposit: it now holds the authoritative copy.",
  "package.edeposit_cancelled": "The eDeposit was cancelled (irreversibly).",
  "package.closing_center_shared": "The package was shared with a closing center.",
  "package.closing_center_unshared": "The package is no longer shared with a closing center.",
  "package.mailing_milestone":
    "A mailing of the package reached a milestone at the print vendor (printed, mailed, delivered, returned, failed).",
  "package.signing_step_started":
    "Ordered signing: a signing step opened (step 1 when the package becomes available, each next step when the one before finished); its participants are invited now and may sign in any order.",
  "participant.viewed": "A participant opened the package for the first time (sent once per participant).",
  "participant.consented": "A participant agreed to do business electronically.",
  "participant.signed": "A participant placed their first signature (sent once per participant).",
  "participant.declined": "A participant declined to sign: the package stops.",
  "participant.finished": "A participant finished their part of the package.",
  "participant.consent_withdrawn": "A participant withdrew consent to do business electronically.",
  "participant.delegated":
    "A participant handed their part to someone else (a new participant, invited now); the original can no longer sign.",
  "participant.witnessed":
    "A witness finished: participantId attested the signature of witnessedParticipantId (who had finished before).",
  "participant.signed_in_person":
    "A participant's identity was confirmed in person on a member's device (a one-time code by email or SMS, or the host checked an ID); they sign there now.",
  "webhook.test": 'Sent only by "send a test event" to check an endpoint; no package is involved.',
};

const statusChange = z
  .strictObject({
    from: z.string().nullable().describe("The package status before the event (null when it had none)"),
    to: z.string().nullable().describe("The package status after the event"),
  })
  .describe("The package status that changed, when the event changed it");

const eventIdentity = (type: string) => ({
  id: z.uuid().describe("The event id; also the webhook-id header, the same on every retry: deduplicate on it"),
  type: z.literal(type).describe("The event type"),
  timestamp: z.iso.datetime().describe("When the event happened (ISO 8601, UTC)"),
});

const organizationId = z.uuid().describe("The organization the package belongs to");
const packageId = z.uuid().describe("The package the event is about: read it through the API");
const participantId = z.uuid().describe("The participant the event is about");

/**
 * The body of one event type: ids only, never names, reasons or documents (read those through the
 * API). Strict, so that a field the product starts sending must first be documented here.
 */
function eventSchema(type: WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE) {
  const data =
    type === WEBHOOK_TEST_EVENT_TYPE
      ? z.strictObject({ organizationId })
      : type === "package.signing_step_started"
        ? z.strictObject({
            organizationId,
            packageId,
            step: z
              .number()
              .int()
              .min(1)
              .describe("The step that opened, counted 1..n in signing order (equal stored numbers are one step)"),
            participantIds: z.array(participantId).min(1).describe("The participants of that step, invited now"),
          })
        : type === "participant.witnessed"
          ? z.strictObject({
              organizationId,
              packageId,
              participantId: participantId.describe("The witness"),
              witnessedParticipantId: z.uuid().describe("The signer whose signature the witness attested"),
            })
          : type === "participant.signed_in_person"
            ? z.strictObject({
                organizationId,
                packageId,
                participantId,
                method: z
                  .enum(IN_PERSON_METHODS)
                  .describe(
                    "How the identity was confirmed: IN_PERSON_CODE_EMAIL or IN_PERSON_CODE_SMS (a one-time code), HOST_ATTESTED_ID (the host checked a government ID)",
                  ),
              })
            : type.startsWith("participant.")
              ? z.strictObject({ organizationId, packageId, participantId, status: statusChange.optional() })
              : z.strictObject({
                  organizationId,
                  packageId,
                  participantId: participantId.optional(),
                  status: statusChange.optional(),
                });
  return z.strictObject({ ...eventIdentity(type), data: data.describe("What the event is about") });
}

const ALL_WEBHOOK_EVENT_TYPES: readonly (WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE)[] = [
  ...WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
];

/** One schema per event type (the webhooks section of the OpenAPI document), webhook.test included. */
export const WEBHOOK_EVENT_SCHEMAS = Object.fromEntries(
  ALL_WEBHOOK_EVENT_TYPES.map((type) => [type, eventSchema(type)]),
) as Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE, ReturnType<typeof eventSchema>>;

/** A component name per event type: package.edeposit_failed → PackageEdepositFailedEvent. */
export const webhookEventComponentName = (type: string) =>
  `${type
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("")}Event`;

const HOOK_TEXT = {
  url: "The receiver's URL that events are posted to",
  eventTypes: "The event types delivered to the endpoint",
  enabled: "Events are delivered; a disabled endpoint receives nothing",
} as const;

export const webhookEndpointSchema = z
  .object({
    id: z.uuid().describe("The webhook endpoint's id"),
    organizationId: ID.organizationId,
    url: z.string().describe(HOOK_TEXT.url),
    description: z.string().nullable().describe("A note about the endpoint; null: none"),
    eventTypes: z.array(eventType).describe(HOOK_TEXT.eventTypes),
    enabled: z.boolean().describe(HOOK_TEXT.enabled),
    suspended: z
      .boolean()
      .describe("Deliveries are held: suspended by hand or after too many failed events; resume to deliver again"),
    suspendedAt: z.string().nullable().describe("When it was suspended (ISO 8601 time); null: not suspended"),
    suspendedReason: z.string().nullable().describe("Why it was suspended, in words; null: not suspended"),
    failedEventStreak: z.number().int().describe("Consecutive events whose every attempt failed"),
    lastSuccessAt: z.string().nullable().describe("When a delivery last succeeded (ISO 8601 time); null: never"),
    lastFailureAt: z.string().nullable().describe("When a delivery last failed (ISO 8601 time); null: never"),
    previousSecretExpiresAt: z
      .string()
      .nullable()
      .describe("Until then deliveries carry a signature with the secret before the last rotation too"),
    version: recordVersion,
    createdAt: recordCreatedAt,
  })
  .meta({ id: "WebhookEndpoint", description: "An address Signet posts signed events to (Standard Webhooks)" });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = pageSchema(webhookEndpointSchema).meta({ id: "WebhookEndpointList" });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookEndpointWithSecretSchema = z
  .object({
    endpoint: webhookEndpointSchema,
    secret: z.string().describe("whsec_…: shown this once; verify deliveries with it"),
  })
  .meta({ id: "WebhookEndpointWithSecret" });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

const url = z.string().trim().min(1, "Enter the webhook URL").max(2000).describe(HOOK_TEXT.url);
const description = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .describe("A note about the endpoint (up to 500 characters); null: none");
const eventTypes = z
  .array(eventType)
  .min(1, "Choose at least one event type")
  .max(WEBHOOK_EVENT_TYPES.length)
  .describe(`${HOOK_TEXT.eventTypes} (at least one)`);

export const createWebhookEndpointSchema = z
  .object({
    url,
    description,
    eventTypes,
    enabled: z.boolean().default(true).describe(`${HOOK_TEXT.enabled} (default true)`),
  })
  .meta({ id: "CreateWebhookEndpoint" });
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    url: url.optional(),
    description,
    eventTypes: eventTypes.optional(),
    enabled: z.boolean().optional().describe(HOOK_TEXT.enabled),
  })
  .meta({ id: "UpdateWebhookEndpoint" });
export type UpdateWebhookEndpoint = z.infer<typeof updateWebhookEndpointSchema>;

export const suspendWebhookEndpointSchema = z
  .object({ reason: z.string().trim().max(500).optional().describe("Why it is suspended, kept with the endpoint") })
  .meta({ id: "SuspendWebhookEndpoint" });

export const suspendAllWebhooksResultSchema = z
  .object({ suspended: z.number().int().describe("How many endpoints were suspended by this call") })
  .meta({ id: "SuspendAllWebhooksResult" });

export const webhookDeliverySchema = z
  .object({
    id: z.uuid().describe("The delivery's id"),
    eventId: ID.eventId.describe("The webhook-id the receiver saw"),
    eventType: z.string().describe("The event's type, e.g. package.completed"),
    attempt: z.number().int().describe("1 for the first try of a series"),
    redelivery: z.boolean().describe("True for attempts of a manual redelivery"),
    statusCode: z.number().int().nullable().describe("The receiver's HTTP status; null when it did not answer"),
    succeeded: z.boolean().describe("The receiver answered 2xx in time"),
    latencyMs: z.number().int().nullable().describe("Milliseconds until the receiver answered; null when it did not"),
    responseExcerpt: z.string().nullable().describe("The first 1 KB of the receiver's answer"),
    error: z
      .string()
      .nullable()
      .describe("Why the attempt failed (timeout, connection refused…); null when it got an answer"),
    attemptedAt: z.string().describe("When the attempt was made (ISO 8601 time)"),
    nextAttemptAt: z.string().nullable().describe("When the next retry is due (ISO 8601 time); null: none scheduled"),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = pageSchema(webhookDeliverySchema).meta({ id: "WebhookDeliveryList" });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookDeliveryListQuerySchema = pageQuerySchema(["attemptedAt"], "attemptedAt").extend({
  sortDirection: z
    .enum(["asc", "desc"])
    .default("desc")
    .describe("asc: oldest first; desc (the default): newest first"),
});

export const webhookSentSchema = z
  .object({ eventId: ID.eventId.describe("The webhook-id of the delivery that was queued") })
  .meta({ id: "WebhookSent" });

const orgParams = z.object({ orgId: ID.orgId });
const endpointParams = orgParams.extend({ webhookId: ID.webhookId });
const deliveryParams = endpointParams.extend({ deliveryId: ID.deliveryId });
const readers = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const admins = ["MANAGE_ADMIN_SETTINGS"] as const;
const common = { base: "api", version: 1, auth: "user", tags: ["webhooks"] } as const;

export const webhookRoutes = {
  listWebhooks: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/webhooks",
    permission: readers,
    summary: "The organization's webhook endpoints (secrets are never listed)",
    params: orgParams,
    response: webhookEndpointListSchema,
    status: 200,
  }),
  createWebhook: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/webhooks",
    permission: admins,
    summary: "Add a webhook endpoint; the answer holds its signing secret, shown this once",
    params: orgParams,
    body: createWebhookEndpointSchema,
    response: webhookEndpointWithSecretSchema,
    status: 201,
  }),
  getWebhook: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/webhooks/:webhookId",
    permission: readers,
    summary: "One webhook endpoint",
    params: endpointParams,
    response: webhookEndpointSchema,
    status: 200,
  }),
  updateWebhook: define({
    ...common,
    method: "PATCH",
    path: "/organizations/:orgId/webhooks/:webhookId",
    permission: admins,
    summary: "Change a webhook endpoint at its version",
    params: endpointParams,
    body: updateWebhookEndpointSchema,
    response: webhookEndpointSchema,
    status: 200,
  }),
  deleteWebhook: define({
    ...common,
    method: "DELETE",
    path: "/organizations/:orgId/webhooks/:webhookId",
    permission: admins,
    summary: "Delete a webhook endpoint and its delivery log",
    params: endpointParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  suspendWebhook: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/webhooks/:webhookId/suspend",
    permission: admins,
    summary: "Suspend a webhook endpoint: nothing is sent to it until it is resumed",
    params: endpointParams,
    body: suspendWebhookEndpointSchema,
    response: webhookEndpointSchema,
    status: 200,
  }),
  resumeWebhook: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/webhooks/:webhookId/resume",
    permission: admins,
    summary: "Resume a suspended webhook endpoint (its failure streak starts again at zero)",
    params: endpointParams,
    response: webhookEndpointSchema,
    status: 200,
  }),
  suspendAllWebhooks: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/webhooks/suspend-all",
    permission: admins,
    summary: "Suspend every webhook endpoint of the organization",
    params: orgParams,
    body: suspendWebhookEndpointSchema,
    response: suspendAllWebhooksResultSchema,
    status: 200,
  }),
  rotateWebhookSecret: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/webhooks/:webhookId/rotate-secret",
    permission: admins,
    summary: `A new signing secret, shown this once; the old one keeps signing for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours`,
    params: endpointParams,
    response: webhookEndpointWithSecretSchema,
    status: 200,
  }),
  testWebhook: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/webhooks/:webhookId/test",
    permission: admins,
    summary: "Send a webhook.test event to the endpoint",
    params: endpointParams,
    response: webhookSentSchema,
    status: 202,
  }),
  listWebhookDeliveries: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/webhooks/:webhookId/deliveries",
    permission: readers,
    summary: "The endpoint's delivery log, newest first: time, event, attempt, status code, latency, answer",
    params: endpointParams,
    query: webhookDeliveryListQuerySchema,
    response: webhookDeliveryListSchema,
    status: 200,
  }),
  redeliverWebhookDelivery: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/webhooks/:webhookId/deliveries/:deliveryId/redeliver",
    permission: admins,
    summary: "Send that delivery's event again (same webhook-id), with a fresh series of retries",
    params: deliveryParams,
    response: webhookSentSchema,
    status: 202,
  }),
} as const satisfies Record<string, RouteDef>;
