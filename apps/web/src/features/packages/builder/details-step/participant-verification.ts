import { type IdVerificationMethod, type KbaAnswers, kbaAnswersSchema } from "@signet/contract";
import { ApiError, errorMessage } from "../../../../api/api-error.ts";

// The participant form's identity verification (issue 5 §2): the method, the knowledge answers the
// sender types (sent, never shown back) and where the server's refusals belong on the form.

/** A new participant may leave the method to the organization's default (the server picks it). */
export type IdVerificationChoice = IdVerificationMethod | "DEFAULT";

export interface KbaInput {
  dateOfBirth: string;
  postalCode: string;
  ssnLast4: string;
}

export const emptyKba: KbaInput = { dateOfBirth: "", postalCode: "", ssnLast4: "" };

export type KbaProblems = Partial<Record<keyof KbaInput, string>>;

/** The typed answers, trimmed, without the empty ones; null when none was typed. */
export function kbaAnswersBody(input: KbaInput): KbaAnswers | null {
  const answers: KbaAnswers = {};
  const dateOfBirth = input.dateOfBirth.trim();
  const postalCode = input.postalCode.trim();
  const ssnLast4 = input.ssnLast4.trim();
  if (dateOfBirth) answers.dateOfBirth = dateOfBirth;
  if (postalCode) answers.postalCode = postalCode;
  if (ssnLast4) answers.ssnLast4 = ssnLast4;
  return Object.keys(answers).length > 0 ? answers : null;
}

/** Each typed answer checked as the server will (YYYY-MM-DD, five digits, four digits). */
export function kbaProblems(input: KbaInput): KbaProblems {
  const answers = kbaAnswersBody(input);
  if (!answers) return {};
  const parsed = kbaAnswersSchema.safeParse(answers);
  if (parsed.success) return {};
  const problems: KbaProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "dateOfBirth") problems.dateOfBirth = "Enter a date of birth.";
    else if (field === "postalCode" || field === "ssnLast4") problems[field] = issue.message;
  }
  return problems;
}

/**
 * What the form sends about verification: the method (left out for the organization default) and,
 * for knowledge questions, the answers typed (left out when none: the answers on file stay).
 */
export function verificationBody(
  choice: IdVerificationChoice,
  kba: KbaInput,
): { idVerification?: IdVerificationMethod; kbaAnswers?: KbaAnswers } {
  const body: { idVerification?: IdVerificationMethod; kbaAnswers?: KbaAnswers } = {};
  if (choice !== "DEFAULT") body.idVerification = choice;
  if (choice === "KBA") {
    const answers = kbaAnswersBody(kba);
    if (answers) body.kbaAnswers = answers;
  }
  return body;
}

/**
 * The choice to send: the organization default stays the default (the server applies it), except
 * that a KBA default with answers typed is sent as KBA (the server's KBA default needs answers, and
 * without them falls back to none).
 */
export function effectiveChoice(
  choice: IdVerificationChoice,
  organizationDefault: IdVerificationMethod | undefined,
  kba: KbaInput,
): IdVerificationChoice {
  if (choice === "DEFAULT" && organizationDefault === "KBA" && kbaAnswersBody(kba)) return "KBA";
  return choice;
}

/** Whether the form asks for knowledge answers: KBA chosen, or the default when it is KBA. */
export function asksKbaAnswers(choice: IdVerificationChoice, organizationDefault: IdVerificationMethod | undefined) {
  return choice === "KBA" || (choice === "DEFAULT" && organizationDefault === "KBA");
}

export type ParticipantField =
  | "type"
  | "email"
  | "phoneNumber"
  | "idVerification"
  | "kbaAnswers"
  | "witnessForParticipantId"
  | keyof KbaInput;

export interface ParticipantServerError {
  /** messages that belong under a field of the form */
  fields: Partial<Record<ParticipantField, string>>;
  /** the rest (the server's message), shown above the buttons */
  form: string | null;
}

const FIELDS: readonly ParticipantField[] = [
  "type",
  "email",
  "phoneNumber",
  "idVerification",
  "kbaAnswers",
  "witnessForParticipantId",
];

/** "body.kbaAnswers.postalCode" → postalCode, "idVerification" → idVerification, else null. */
function fieldOf(path: string): ParticipantField | null {
  const segments = path.split(".").filter((segment) => segment !== "body");
  if (segments[0] === "kbaAnswers" && (segments[1] === "dateOfBirth" || segments[1] === "postalCode")) {
    return segments[1];
  }
  if (segments[0] === "kbaAnswers" && segments[1] === "ssnLast4") return "ssnLast4";
  const field = FIELDS.find((name) => name === segments[0]);
  return field ?? null;
}

/**
 * A refused save, spread over the form: each detail under its field ('A text-message code needs the
 * participant's mobile phone number.' under the verification select), the rest as the form's
 * message. Null when it is not a refusal of the input (a conflict, an error page already shown).
 */
export function participantServerError(error: unknown): ParticipantServerError | null {
  if (!(error instanceof ApiError)) return { fields: {}, form: errorMessage(error) };
  if (error.handled || error.status !== 400) return null;
  const fields: ParticipantServerError["fields"] = {};
  const rest: string[] = [];
  for (const detail of error.details ?? []) {
    const field = fieldOf(detail.path);
    if (field && !fields[field]) fields[field] = detail.message;
    else if (!field) rest.push(detail.message);
  }
  if (rest.length > 0) return { fields, form: [error.message, ...rest].join(" ") };
  // a refusal with its field (a detail repeats the message) is shown under the field only
  return { fields, form: Object.keys(fields).length > 0 ? null : error.message };
}
