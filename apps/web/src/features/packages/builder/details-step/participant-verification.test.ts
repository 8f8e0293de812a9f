import { describe, expect, it } from "vitest";
import { ApiError } from "../../../../api/api-error.ts";
import {
  asksKbaAnswers,
  effectiveChoice,
  emptyKba,
  kbaAnswersBody,
  kbaProblems,
  participantServerError,
  verificationBody,
} from "./participant-verification.ts";

describe("participant identity verification", () => {
  it("sends only the answers typed", () => {
    expect(kbaAnswersBody(emptyKba)).toBeNull();
    expect(kbaAnswersBody({ dateOfBirth: "1980-04-01", postalCode: " 02139 ", ssnLast4: "" })).toEqual({
      dateOfBirth: "1980-04-01",
      postalCode: "02139",
    });
  });

  it("checks the answers as the server does", () => {
    expect(kbaProblems(emptyKba)).toEqual({});
    expect(kbaProblems({ dateOfBirth: "1980-04-01", postalCode: "0213", ssnLast4: "12a4" })).toEqual({
      postalCode: "Enter a five-digit ZIP code.",
      ssnLast4: "Enter the last four digits.",
    });
    expect(kbaProblems({ ...emptyKba, dateOfBirth: "01/04/1980" })).toEqual({ dateOfBirth: "Enter a date of birth." });
  });

  it("leaves the method to the organization default and keeps answers on file when none are typed", () => {
    expect(verificationBody("DEFAULT", { ...emptyKba, ssnLast4: "1234" })).toEqual({});
    expect(verificationBody("SMS_CODE", { ...emptyKba, ssnLast4: "1234" })).toEqual({ idVerification: "SMS_CODE" });
    expect(verificationBody("KBA", emptyKba)).toEqual({ idVerification: "KBA" });
    expect(verificationBody("KBA", { ...emptyKba, ssnLast4: "1234" })).toEqual({
      idVerification: "KBA",
      kbaAnswers: { ssnLast4: "1234" },
    });
  });

  it("puts the server's refusal under its field", () => {
    const sms = new ApiError({
      status: 400,
      code: "BAD_REQUEST",
      message: "A text-message code needs the participant's mobile phone number.",
      details: [
        { path: "idVerification", message: "A text-message code needs the participant's mobile phone number." },
      ],
    });
    expect(participantServerError(sms)).toEqual({
      fields: { idVerification: "A text-message code needs the participant's mobile phone number." },
      form: null,
    });
    const zip = new ApiError({
      status: 400,
      code: "BAD_REQUEST",
      message: "Bad request",
      details: [
        { path: "body.kbaAnswers.postalCode", message: "Enter a five-digit ZIP code." },
        { path: "body.avHost", message: "Expected boolean" },
      ],
    });
    expect(participantServerError(zip)).toEqual({
      fields: { postalCode: "Enter a five-digit ZIP code." },
      form: "Bad request Expected boolean",
    });
    const plain = new ApiError({ status: 400, code: "BAD_REQUEST", message: "Nope." });
    expect(participantServerError(plain)).toEqual({ fields: {}, form: "Nope." });
  });

  it("leaves conflicts and handled errors to the builder", () => {
    expect(participantServerError(new ApiError({ status: 409, code: "CONFLICT", message: "x" }))).toBeNull();
    const handled = new ApiError({ status: 400, code: "BAD_REQUEST", message: "x" });
    handled.handled = true;
    expect(participantServerError(handled)).toBeNull();
  });
});

describe("the organization's default method", () => {
  it("asks for answers when the default is knowledge questions, and sends KBA only with answers", () => {
    expect(asksKbaAnswers("DEFAULT", "KBA")).toBe(true);
    expect(asksKbaAnswers("DEFAULT", "SMS_CODE")).toBe(false);
    expect(asksKbaAnswers("KBA", undefined)).toBe(true);
    expect(effectiveChoice("DEFAULT", "KBA", emptyKba)).toBe("DEFAULT");
    expect(effectiveChoice("DEFAULT", "KBA", { ...emptyKba, postalCode: "02139" })).toBe("KBA");
    expect(effectiveChoice("DEFAULT", "SMS_CODE", { ...emptyKba, postalCode: "02139" })).toBe("DEFAULT");
    expect(effectiveChoice("NONE", "KBA", { ...emptyKba, postalCode: "02139" })).toBe("NONE");
  });
});
