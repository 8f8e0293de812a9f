import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** The secret of an invitation link: only its SHA-256 is stored. */
export function newInvitationSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString("base64url");
  return { secret, hash: hashInvitationSecret(secret) };
}

export function hashInvitationSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** A six-digit code for the verification email. */
export function newVerificationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/** Salted with the invitation id, so one table of the million codes' hashes does not fit every row. */
export function hashVerificationCode(invitationId: string, code: string): string {
  return createHash("sha256").update(`${invitationId}:${code}`).digest("hex");
}

/** Constant-time comparison of two hex digests. */
export function sameHash(stored: string | null, presented: string): boolean {
  if (!stored || stored.length !== presented.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(presented));
}
