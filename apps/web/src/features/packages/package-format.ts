import {
  type ContactSummary,
  LANGUAGE_INFO,
  PACKAGE_STATUS_WORDS,
  type PackageSigningOrder,
  type PackageStatus,
  type ParticipantAccessMethod,
  type ParticipantLanguage,
  TAG_TYPE_LABELS,
  type TagType,
} from "@signet/contract";

// How packages read in the web app: status names and colours, and audit events as sentences.

export const STATUS_LABELS: Record<PackageStatus, string> = PACKAGE_STATUS_WORDS;

/** One pair of words for the signing order, the same in the builder, its review and the package page. */
export const SIGNING_ORDER_LABELS: Record<PackageSigningOrder, string> = {
  PARALLEL: "Everyone at once",
  PARTICIPANT: "In order",
};

/**
 * A participant's language as the loan officer reads it, with the language's own name beside it
 * to match what the borrower said (Spanish (Español)).
 */
export function languageLabel(language: ParticipantLanguage): string {
  const { englishName, ownName } = LANGUAGE_INFO[language];
  return ownName === englishName ? englishName : `${englishName} (${ownName})`;
}

/** Under a participant's name in lists: English is the default, so only other languages are named. */
export function languageNote(language: ParticipantLanguage): string | null {
  return language === "en" ? null : languageLabel(language);
}

export const STATUS_COLORS: Record<PackageStatus, string> = {
  STARTED: "gray",
  AVAILABLE_TO_SIGNERS: "blue",
  EDEPOSIT_PENDING: "violet",
  COMPLETED: "teal",
  EDEPOSITED: "green",
  CANCELLED: "red",
  CONSENT_WITHDRAWN: "orange",
  PENDING_ENOTARY: "grape",
};

/** How a participant is reached, the same words in the participant form, its tables and the package page. */
export const ACCESS_METHOD_LABELS: Record<ParticipantAccessMethod, string> = {
  EMAIL: "Email",
  SMS: "SMS",
  API: "In person (API)",
};

/** How the package's participants are reached (spec §4's summary), in the participant form's words. */
export const CONTACT_SUMMARY_LABELS: Record<ContactSummary, string> = {
  EMAIL: "Email",
  SMS: "SMS",
  "IN-PERSON": "In person",
  "NO-EMAIL": "No email",
  NONE: "No participants",
};

const EVENT_LABELS: Record<string, string> = {
  "package.created": "Package created",
  "package.updated": "Package details changed",
  "package.groups-set": "Package groups changed",
  "package.sent": "Package sent to participants",
  "package.scheduled": "Package scheduled",
  "package.cancelled": "Package cancelled",
  "package.expired": "Package expired",
  "package.reactivated": "Package reactivated",
  "package.completed": "Package completed",
  "package.corrected": "Correction started",
  "package.deleted": "Package deleted",
  "package.reminders-sent": "Reminders sent",
  "participant.added": "Participant added",
  "participant.updated": "Participant changed",
  "participant.removed": "Participant removed",
  "participants.reordered": "Signing order changed",
  "document.uploaded": "Document uploaded",
  "document.updated": "Document changed",
  "document.deleted": "Document deleted",
  "documents.reordered": "Documents reordered",
  "document-participant.set": "Participant's execution type changed",
  "tag.created": "Tag placed",
  "tag.updated": "Tag changed",
  "tag.deleted": "Tag deleted",
  "tags.replaced": "Tags saved",
  "conditional-rule.created": "Conditional rule added",
  "conditional-rule.deleted": "Conditional rule deleted",
  "package.available": "Package available to signers",
  "package.sealed": "Documents sealed",
  "package.consent-withdrawn": "Package consent withdrawn",
  "package.collaboration-link-created": "Collaboration link created",
  "participant.invited": "Participant invited",
  "package.signing-step-started": "Signing step started",
  "participant.signing-url-issued": "Signing link issued",
  "participant.authenticated": "Participant opened the signing room",
  "participant.verification-code-sent": "Verification code sent",
  "participant.consent-granted": "eSign consent given",
  "participant.consent-code-wrong": "Wrong consent code entered",
  "participant.consent-withdrawn": "eSign consent withdrawn",
  "participant.finished": "Participant finished signing",
};

/** An audit event type as a sentence: known ones by name, others from their words ('a.b-c' → 'A b c'). */
export function auditEventLabel(type: string): string {
  const known = EVENT_LABELS[type];
  if (known) return known;
  const words = type.replace(/[.\-_]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : type;
}

/** What an audit event's data says in a line (names, notified, counts), or null. */
export function auditEventDetail(data: Record<string, unknown>): string | null {
  const parts: string[] = [];
  if (typeof data.name === "string") parts.push(data.name);
  if (typeof data.type === "string" && data.type in TAG_TYPE_LABELS) parts.push(TAG_TYPE_LABELS[data.type as TagType]);
  if (typeof data.notify === "boolean") parts.push(data.notify ? "participants notified" : "participants not notified");
  if (typeof data.reason === "string") parts.push(`reason: ${readableReason(data.reason)}`);
  if (typeof data.sent === "number") parts.push(`${data.sent} sent`);
  if (typeof data.deletedTags === "number" && data.deletedTags > 0) parts.push(`${data.deletedTags} tags deleted`);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/**
 * A reason as the user reads it: a participant's own words stay as written, a code the server
 * records ('CANCELLED_BY_MEMBER', 'not-enabled-for-org') becomes a phrase.
 */
export function readableReason(reason: string): string {
  if (!/^[A-Za-z]+([_-][A-Za-z]+)*$/.test(reason) || !/[_-]|^[A-Z]+$/.test(reason)) return reason;
  const words = reason.replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A datetime-local input's value (local time) as ISO 8601 with offset, or null when empty or invalid. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
