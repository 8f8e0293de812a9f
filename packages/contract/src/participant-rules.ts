// Participant rules of spec §3 (Participant), §4 (derived values) and §5 (numbering, phone).
import { z } from "zod";
import { LIMITS } from "./constants.ts";
import { formatPhone } from "./users.ts";

/** How a participant reaches the signing room (spec §3). API means in person / embedded, no invitation. */
export const PARTICIPANT_ACCESS_METHODS = ["EMAIL", "SMS", "API"] as const;
export type ParticipantAccessMethod = (typeof PARTICIPANT_ACCESS_METHODS)[number];
export const participantAccessMethodSchema = z
  .enum(PARTICIPANT_ACCESS_METHODS)
  .describe(
    "How the participant gets their signing link: EMAIL (emailed), SMS (texted), API (your system asks for a signing URL and hands it over, e.g. in person)",
  );

/**
 * What a participant does with the package (issue 11, UX.md's DocuSign anchor; spec: participants
 * "sign, only view, or execute on paper"). The role sets how they execute every document for which
 * no explicit choice was made (participantExecutionType); a copy recipient is not asked to act and
 * receives the sealed copies when the package completes.
 */
export const PARTICIPANT_ROLES = ["SIGNER", "VIEWER", "COPY", "PAPER"] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];
export const participantRoleSchema = z
  .enum(PARTICIPANT_ROLES)
  .describe("SIGNER signs, VIEWER only views, COPY receives a copy when completed, PAPER signs on paper");
export const PARTICIPANT_ROLE_LABELS: Record<ParticipantRole, string> = {
  SIGNER: "Needs to sign",
  VIEWER: "Only views",
  COPY: "Receives a copy",
  PAPER: "Signs on paper",
};

/** How a participant executes a document without an explicit choice: the document's type for a signer. */
export function participantExecutionType(
  role: ParticipantRole,
  documentType: "E_SIGN" | "VIEW_ONLY" | "PAPER",
): "E_SIGN" | "VIEW_ONLY" | "PAPER" {
  if (role === "SIGNER") return documentType;
  return role === "PAPER" ? "PAPER" : "VIEW_ONLY";
}

/**
 * The mortgage participant types an organization starts with; it may add its own. Types are names
 * as people read them (the display name upper-cases them, spec §3), compared case-insensitively
 * (participantTypeKey). Signers: Borrower, Co-Borrower, Non-Borrowing Spouse, Guarantor, Seller,
 * Buyer; the lender and closing side: Loan Officer, Settlement Agent, Notary, Witness; Viewer only
 * receives copies.
 */
export const DEFAULT_PARTICIPANT_TYPES = [
  "Borrower",
  "Co-Borrower",
  "Non-Borrowing Spouse",
  "Guarantor",
  "Seller",
  "Buyer",
  "Loan Officer",
  "Settlement Agent",
  "Notary",
  "Witness",
  "Viewer",
] as const;

/**
 * The type a new participant starts with, so that the usual mortgage package needs no typing: the
 * first signer is the Borrower, the next the Co-Borrower; someone who only views or receives a copy
 * is a Viewer. Only types the organization offers are suggested; when none fits, its first type.
 */
export function suggestParticipantType(
  role: ParticipantRole,
  existingTypes: readonly string[],
  availableTypes: readonly string[],
): string {
  const offered = (type: string) =>
    availableTypes.find((available) => participantTypeKey(available) === participantTypeKey(type));
  const used = new Set(existingTypes.map(participantTypeKey));
  const candidates = (role === "VIEWER" || role === "COPY" ? ["Viewer"] : ["Borrower", "Co-Borrower"])
    .map(offered)
    .filter((type): type is string => type !== undefined);
  return candidates.find((type) => !used.has(participantTypeKey(type))) ?? candidates[0] ?? availableTypes[0] ?? "";
}

/** Spec §5 / §9: at most 99 participants per type. */
export const MAX_PARTICIPANTS_PER_TYPE = LIMITS.participantsPerType;

export const PARTICIPANT_MESSAGES = {
  removeTitle: "Remove participant",
  removeConfirm:
    "Are you sure you want to remove this participant? Its configuration and the tags assigned to it will be deleted.",
  /** a type outside the organization's list (setting participant_types) */
  unknownType: "Choose one of your organization's participant types.",
  typeFull: `No more than ${LIMITS.participantsPerType} participants of this type can be added.`,
  emailRequired: "An email address is required for a participant who signs by email.",
  phoneRequired: "A ten-digit phone number is required for a participant who signs by SMS.",
} as const;

/** The comparison key of a participant type: trimmed, upper-cased, inner spaces collapsed. */
export function participantTypeKey(type: string): string {
  return type.trim().replace(/\s+/g, " ").toUpperCase();
}

/** Spec §5: the lowest unused role number from 1 to 99, or -1 when none is free. */
export function nextRoleNumber(usedNumbers: readonly number[]): number {
  const used = new Set(usedNumbers);
  for (let n = 1; n <= MAX_PARTICIPANTS_PER_TYPE; n++) {
    if (!used.has(n)) return n;
  }
  return -1;
}

/** nextRoleNumber over the participants of one type (types compared case-insensitively). */
export function nextRoleNumberForType(
  participants: readonly { type: string; roleNumber: number | null }[],
  type: string,
): number {
  const key = participantTypeKey(type);
  return nextRoleNumber(
    participants.flatMap((p) => (participantTypeKey(p.type) === key && p.roleNumber !== null ? [p.roleNumber] : [])),
  );
}

export const CONTACT_SUMMARIES = ["EMAIL", "SMS", "IN-PERSON", "NO-EMAIL", "NONE"] as const;
export type ContactSummary = (typeof CONTACT_SUMMARIES)[number];

/**
 * Spec §4: EMAIL if any participant has email access; otherwise SMS if some have SMS and none API;
 * IN-PERSON if some have API and none SMS; NO-EMAIL otherwise (SMS and API mixed, or no access
 * method at all); NONE if there are no participants.
 */
export function contactSummary(
  participants: readonly { accessMethod: ParticipantAccessMethod | null | undefined }[],
): ContactSummary {
  if (participants.length === 0) return "NONE";
  const has = (method: ParticipantAccessMethod) => participants.some((p) => p.accessMethod === method);
  if (has("EMAIL")) return "EMAIL";
  const sms = has("SMS");
  const api = has("API");
  if (sms && !api) return "SMS";
  if (api && !sms) return "IN-PERSON";
  return "NO-EMAIL";
}

/** Spec §3: the upper-cased type plus the role number, e.g. 'BORROWER 1' (the type alone without a number). */
export function participantDisplayName(participant: { type: string; roleNumber: number | null }): string {
  const type = participantTypeKey(participant.type);
  const { roleNumber } = participant;
  return roleNumber !== null && Number.isInteger(roleNumber) && roleNumber > 0 ? `${type} ${roleNumber}` : type;
}

const firstLetter = (value: string | null | undefined): string => Array.from(value?.trim() ?? "")[0] ?? "";

/**
 * Spec §3: initials from the names ('Jane' 'Doe' → 'JD'; one name gives one letter); with no names,
 * from the type and number: the first letter of each word of the type (at most two) plus the number
 * ('Borrower' 1 → 'B1', 'Loan Officer' 2 → 'LO2').
 */
export function participantInitials(participant: {
  givenName?: string | null;
  familyName?: string | null;
  type: string;
  roleNumber: number | null;
}): string {
  const fromNames = `${firstLetter(participant.givenName)}${firstLetter(participant.familyName)}`;
  if (fromNames) return fromNames.toUpperCase();
  const words = participantTypeKey(participant.type)
    .split(/[\s_-]+/)
    .filter(Boolean);
  const letters = words
    .slice(0, 2)
    .map((word) => firstLetter(word))
    .join("");
  const { roleNumber } = participant;
  return roleNumber !== null && Number.isInteger(roleNumber) && roleNumber > 0 ? `${letters}${roleNumber}` : letters;
}

/** Spec §4: the session host is the participant flagged avHost, when the package has A/V eSign on. */
export function sessionHost<P extends { avHost?: boolean | null }>(
  pkg: { avEsign?: boolean | null },
  participants: readonly P[],
): P | null {
  if (pkg.avEsign !== true) return null;
  return participants.find((p) => p.avHost === true) ?? null;
}

interface ContactFields {
  accessMethod: ParticipantAccessMethod | null | undefined;
  email?: string | null;
  phone?: string | null;
}

/**
 * Sending checks that the contact the access method needs is present (issue 4 §6): an email address
 * for EMAIL, ten phone digits for SMS, nothing for API (in person). The message, or null when fine.
 */
export function missingContact(participant: ContactFields): string | null {
  if (participant.accessMethod === "EMAIL" && !participant.email?.trim()) return PARTICIPANT_MESSAGES.emailRequired;
  if (participant.accessMethod === "SMS" && formatPhone(participant.phone) === "")
    return PARTICIPANT_MESSAGES.phoneRequired;
  return null;
}

/** The contact shown for a participant: the email for EMAIL, the formatted phone (spec §5) for SMS, '' for API. */
export function participantContact(participant: ContactFields): string {
  if (participant.accessMethod === "EMAIL") return participant.email?.trim() ?? "";
  if (participant.accessMethod === "SMS") return formatPhone(participant.phone);
  return "";
}
