import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE, type WebhookEventType } from "@signet/contract";

// Every event type in the words an administrator reads; a Record over the contract's union makes
// the compiler refuse a new event type until it has words here.
const EVENT_WORDS: Record<WebhookEventType, string> = {
  "package.sent": "Package sent",
  "package.available": "Package available to sign",
  "package.completed": "Package completed",
  "package.sealed": "Package sealed",
  "package.cancelled": "Package cancelled",
  "package.expired": "Package expired",
  "package.corrected": "Package corrected",
  "package.consent_withdrawn": "Package consent withdrawn",
  "package.edeposit_started": "Package deposit into the vault started",
  "package.edeposit_failed": "Package deposit into the vault failed",
  "package.edeposited": "Package deposited into the vault",
  "package.edeposit_cancelled": "Package deposit into the vault cancelled",
  "package.closing_center_shared": "Package shared with a closing center",
  "package.mailing_milestone": "Mailing milestone reported",
  "package.closing_center_unshared": "Package no longer shared with a closing center",
  "package.signing_step_started": "Signing step started",
  "participant.viewed": "Participant viewed",
  "participant.consented": "Participant consented",
  "participant.signed": "Participant signed",
  "participant.declined": "Participant declined",
  "participant.delegated": "Participant handed signing to someone else",
  "participant.witnessed": "Witness signed",
  "participant.signed_in_person": "Participant's identity confirmed in person",
  "participant.finished": "Participant finished",
  "participant.consent_withdrawn": "Participant withdrew consent",
};

export interface WebhookEventGroup {
  label: string;
  types: WebhookEventType[];
}

/** The form's checkbox groups, in the contract's order. */
export const WEBHOOK_EVENT_GROUPS: WebhookEventGroup[] = [
  { label: "Package", types: WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith("package.")) },
  { label: "Participant", types: WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith("participant.")) },
];

/** An event type in words; the delivery log also holds test events and types this build does not know. */
export function webhookEventWords(type: string): string {
  if (type === WEBHOOK_TEST_EVENT_TYPE) return "Test event";
  if (type in EVENT_WORDS) return EVENT_WORDS[type as WebhookEventType];
  return "Other event";
}

/** The event types an endpoint receives, short enough for a table cell. */
export function webhookEventSummary(types: readonly string[]): string {
  if (types.length === WEBHOOK_EVENT_TYPES.length && WEBHOOK_EVENT_TYPES.every((type) => types.includes(type))) {
    return "All events";
  }
  return WEBHOOK_EVENT_GROUPS.map((group) => {
    const chosen = group.types.filter((type) => types.includes(type));
    if (chosen.length === 0) return null;
    if (chosen.length === group.types.length) return `All ${group.label.toLowerCase()} events`;
    return chosen.map(webhookEventWords).join(", ");
  })
    .filter((part): part is string => part !== null)
    .join("; ");
}
