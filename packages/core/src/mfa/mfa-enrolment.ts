import { timingSafeEqual } from "node:crypto";
import {
  MFA_LIMITS,
  MFA_MESSAGES,
  type MfaAuthenticatorSetup,
  type MfaEnrolled,
  type MfaSmsSent,
  type MfaStatus,
} from "@signet/contract";
import type { UserActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { type IssuedToken, issueToken } from "../auth/issue-token.ts";
import { requireOwnSignIn } from "../auth/require-own-sign-in.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import {
  hasVerifiedFactor,
  loadMfaFactors,
  newRecoveryCodes,
  newSmsCode,
  normalizeRecoveryCode,
  organizationRequiresMfa,
  presentMfaStatus,
  sha256Hex,
} from "./mfa-factors.ts";
import { checkTotp, newTotpSecret, totpUri } from "./totp.ts";

// A person manages their own second factors (issue 12 §4): an authenticator app confirmed by a
// first code, an MFA phone verified by a texted code, and recovery codes shown once. Every route
// acts on the signed-in user only, so there is no other person's id to reach.

type Tx = Prisma.TransactionClient;

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function homeOrganization(db: CoreDeps["db"], userId: string) {
  return (await db.user.findUniqueOrThrow({ where: { id: userId }, select: { homeOrganizationId: true } }))
    .homeOrganizationId;
}

function auditOn(tx: Tx, actor: UserActor, type: string, data: Record<string, unknown> = {}) {
  return appendAuditEvent(tx, actor, {
    organizationId: actor.organizationId,
    streamType: "user",
    streamId: actor.userId,
    type,
    data,
  });
}

export async function getMyMfa(actor: UserActor, deps: CoreDeps): Promise<MfaStatus> {
  const [factors, required] = await Promise.all([
    loadMfaFactors(deps.db, actor.userId),
    organizationRequiresMfa(deps.db, actor.organizationId),
  ]);
  return presentMfaStatus(factors, required);
}

/** A new key for an authenticator app (replacing one not yet confirmed); it counts after a first code. */
export async function startMfaAuthenticator(actor: UserActor, deps: CoreDeps): Promise<MfaAuthenticatorSetup> {
  await requireOwnSignIn(actor, "authenticator app", deps);
  const { db } = deps;
  const existing = await db.mfaAuthenticator.findUnique({ where: { userId: actor.userId } });
  if (existing?.verifiedAt) {
    throw new AppError("ALREADY_EXISTS", "An authenticator app is already set up. Remove it first to add another.");
  }
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { email: true } });
  const secret = newTotpSecret();
  const secretEncrypted = deps.fieldCipher.encrypt(secret);
  await db.mfaAuthenticator.upsert({
    where: { userId: actor.userId },
    create: { userId: actor.userId, secretEncrypted },
    update: { secretEncrypted, verifiedAt: null, lastTimeStep: null },
  });
  const otpauthUri = totpUri(secret, "Signet", user.email);
  // loaded here, the one place that draws a QR code, rather than at every start
  const { default: QRCode } = await import("qrcode");
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: "M", margin: 1, width: 220 });
  return { secret, otpauthUri, qrCodeDataUrl };
}

/** The first verified factor comes with recovery codes; the user's mfaEnrolled mirrors "has a verified factor". */
async function afterFactorVerified(tx: Tx, actor: UserActor, hadFactor: boolean): Promise<string[] | null> {
  await tx.user.update({ where: { id: actor.userId }, data: { mfaEnrolled: true } });
  if (hadFactor) return null;
  return replaceRecoveryCodes(tx, actor);
}

async function replaceRecoveryCodes(tx: Tx, actor: UserActor): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.mfaRecoveryCode.deleteMany({ where: { userId: actor.userId } });
  await tx.mfaRecoveryCode.createMany({
    data: codes.map((code) => ({ userId: actor.userId, codeHash: sha256Hex(normalizeRecoveryCode(code)) })),
  });
  await auditOn(tx, actor, "mfa.recovery-codes-generated", { count: codes.length });
  return codes;
}

export async function verifyMfaAuthenticator(
  actor: UserActor,
  input: { code: string },
  deps: CoreDeps,
): Promise<Omit<MfaEnrolled, "token">> {
  await requireOwnSignIn(actor, "authenticator app", deps);
  const { db } = deps;
  const authenticator = await db.mfaAuthenticator.findUnique({ where: { userId: actor.userId } });
  if (!authenticator || authenticator.verifiedAt)
    throw new AppError("BAD_REQUEST", MFA_MESSAGES.noPendingAuthenticator);
  const step = await checkTotp(deps.fieldCipher.decrypt(authenticator.secretEncrypted), input.code, null);
  if (step === null) throw new AppError("MFA_CODE_INVALID");
  const hadFactor = hasVerifiedFactor(await loadMfaFactors(db, actor.userId));
  const recoveryCodes = await db.$transaction(async (tx) => {
    const { count } = await tx.mfaAuthenticator.updateMany({
      where: { userId: actor.userId, verifiedAt: null, secretEncrypted: authenticator.secretEncrypted },
      data: { verifiedAt: new Date(), lastTimeStep: step },
    });
    if (count === 0) throw new AppError("BAD_REQUEST", MFA_MESSAGES.noPendingAuthenticator);
    await auditOn(tx, actor, "mfa.authenticator-added");
    return afterFactorVerified(tx, actor, hadFactor);
  });
  return { status: await getMyMfa(actor, deps), recoveryCodes };
}

/** Removing the last factor is refused while the organization requires one. */
async function checkRemovable(actor: UserActor, deps: CoreDeps, remains: boolean) {
  if (!remains && (await organizationRequiresMfa(deps.db, actor.organizationId))) {
    throw new AppError("MFA_FACTOR_REQUIRED");
  }
}

async function afterFactorRemoved(tx: Tx, actor: UserActor, remains: boolean) {
  if (remains) return;
  // recovery codes stand in for a factor: without one they would be a way in on their own
  await tx.mfaRecoveryCode.deleteMany({ where: { userId: actor.userId } });
  await tx.user.update({ where: { id: actor.userId }, data: { mfaEnrolled: false } });
}

export async function removeMfaAuthenticator(actor: UserActor, deps: CoreDeps): Promise<MfaStatus> {
  await requireOwnSignIn(actor, "authenticator app", deps);
  const factors = await loadMfaFactors(deps.db, actor.userId);
  if (!factors.authenticator) throw new AppError("NOT_FOUND");
  const remains = factors.smsPhone !== null;
  await checkRemovable(actor, deps, remains);
  await deps.db.$transaction(async (tx) => {
    await tx.mfaAuthenticator.delete({ where: { userId: actor.userId } });
    if (factors.totp) await auditOn(tx, actor, "mfa.authenticator-removed");
    await afterFactorRemoved(tx, actor, remains);
  });
  return getMyMfa(actor, deps);
}

/**
 * Sets the MFA phone (spec §7 mfa-phone-number) and texts it a code. A different number is
 * unverified until its code comes back; the same number keeps its state and gets a new code.
 */
export async function setMfaPhoneNumber(
  actor: UserActor,
  input: { phoneNumber: string },
  deps: CoreDeps,
): Promise<MfaSmsSent> {
  await requireOwnSignIn(actor, "MFA phone", deps);
  const { db } = deps;
  const code = newSmsCode();
  const now = new Date();
  const sent = await db.$transaction(async (tx) => {
    const recent = await tx.mfaSmsCode.count({
      where: { userId: actor.userId, purpose: "VERIFY_PHONE", createdAt: { gt: new Date(now.getTime() - 3_600_000) } },
    });
    if (recent >= MFA_LIMITS.smsCodesPerChallenge) throw new AppError("RATE_LIMITED", MFA_MESSAGES.tooManyTexts);
    const user = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { mfaPhoneNumber: true } });
    const changed = user.mfaPhoneNumber !== input.phoneNumber;
    if (changed) {
      await tx.user.update({
        where: { id: actor.userId },
        data: { mfaPhoneNumber: input.phoneNumber, version: { increment: 1 } },
      });
      await tx.mfaPhoneVerification.upsert({
        where: { userId: actor.userId },
        create: { userId: actor.userId, phoneNumber: input.phoneNumber },
        update: { phoneNumber: input.phoneNumber, verifiedAt: null },
      });
      await auditOn(tx, actor, "mfa.phone-set", { phoneNumberEnding: input.phoneNumber.slice(-2) });
    }
    await tx.mfaSmsCode.updateMany({
      where: { userId: actor.userId, purpose: "VERIFY_PHONE", usedAt: null },
      data: { usedAt: now },
    });
    const row = await tx.mfaSmsCode.create({
      data: {
        userId: actor.userId,
        purpose: "VERIFY_PHONE",
        phoneNumber: input.phoneNumber,
        codeHash: sha256Hex(code),
        expiresAt: new Date(now.getTime() + MFA_LIMITS.smsCodeMinutes * 60_000),
      },
    });
    await auditOn(tx, actor, "mfa.sms-code-sent", {
      purpose: "phone-verification",
      phoneNumberEnding: input.phoneNumber.slice(-2),
    });
    return row;
  });
  if (!(await hasVerifiedFactor(await loadMfaFactors(db, actor.userId)))) {
    await db.user.update({ where: { id: actor.userId }, data: { mfaEnrolled: false } });
  }
  await deps.sms.send({
    idempotencyKey: `mfa-code:${sent.id}`,
    organizationId: actor.organizationId ?? (await homeOrganization(db, actor.userId)),
    to: input.phoneNumber,
    text: `Your Signet verification code is ${code}. It expires in ${MFA_LIMITS.smsCodeMinutes} minutes.`,
  });
  return { phoneNumberEnding: input.phoneNumber.slice(-2), expiresInSeconds: MFA_LIMITS.smsCodeMinutes * 60 };
}

export async function verifyMfaPhoneNumber(
  actor: UserActor,
  input: { code: string },
  deps: CoreDeps,
): Promise<Omit<MfaEnrolled, "token">> {
  await requireOwnSignIn(actor, "MFA phone", deps);
  const { db } = deps;
  const now = new Date();
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { mfaPhoneNumber: true } });
  if (!user.mfaPhoneNumber) throw new AppError("BAD_REQUEST", MFA_MESSAGES.noPhone);
  const code = await db.mfaSmsCode.findFirst({
    where: { userId: actor.userId, purpose: "VERIFY_PHONE", usedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
  });
  if (!code || code.phoneNumber !== user.mfaPhoneNumber) throw new AppError("MFA_CODE_INVALID");
  if (!sameHash(code.codeHash, sha256Hex(input.code))) {
    const failed = code.failedAttempts + 1;
    await db.mfaSmsCode.update({
      where: { id: code.id },
      data: { failedAttempts: failed, ...(failed >= MFA_LIMITS.wrongTriesPerSmsCode ? { usedAt: now } : {}) },
    });
    throw new AppError("MFA_CODE_INVALID");
  }
  const hadFactor = hasVerifiedFactor(await loadMfaFactors(db, actor.userId));
  const recoveryCodes = await db.$transaction(async (tx) => {
    const used = await tx.mfaSmsCode.updateMany({ where: { id: code.id, usedAt: null }, data: { usedAt: now } });
    if (used.count === 0) throw new AppError("MFA_CODE_INVALID");
    await tx.mfaPhoneVerification.upsert({
      where: { userId: actor.userId },
      create: { userId: actor.userId, phoneNumber: code.phoneNumber, verifiedAt: now },
      update: { phoneNumber: code.phoneNumber, verifiedAt: now },
    });
    await auditOn(tx, actor, "mfa.phone-verified", { phoneNumberEnding: code.phoneNumber.slice(-2) });
    return afterFactorVerified(tx, actor, hadFactor);
  });
  return { status: await getMyMfa(actor, deps), recoveryCodes };
}

export async function removeMfaPhoneNumber(actor: UserActor, deps: CoreDeps): Promise<MfaStatus> {
  await requireOwnSignIn(actor, "MFA phone", deps);
  const factors = await loadMfaFactors(deps.db, actor.userId);
  if (!factors.phone) throw new AppError("NOT_FOUND");
  const remains = factors.totp;
  await checkRemovable(actor, deps, remains);
  await deps.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: actor.userId }, data: { mfaPhoneNumber: null, version: { increment: 1 } } });
    await tx.mfaPhoneVerification.deleteMany({ where: { userId: actor.userId } });
    await auditOn(tx, actor, "mfa.phone-removed");
    await afterFactorRemoved(tx, actor, remains);
  });
  return getMyMfa(actor, deps);
}

export async function regenerateMfaRecoveryCodes(
  actor: UserActor,
  deps: CoreDeps,
): Promise<{ recoveryCodes: string[] }> {
  await requireOwnSignIn(actor, "recovery codes", deps);
  if (!hasVerifiedFactor(await loadMfaFactors(deps.db, actor.userId))) {
    throw new AppError("BAD_REQUEST", "Add an authenticator app or a verified phone first.");
  }
  const recoveryCodes = await deps.db.$transaction((tx) => replaceRecoveryCodes(tx, actor));
  return { recoveryCodes };
}

/**
 * A session opened before the person enrolled says mfa_enrolled false: once they have a factor it
 * is replaced by one that says so (the old token is revoked), so the enrolment gate opens at once.
 */
export async function reissueAfterEnrolment(actor: UserActor, deps: CoreDeps): Promise<IssuedToken> {
  await deps.db.activeToken.update({
    where: { id: actor.tokenId },
    data: { revokedAt: new Date(), revokedReason: "mfa-enrolled" },
  });
  return issueToken(
    {
      userId: actor.userId,
      organizationId: actor.organizationId,
      credentialsExpired: actor.credentialsExpired,
      origin: actor,
      ...(actor.identityProviderId ? { identityProviderId: actor.identityProviderId } : {}),
    },
    deps,
  );
}
