import { z } from "zod";
import { IDEMPOTENCY_MESSAGES } from "./idempotency.ts";
import { MESSAGES } from "./messages.ts";
import { MFA_MESSAGES } from "./mfa-constants.ts";

// One error type for the whole API: a stable code, its HTTP status and the catalogue message.
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, message: MESSAGES.badRequest },
  INVALID_CREDENTIALS: { status: 400, message: MESSAGES.invalidCredentials },
  ACCOUNT_LOCKED: { status: 400, message: MESSAGES.accountLocked },
  USER_NOT_ENABLED_FOR_ORG: { status: 400, message: MESSAGES.userNotEnabledForOrg },
  PASSWORD_PREVIOUSLY_USED: { status: 400, message: MESSAGES.passwordPreviouslyUsed },
  WRONG_CURRENT_PASSWORD: { status: 400, message: MESSAGES.wrongCurrentPassword },
  PASSWORD_POLICY: { status: 400, message: MESSAGES.passwordPolicy },
  LINK_EXPIRED: { status: 400, message: MESSAGES.emailNotFoundOrLinkExpired },
  NOT_A_JWT: { status: 401, message: MESSAGES.notAJwt },
  UNAUTHORIZED: { status: 401, message: MESSAGES.unauthorized },
  CSRF: { status: 403, message: MESSAGES.csrf },
  FORBIDDEN: { status: 403, message: MESSAGES.forbidden },
  CREDENTIALS_EXPIRED: { status: 403, message: MESSAGES.credentialsExpired },
  ORGANIZATION_NOT_SELECTED: { status: 403, message: MESSAGES.organizationNotSelected },
  NOT_FOUND: { status: 404, message: MESSAGES.notFound },
  UNSUPPORTED_API_VERSION: { status: 404, message: MESSAGES.unsupportedApiVersion },
  VERSION_NOT_MATCHED: { status: 409, message: MESSAGES.versionNotMatched },
  ALREADY_EXISTS: { status: 409, message: "This item already exists" },
  /** the action destroys data (e.g. tags) and the request did not confirm it; details say what */
  CONFIRMATION_REQUIRED: { status: 409, message: "Confirm this change: it deletes data that cannot be restored." },
  CONFLICT: { status: 409, message: MESSAGES.actionNotCompleted },
  /** the first request under this Idempotency-Key has not answered yet */
  IDEMPOTENCY_KEY_IN_USE: { status: 409, message: IDEMPOTENCY_MESSAGES.inProgress },
  /** the Idempotency-Key names another request (another path or body) */
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: IDEMPOTENCY_MESSAGES.reused },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Upload failed. Maximum file size exceeded." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Upload failed. File format not supported." },
  SIGNING_LINK_INVALID: { status: 404, message: "This signing link is not valid." },
  SIGNING_LINK_USED: { status: 410, message: "This signing link has already been used. Ask for a new link below." },
  SIGNING_LINK_EXPIRED: { status: 410, message: "This signing link has expired. Ask for a new link below." },
  SIGNING_SESSION_ENDED: { status: 401, message: "Your signing session has ended. Open your invitation link again." },
  SIGNING_CLOSED: { status: 409, message: "This package is not available for signing." },
  NOT_YOUR_TURN: {
    status: 409,
    message: "Another participant must finish first. We will email you when it is your turn.",
  },
  VERIFICATION_FAILED: { status: 400, message: "That did not match. Please try again." },
  VERIFICATION_LOCKED: { status: 423, message: "Too many wrong attempts. Try again later or contact the sender." },
  CONSENT_REQUIRED: { status: 403, message: "Please agree to do business electronically first." },
  CONSENT_CODE_WRONG: { status: 400, message: "The code does not match the one in the consent document." },
  SIGNATURE_NOT_ADOPTED: { status: 409, message: "Adopt your signature and initials first." },
  REQUIRED_FIELDS_MISSING: { status: 409, message: "Fill every required field before finishing." },
  /** a second factor's code was wrong, expired or already used (issue 12 §4) */
  MFA_CODE_INVALID: { status: 400, message: MFA_MESSAGES.codeInvalid },
  MFA_CHALLENGE_EXPIRED: { status: 400, message: MFA_MESSAGES.challengeExpired },
  /** the organization requires a second factor and the user has none yet: only enrolment is open */
  MFA_ENROLMENT_REQUIRED: { status: 403, message: MFA_MESSAGES.enrolmentRequired },
  MFA_FACTOR_REQUIRED: { status: 409, message: MFA_MESSAGES.lastFactorRequired },
  /** an eVault (or another outside service) did not answer or refused; the message says which and why */
  UPSTREAM_FAILED: { status: 502, message: "An outside service did not answer. Please try again." },
  RATE_LIMITED: { status: 429, message: MESSAGES.tooManyRequests },
  INTERNAL: { status: 500, message: MESSAGES.internal },
  SERVICE_UNAVAILABLE: { status: 503, message: MESSAGES.serviceDown },
  /** a transaction or statement passed its time limit and was undone (issue 29 §5) */
  DATABASE_TIMEOUT: {
    status: 503,
    message: "The database took too long to answer and the change was undone: nothing was saved. Please try again.",
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorBodySchema = z
  .object({
    code: z.string().describe("Stable machine-readable error code"),
    message: z.string().describe("Message to show the user"),
    status: z.number().int().describe("The HTTP status of the answer, repeated in the body"),
    traceId: z.string().describe("Quote this to support; also in the X-Trace-Id response header"),
    details: z
      .array(
        z.object({
          path: z.string().describe("The field at fault, dotted, e.g. participants.0.email"),
          message: z.string().describe("What is wrong with it, to show the user"),
        }),
      )
      .optional()
      .describe("Field errors of a bad request"),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof errorBodySchema>;
