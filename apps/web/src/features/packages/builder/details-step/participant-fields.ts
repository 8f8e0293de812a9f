import { missingContact, normalizePhoneInput, type ParticipantAccessMethod } from "@signet/contract";
import { z } from "zod";

/** The messages the API answers with for the same mistakes (contract participants.ts, users.ts). */
export const PARTICIPANT_FIELD_MESSAGES = {
  typeRequired: "Type is required",
  emailInvalid: "Enter a valid email address.",
  phoneInvalid: "Enter ten digits, e.g. 123-456-7890.",
} as const;

export type ParticipantField = "type" | "email" | "phoneNumber";

const emailFormat = z.email();

/**
 * What is wrong with the participant form's fields, by field, as the server would refuse it: a
 * type, a well-formed email, ten phone digits, and the contact the access method needs.
 */
export function participantFieldProblems(
  values: {
    type: string;
    email: string;
    phoneNumber: string;
    accessMethod: ParticipantAccessMethod;
  },
  options: { contactOptional?: boolean } = {},
): Partial<Record<ParticipantField, string>> {
  const problems: Partial<Record<ParticipantField, string>> = {};
  if (!values.type.trim()) problems.type = PARTICIPANT_FIELD_MESSAGES.typeRequired;
  const email = values.email.trim();
  if (email && !emailFormat.safeParse(email.toLowerCase()).success)
    problems.email = PARTICIPANT_FIELD_MESSAGES.emailInvalid;
  const phone = values.phoneNumber.trim() ? normalizePhoneInput(values.phoneNumber) : "";
  if (phone === null) problems.phoneNumber = PARTICIPANT_FIELD_MESSAGES.phoneInvalid;
  const missing = missingContact({ accessMethod: values.accessMethod, email, phone: phone ?? "" });
  if (missing && !options.contactOptional) {
    const field = values.accessMethod === "SMS" ? "phoneNumber" : "email";
    problems[field] ??= missing;
  }
  return problems;
}
