import { createHash, randomInt } from "node:crypto";
import { MFA_LIMITS, type MfaMethod, type MfaStatus } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import { readOrganizationSetting } from "../settings/read-organization-settings.ts";

type Reader = Pick<
  Prisma.TransactionClient,
  "user" | "organizationSetting" | "mfaRecoveryCode" | "mfaAuthenticator" | "mfaPhoneVerification"
>;

export const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/** Whether the organization's "Require a second factor" setting (mfa_required) is on. */
export async function organizationRequiresMfa(db: Reader, organizationId: string | null): Promise<boolean> {
  if (!organizationId) return false;
  return readOrganizationSetting(db, organizationId, "mfa_required");
}

export interface MfaFactors {
  /** a confirmed authenticator app */
  totp: boolean;
  /** the MFA phone, when verified by a code and unchanged since */
  smsPhone: string | null;
  recoveryCodesRemaining: number;
  authenticator: { verified: boolean; createdAt: Date } | null;
  phone: { phoneNumber: string; verified: boolean } | null;
}

/** What the user's second factors are made of, as stored. */
export interface MfaFactorRows {
  mfaPhoneNumber: string | null;
  mfaAuthenticator: { verifiedAt: Date | null; createdAt: Date } | null;
  mfaPhoneVerification: { verifiedAt: Date | null; phoneNumber: string } | null;
  recoveryCodesRemaining: number;
}

/** The user's second factors as they stand; the phone counts only while it is the number that was verified. */
export async function loadMfaFactors(db: Reader, userId: string): Promise<MfaFactors> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { mfaPhoneNumber: true, mfaAuthenticator: true, mfaPhoneVerification: true },
  });
  const recoveryCodesRemaining = await db.mfaRecoveryCode.count({ where: { userId, usedAt: null } });
  return mfaFactorsOf({ ...user, recoveryCodesRemaining });
}

/** loadMfaFactors' answer from rows read elsewhere (a sign-in reads them with the account). */
export function mfaFactorsOf(rows: MfaFactorRows): MfaFactors {
  const { mfaPhoneNumber, mfaAuthenticator, mfaPhoneVerification, recoveryCodesRemaining } = rows;
  const phoneVerified = Boolean(
    mfaPhoneNumber && mfaPhoneVerification?.verifiedAt && mfaPhoneVerification.phoneNumber === mfaPhoneNumber,
  );
  return {
    totp: Boolean(mfaAuthenticator?.verifiedAt),
    smsPhone: phoneVerified ? mfaPhoneNumber : null,
    recoveryCodesRemaining,
    authenticator: mfaAuthenticator
      ? { verified: Boolean(mfaAuthenticator.verifiedAt), createdAt: mfaAuthenticator.createdAt }
      : null,
    phone: mfaPhoneNumber ? { phoneNumber: mfaPhoneNumber, verified: phoneVerified } : null,
  };
}

export const hasVerifiedFactor = (factors: MfaFactors) => factors.totp || factors.smsPhone !== null;

/** The ways a sign-in challenge can be answered. */
export function challengeMethods(factors: MfaFactors): MfaMethod[] {
  const methods: MfaMethod[] = [];
  if (factors.totp) methods.push("totp");
  if (factors.smsPhone) methods.push("sms");
  if (hasVerifiedFactor(factors) && factors.recoveryCodesRemaining > 0) methods.push("recovery_code");
  return methods;
}

export function presentMfaStatus(factors: MfaFactors, required: boolean): MfaStatus {
  return {
    required,
    enrolled: hasVerifiedFactor(factors),
    authenticator: factors.authenticator
      ? { verified: factors.authenticator.verified, createdAt: factors.authenticator.createdAt.toISOString() }
      : null,
    phone: factors.phone,
    recoveryCodesRemaining: factors.recoveryCodesRemaining,
  };
}

// Recovery codes: 12 characters from an alphabet without look-alikes (about 60 bits), shown as
// xxxx-xxxx-xxxx. Their entropy makes a plain SHA-256 enough to store them.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export function newRecoveryCodes(): string[] {
  return Array.from({ length: MFA_LIMITS.recoveryCodeCount }, () => {
    const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}-${chars.slice(8).join("")}`;
  });
}

/** As typed: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, "");

export const newSmsCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");
