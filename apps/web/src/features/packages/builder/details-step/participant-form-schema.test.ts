import { PARTICIPANT_MESSAGES } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { emptyMailingAddress } from "../../../print-mail/MailingAddressFields.tsx";
import { PARTICIPANT_FIELD_MESSAGES as M } from "./participant-fields.ts";
import { type ParticipantFormChecks, participantFormSchema } from "./participant-form-schema.ts";

const form = {
  type: "Borrower",
  role: "SIGNER",
  givenName: "Ann",
  middleName: "",
  familyName: "Lee",
  email: "ann@example.com",
  phoneNumber: "",
  accessMethod: "EMAIL",
  idVerification: "DEFAULT",
  dateOfBirth: "",
  postalCode: "",
  ssnLast4: "",
  mailingAddress: emptyMailingAddress,
};
const checks: ParticipantFormChecks = { contactOptional: false, asksKba: false, mailable: false };

/** The fields the schema refuses, each with its first message. */
function refused(change: Partial<typeof form>, options: Partial<ParticipantFormChecks> = {}) {
  const result = participantFormSchema({ ...checks, ...options }).safeParse({ ...form, ...change });
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join(".")] ??= issue.message;
  return found;
}

describe("the participant form's schema", () => {
  it("refuses what the API refuses, with the API's messages", () => {
    expect(refused({})).toEqual({});
    expect(refused({ type: "  " })).toEqual({ type: M.typeRequired });
    expect(refused({ email: "ann@" })).toEqual({ email: M.emailInvalid });
    expect(refused({ email: " Ann@Example.COM " })).toEqual({});
    expect(refused({ phoneNumber: "(123) 456-7890" })).toEqual({});
    expect(Object.keys(refused({ phoneNumber: "12345" }))).toEqual(["phoneNumber"]);
    expect(Object.keys(refused({ givenName: "A".repeat(101) }))).toEqual(["givenName"]);
  });

  it("asks for the contact the access method needs, except of a template's slot", () => {
    expect(refused({ email: "" })).toEqual({ email: PARTICIPANT_MESSAGES.emailRequired });
    expect(refused({ accessMethod: "SMS" })).toEqual({ phoneNumber: PARTICIPANT_MESSAGES.phoneRequired });
    expect(refused({ accessMethod: "SMS", phoneNumber: "123-456-7890" })).toEqual({});
    expect(refused({ email: "" }, { contactOptional: true })).toEqual({});
  });

  it("checks knowledge answers only when they are asked", () => {
    expect(refused({ postalCode: "123" })).toEqual({});
    expect(refused({ postalCode: "123" }, { asksKba: true })).toEqual({ postalCode: "Enter a five-digit ZIP code." });
    expect(refused({ postalCode: "94105" }, { asksKba: true })).toEqual({});
  });

  it("checks a typed mailing address only when the package mails print sets", () => {
    const address = { ...emptyMailingAddress, line1: "1 Main St", city: "Dayton", state: "ZZ", postalCode: "45402" };
    expect(refused({ mailingAddress: address })).toEqual({});
    expect(refused({ mailingAddress: address }, { mailable: true })).toEqual({
      "mailingAddress.state": "Enter a two-letter US state code, e.g. CA",
    });
    expect(refused({ mailingAddress: { ...address, state: "OH" } }, { mailable: true })).toEqual({});
    // a blank address is no address
    expect(refused({}, { mailable: true })).toEqual({});
  });
});
