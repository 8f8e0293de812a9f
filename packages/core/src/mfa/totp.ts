import { MFA_LIMITS } from "@signet/contract";
import { generateSecret, generateURI, verify } from "otplib";

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30-second steps. */
export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, issuer: string, label: string): string {
  return generateURI({ issuer, label, secret });
}

/**
 * Checks a code within one step of drift and only for a time step after the last accepted one,
 * so a code (or an older one) is never accepted twice. Answers the accepted time step, or null.
 */
export async function checkTotp(secret: string, code: string, lastTimeStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: MFA_LIMITS.totpToleranceSeconds,
      ...(lastTimeStep !== null ? { afterTimeStep: lastTimeStep } : {}),
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    // otplib refuses an afterTimeStep beyond the window: nothing in the window can be accepted then
    return null;
  }
}
