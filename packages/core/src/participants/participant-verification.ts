import { type IdVerificationMethod, KBA_QUESTIONS, type KbaAnswers } from "@signet/contract";
import type { FieldCipher } from "../crypto/field-cipher.ts";
import { AppError } from "../errors/app-error.ts";

const refuse = (path: string, message: string) => new AppError("BAD_REQUEST", message, [{ path, message }]);

/**
 * The ID verification columns of a participant (issue 5 §2): the method, and for KBA the answers
 * the sender entered, kept encrypted like encrypted custom fields (only which questions were
 * answered is kept in clear). SMS codes need a phone; KBA needs at least one answer.
 */
export function verificationColumns(
  input: { idVerification?: IdVerificationMethod; kbaAnswers?: KbaAnswers },
  current: { idVerification: IdVerificationMethod; phoneNumber: string | null; kbaQuestions: string[] },
  cipher: FieldCipher,
): { idVerification?: IdVerificationMethod; verificationCiphertext?: string | null; kbaQuestions?: string[] } {
  const method = input.idVerification ?? current.idVerification;
  const columns: ReturnType<typeof verificationColumns> = {};
  if (input.idVerification !== undefined) columns.idVerification = input.idVerification;
  if (input.kbaAnswers !== undefined) {
    const answered = KBA_QUESTIONS.filter((question) => input.kbaAnswers?.[question]);
    columns.kbaQuestions = answered;
    columns.verificationCiphertext = answered.length > 0 ? cipher.encrypt(JSON.stringify(input.kbaAnswers)) : null;
  }
  if (method === "SMS_CODE" && !current.phoneNumber) {
    throw refuse("idVerification", "A text-message code needs the participant's mobile phone number.");
  }
  if (method === "KBA" && (columns.kbaQuestions ?? current.kbaQuestions).length === 0) {
    throw refuse(
      "kbaAnswers",
      "Knowledge questions need at least one answer (date of birth, ZIP code or SSN last four).",
    );
  }
  return columns;
}
