import { createParticipantSchema, missingContact } from "@signet/contract";
import { z } from "zod";
import { type MailingAddressValues, mailingAddressProblems } from "../../../print-mail/MailingAddressFields.tsx";
import { kbaProblems } from "./participant-verification.ts";

/** What the form asks besides its fields: each depends on the package and the organization. */
export interface ParticipantFormChecks {
  /** a template's participants are slots: no contact needed */
  contactOptional: boolean;
  /** knowledge answers are asked (KBA chosen, or the default when it is KBA) */
  asksKba: boolean;
  /** the package mails print sets: a typed address must be mailable */
  mailable: boolean;
}

/** The name a mailing address takes from the participant unless another is typed. */
export const participantFullName = (values: { givenName?: string | null; familyName?: string | null }) =>
  [values.givenName?.trim(), values.familyName?.trim()].filter(Boolean).join(" ");

const contract = createParticipantSchema.shape;
// the form keeps a field left empty as "", where the API takes null
const blankIsNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/**
 * The participant form checked as the API will check its body (the contract's create schema for
 * the fields it has in common), then for the contact its access method needs, the knowledge answers
 * and the mailing address when the form asks for them.
 */
export function participantFormSchema(checks: ParticipantFormChecks) {
  return z
    .object({
      type: contract.type,
      role: contract.role,
      givenName: contract.givenName,
      middleName: contract.middleName,
      familyName: contract.familyName,
      email: z.preprocess(blankIsNull, contract.email),
      phoneNumber: contract.phoneNumber,
      accessMethod: contract.accessMethod,
      language: contract.language,
      dateOfBirth: z.string(),
      postalCode: z.string(),
      ssnLast4: z.string(),
      mailingAddress: z.custom<MailingAddressValues>(),
    })
    .superRefine((values, ctx) => {
      const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
      const missing = checks.contactOptional
        ? null
        : missingContact({
            accessMethod: values.accessMethod,
            email: values.email ?? "",
            phone: values.phoneNumber ?? "",
          });
      if (missing) problem([values.accessMethod === "SMS" ? "phoneNumber" : "email"], missing);
      if (checks.asksKba) {
        for (const [field, message] of Object.entries(kbaProblems(values))) problem([field], message);
      }
      if (checks.mailable) {
        const name = participantFullName(values);
        for (const [field, message] of Object.entries(mailingAddressProblems(values.mailingAddress, name))) {
          problem(["mailingAddress", field], message);
        }
      }
    });
}
