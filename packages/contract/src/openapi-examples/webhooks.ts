import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookEventType,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from "../webhooks.ts";
import { handWrite, handWriteRequest } from "./generate.ts";
import { IDS } from "./ids.ts";

// The lender's loan origination system listening for package events.

export const WEBHOOK_EXAMPLES = [
  handWrite(webhookEndpointSchema, {
    id: IDS.webhook,
    organizationId: IDS.organization,
    url: "https://los.example.com/hooks/signet",
    description: "Loan origination system: closing status updates",
    eventTypes: ["package.completed", "package.cancelled", "participant.signed"],
    enabled: true,
    suspended: false,
    suspendedAt: null,
    suspendedReason: null,
    failedEventStreak: 0,
    lastSuccessAt: "2026-03-16T14:31:02.000Z",
    lastFailureAt: null,
    previousSecretExpiresAt: null,
    version: 2,
    createdAt: "2026-02-01T16:20:00.000Z",
  }),
  handWrite(webhookEndpointWithSecretSchema, { secret: "whsec_MfKQ9r8GKYqXTwJg6mV2b1Zc3L0pNn4s" }),
];

/** The package status each status-changing event moves between, as a delivery says it. */
const STATUS_CHANGES: Partial<Record<WebhookEventType, { from: string; to: string }>> = {
  "package.sent": { from: "STARTED", to: "AVAILABLE_TO_SIGNERS" },
  "package.available": { from: "STARTED", to: "AVAILABLE_TO_SIGNERS" },
  "package.completed": { from: "AVAILABLE_TO_SIGNERS", to: "COMPLETED" },
  "package.cancelled": { from: "AVAILABLE_TO_SIGNERS", to: "CANCELLED" },
  "package.expired": { from: "AVAILABLE_TO_SIGNERS", to: "CANCELLED" },
  "package.consent_withdrawn": { from: "AVAILABLE_TO_SIGNERS", to: "CONSENT_WITHDRAWN" },
  "package.edeposit_started": { from: "COMPLETED", to: "EDEPOSIT_PENDING" },
  "package.edeposited": { from: "EDEPOSIT_PENDING", to: "EDEPOSITED" },
  "package.edeposit_cancelled": { from: "EDEPOSIT_PENDING", to: "COMPLETED" },
  "participant.consent_withdrawn": { from: "AVAILABLE_TO_SIGNERS", to: "CONSENT_WITHDRAWN" },
};

/** One delivery's body of an event type: ids only, as the product sends them. */
export function webhookEventExample(type: WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE) {
  const identity = { id: IDS.event, type, timestamp: "2026-03-16T14:31:00.000Z" };
  if (type === WEBHOOK_TEST_EVENT_TYPE) return { ...identity, data: { organizationId: IDS.organization } };
  // ordered signing: step 2 (the lender) opened once borrower and co-borrower finished step 1
  if (type === "package.signing_step_started") {
    return {
      ...identity,
      data: {
        organizationId: IDS.organization,
        packageId: IDS.package,
        step: 2,
        participantIds: [IDS.participant],
      },
    };
  }
  // issue 34: a witness attested a signer's signature; a participant was checked in person by code
  if (type === "participant.witnessed") {
    const data = { organizationId: IDS.organization, packageId: IDS.package, participantId: IDS.participant };
    return { ...identity, data: { ...data, witnessedParticipantId: IDS.coBorrower } };
  }
  if (type === "participant.signed_in_person") {
    const data = { organizationId: IDS.organization, packageId: IDS.package, participantId: IDS.participant };
    return { ...identity, data: { ...data, method: "IN_PERSON_CODE_EMAIL" } };
  }
  const status = STATUS_CHANGES[type];
  return {
    ...identity,
    data: {
      organizationId: IDS.organization,
      packageId: IDS.package,
      ...(type.startsWith("participant.") ? { participantId: IDS.participant } : {}),
      ...(status ? { status } : {}),
    },
  };
}

export const WEBHOOK_REQUEST_EXAMPLES = [
  handWriteRequest(createWebhookEndpointSchema, {
    url: "https://los.example.com/hooks/signet",
    description: "Loan origination system: closing status updates",
    eventTypes: ["package.completed", "package.cancelled", "participant.signed"],
    enabled: true,
  }),
  handWriteRequest(updateWebhookEndpointSchema, { version: 2, eventTypes: ["package.completed", "package.sealed"] }),
];
