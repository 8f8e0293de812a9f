import { z } from "zod";
import { tokenResponseSchema } from "./auth.ts";
import { ID } from "./ids.ts";
import { MFA_MESSAGES, MFA_METHODS } from "./mfa-constants.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";
import { normalizePhoneInput, USER_MESSAGES } from "./users.ts";

// A second factor (issue 12 §4): an authenticator app (TOTP, RFC 6238) or one-time codes by SMS to
// the user's verified MFA phone, with recovery codes; a password sign-in of a user with a verified
// factor is finished by a code; an organization may require every member to enrol.

export const MFA_LIMITS = {
  /** how long a sign-in waits for its second factor */
  challengeMinutes: 10,
  /** an SMS code's lifetime */
  smsCodeMinutes: 5,
  /** texts per sign-in challenge or per phone verification within an hour */
  smsCodesPerChallenge: 5,
  /** wrong tries before one SMS code dies (sign-in failures also count towards the account lock) */
  wrongTriesPerSmsCode: 5,
  recoveryCodeCount: 10,
  /** TOTP: accept the previous and the next 30-second step (clock drift) */
  totpToleranceSeconds: 30,
} as const;

export const mfaMethodSchema = z
  .enum(MFA_METHODS)
  .describe("totp: authenticator app; sms: a code texted to the MFA phone; recovery_code: one of the saved codes");
export type MfaMethod = z.infer<typeof mfaMethodSchema>;

// RFC 8176 authentication method reference values, by kind of factor.
const KNOWLEDGE = new Set(["pwd", "pin", "kba"]);
const POSSESSION = new Set(["otp", "hwk", "swk", "sms", "tel", "sc"]);
const INHERENCE = new Set(["fpt", "face", "iris", "retina", "vbm", "user"]);

/**
 * Whether an identity provider's `amr` (RFC 8176) says the person gave more than one factor: "mfa",
 * or values of two different kinds (something known, held, or that the person is), e.g. "pwd"
 * with "otp", "hwk" or "sms". Anything that is not a list of strings asserts nothing.
 */
export function amrAssertsSecondFactor(amr: unknown): boolean {
  if (!Array.isArray(amr) || !amr.every((value) => typeof value === "string")) return false;
  const values = new Set(amr as string[]);
  if (values.has("mfa")) return true;
  const kinds = [KNOWLEDGE, POSSESSION, INHERENCE].filter((kind) => [...values].some((value) => kind.has(value)));
  return kinds.length >= 2;
}

const codeSchema = z.string().trim().min(1, MFA_MESSAGES.codeInvalid).max(64, MFA_MESSAGES.codeInvalid);
const sixDigits = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code."));

export const mfaChallengeAnswerSchema = z
  .object({
    mfa_token: z.string().min(20).max(200).describe("The mfa_token of the token endpoint's mfa_challenge answer"),
    method: mfaMethodSchema,
    code: codeSchema.describe("The 6-digit code, or a recovery code"),
  })
  .meta({ id: "MfaChallengeAnswer" });
export type MfaChallengeAnswer = z.infer<typeof mfaChallengeAnswerSchema>;

export const mfaChallengeSmsRequestSchema = z
  .object({
    mfa_token: z.string().min(20).max(200).describe("The mfa_token of the token endpoint's mfa_challenge answer"),
  })
  .meta({ id: "MfaChallengeSmsRequest" });

export const mfaSmsSentSchema = z
  .object({
    phoneNumberEnding: z.string().describe("The last two digits of the phone the code went to"),
    expiresInSeconds: z.number().int().describe("Seconds the texted code stays valid"),
  })
  .meta({ id: "MfaSmsSent" });
export type MfaSmsSent = z.infer<typeof mfaSmsSentSchema>;

export const mfaStatusSchema = z
  .object({
    required: z.boolean().describe("The current organization requires a second factor"),
    enrolled: z.boolean().describe("The user has at least one verified second factor"),
    authenticator: z
      .object({
        verified: z.boolean().describe("A code from the app has been accepted: it is a second factor"),
        createdAt: z.string().describe("When the app was added (ISO 8601 time)"),
      })
      .nullable()
      .describe("The authenticator app, when one was added (unverified until its first code)"),
    phone: z
      .object({
        phoneNumber: z.string().describe("The MFA phone number, ten digits"),
        verified: z.boolean().describe("A texted code has been accepted: it is a second factor"),
      })
      .nullable()
      .describe("The MFA phone: it receives sign-in codes once verified by a code"),
    recoveryCodesRemaining: z.number().int().describe("Recovery codes not used yet"),
  })
  .meta({ id: "MfaStatus", description: "The signed-in user's second factors" });
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const mfaAuthenticatorSetupSchema = z
  .object({
    secret: z.string().describe("Base32 key to type into the app when the QR code cannot be scanned"),
    otpauthUri: z.string().describe("otpauth:// URI (Key URI format) the QR code holds"),
    qrCodeDataUrl: z.string().describe("PNG data URL of the QR code"),
  })
  .meta({ id: "MfaAuthenticatorSetup" });
export type MfaAuthenticatorSetup = z.infer<typeof mfaAuthenticatorSetupSchema>;

export const mfaCodeSchema = z
  .object({ code: sixDigits.describe("The 6-digit code from the app or the text message") })
  .meta({ id: "MfaCode" });

export const mfaEnrolledSchema = z
  .object({
    status: mfaStatusSchema,
    recoveryCodes: z
      .array(z.string())
      .nullable()
      .describe("Shown once: the first verified factor comes with ten recovery codes"),
    token: tokenResponseSchema
      .optional()
      .describe(
        "A session that was waiting for enrolment is replaced by one that is not (cookies, or this bearer token)",
      ),
  })
  .meta({ id: "MfaEnrolled" });
export type MfaEnrolled = z.infer<typeof mfaEnrolledSchema>;

export const mfaRecoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()).describe("Shown once; each works once") })
  .meta({ id: "MfaRecoveryCodes" });

export const mfaPhoneNumberSchema = z
  .object({
    phoneNumber: z
      .string()
      .max(32, USER_MESSAGES.phoneTenDigits)
      .transform((value, ctx) => {
        const digits = normalizePhoneInput(value);
        if (digits === null) {
          ctx.addIssue({ code: "custom", message: USER_MESSAGES.phoneTenDigits });
          return z.NEVER;
        }
        return digits;
      })
      .describe("The phone that will receive sign-in codes: a US number of ten digits (punctuation is ignored)"),
  })
  .meta({ id: "MfaPhoneNumber" });

const me = { base: "api", version: 1, auth: "partial", tags: ["mfa"] } as const;

export const mfaRoutes = {
  answerMfaChallenge: define({
    method: "POST",
    base: "cas",
    path: "/mfa-challenge",
    auth: "none",
    summary:
      "Finish a sign-in that answered token_type mfa_challenge with a code (authenticator app, SMS or recovery code); answers like the token endpoint. Rate limited; wrong codes lock the account like wrong passwords.",
    tags: ["mfa"],
    body: mfaChallengeAnswerSchema,
    response: tokenResponseSchema,
    status: 200,
  }),
  sendMfaChallengeSms: define({
    method: "POST",
    base: "cas",
    path: "/mfa-challenge/sms",
    auth: "none",
    summary: "Text a sign-in code to the user's verified MFA phone for a pending mfa_challenge",
    tags: ["mfa"],
    body: mfaChallengeSmsRequestSchema,
    response: mfaSmsSentSchema,
    status: 200,
  }),
  getMyMfa: define({
    ...me,
    method: "GET",
    path: "/users/me/mfa",
    summary: "The signed-in user's second factors and whether the organization requires one",
    response: mfaStatusSchema,
    status: 200,
  }),
  startMfaAuthenticator: define({
    ...me,
    method: "POST",
    path: "/users/me/mfa/authenticator",
    summary: "Start adding an authenticator app: a new key, its otpauth URI and QR code (confirmed by a first code)",
    response: mfaAuthenticatorSetupSchema,
    status: 201,
  }),
  verifyMfaAuthenticator: define({
    ...me,
    method: "POST",
    path: "/users/me/mfa/authenticator/verify",
    summary: "Confirm the authenticator app with its first code; the first factor comes with recovery codes",
    body: mfaCodeSchema,
    response: mfaEnrolledSchema,
    status: 200,
  }),
  removeMfaAuthenticator: define({
    ...me,
    method: "DELETE",
    path: "/users/me/mfa/authenticator",
    summary: "Remove the authenticator app",
    response: mfaStatusSchema,
    status: 200,
  }),
  setMfaPhoneNumber: define({
    ...me,
    method: "PUT",
    path: "/users/me/mfa-phone-number",
    summary: "Set the MFA phone number and text it a code to verify it (a new number is unverified until then)",
    body: mfaPhoneNumberSchema,
    response: mfaSmsSentSchema,
    status: 200,
  }),
  verifyMfaPhoneNumber: define({
    ...me,
    method: "POST",
    path: "/users/me/mfa-phone-number/verify",
    summary: "Verify the MFA phone with the texted code; the first factor comes with recovery codes",
    body: mfaCodeSchema,
    response: mfaEnrolledSchema,
    status: 200,
  }),
  removeMfaPhoneNumber: define({
    ...me,
    method: "DELETE",
    path: "/users/me/mfa-phone-number",
    summary: "Remove the MFA phone number (text message codes stop)",
    response: mfaStatusSchema,
    status: 200,
  }),
  regenerateMfaRecoveryCodes: define({
    ...me,
    method: "POST",
    path: "/users/me/mfa/recovery-codes",
    summary: "Replace the recovery codes with ten new ones (the old ones stop working)",
    response: mfaRecoveryCodesSchema,
    status: 201,
  }),
  resetUserMfa: define({
    method: "DELETE",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/users/:userId/mfa",
    auth: "user",
    permission: ["MANAGE_USERS"],
    summary:
      "Reset a member's second factors (lost phone and recovery codes): they sign in with the password alone, or are asked to enrol again where the organization requires it. Home organization only.",
    tags: ["mfa"],
    params: z.object({ orgId: ID.orgId, userId: ID.userId }),
    response: null,
    status: 204,
  }),
} as const satisfies Record<string, RouteDef>;
