import { randomBytes, timingSafeEqual } from "node:crypto";
import { MFA_LIMITS, MFA_MESSAGES, type MfaChallengeAnswer, type MfaMethod, type MfaSmsSent } from "@signet/contract";
import type { AnonymousActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { type IssuedToken, issueToken, type TokenRow } from "../auth/issue-token.ts";
import type { TokenSubject } from "../auth/read-token-subject.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import {
  challengeMethods,
  hasVerifiedFactor,
  loadMfaFactors,
  type MfaFactors,
  newSmsCode,
  normalizeRecoveryCode,
  sha256Hex,
} from "./mfa-factors.ts";
import { checkTotp } from "./totp.ts";

/** A sign-in waiting for its second factor, as the client gets it. */
export interface IssuedMfaChallenge {
  /** random; only its SHA-256 is stored */
  token: string;
  expiresIn: number;
  methods: MfaMethod[];
}

export type FirstFactorOutcome =
  | { kind: "token"; issued: IssuedToken }
  | { kind: "challenge"; challenge: IssuedMfaChallenge };

export interface FirstFactorInput {
  userId: string;
  organizationId: string | null;
  credentialsExpired: boolean;
  /** RFC 8176: "pwd" for a password, "fed" for an identity provider */
  firstFactor: "pwd" | "fed";
  identityProviderId?: string;
  /** the identity provider asserted a second factor: nothing is asked again */
  secondFactorAsserted?: boolean;
  returnUrl?: string | null;
  /** the user's second factors when the first factor's check read them with the account */
  factors?: MfaFactors;
  /** the token subject, when the first factor's check read it with the account */
  knownSubject?: TokenSubject;
  /** writes the session token's row in the first factor's own bookkeeping (issueToken's writeTokenRow) */
  writeTokenRow?: (row: TokenRow) => Promise<void>;
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * After a first factor succeeded: the session at once for a user without a verified second factor
 * (or whose provider asserted one), else a challenge kept on the server for a few minutes, bound to
 * this sign-in by a random token, that a code must answer before any session exists.
 */
export async function continueAfterFirstFactor(
  actor: AnonymousActor,
  input: FirstFactorInput,
  deps: CoreDeps,
): Promise<FirstFactorOutcome> {
  const { db } = deps;
  const factors = input.factors ?? (await loadMfaFactors(db, input.userId));
  const tokenInput = {
    userId: input.userId,
    organizationId: input.organizationId,
    credentialsExpired: input.credentialsExpired,
    origin: actor,
    ...(input.identityProviderId ? { identityProviderId: input.identityProviderId } : {}),
  };
  if (input.secondFactorAsserted || !hasVerifiedFactor(factors)) {
    const issued = await issueToken(
      {
        ...tokenInput,
        amr: [input.firstFactor, ...(input.secondFactorAsserted ? ["mfa"] : [])],
        knownFactors: factors,
        ...(input.knownSubject ? { knownSubject: input.knownSubject } : {}),
        ...(input.writeTokenRow ? { writeTokenRow: input.writeTokenRow } : {}),
      },
      deps,
    );
    return { kind: "token", issued };
  }
  const token = randomBytes(32).toString("base64url");
  const methods = challengeMethods(factors);
  const user = await db.user.findUniqueOrThrow({ where: { id: input.userId }, select: { homeOrganizationId: true } });
  await db.$transaction(async (tx) => {
    await tx.mfaChallenge.create({
      data: {
        tokenHash: sha256Hex(token),
        userId: input.userId,
        organizationId: input.organizationId,
        credentialsExpired: input.credentialsExpired,
        identityProviderId: input.identityProviderId ?? null,
        firstFactor: input.firstFactor,
        returnUrl: input.returnUrl ?? null,
        expiresAt: new Date(Date.now() + MFA_LIMITS.challengeMinutes * 60_000),
        ip: actor.ip,
        userAgent: actor.userAgent?.slice(0, 500) ?? null,
      },
    });
    await appendAuditEvent(tx, actor, {
      organizationId: user.homeOrganizationId,
      streamType: "user",
      streamId: input.userId,
      type: "sign-in.second-factor-required",
      data: { firstFactor: input.firstFactor, methods },
    });
  });
  return { kind: "challenge", challenge: { token, expiresIn: MFA_LIMITS.challengeMinutes * 60, methods } };
}

async function openChallenge(db: CoreDeps["db"], token: string) {
  const challenge = await db.mfaChallenge.findUnique({
    where: { tokenHash: sha256Hex(token) },
    include: { user: { select: { homeOrganizationId: true, credential: true } } },
  });
  if (!challenge || challenge.completedAt || challenge.expiresAt <= new Date()) {
    throw new AppError("MFA_CHALLENGE_EXPIRED");
  }
  return challenge;
}

/** Texts a sign-in code to the verified MFA phone of a pending challenge (a new code replaces the last). */
export async function sendMfaChallengeSms(
  actor: AnonymousActor,
  input: { mfa_token: string },
  deps: CoreDeps,
): Promise<MfaSmsSent> {
  const { db } = deps;
  const challenge = await openChallenge(db, input.mfa_token);
  const credential = challenge.user.credential;
  if (credential?.lockedUntil && credential.lockedUntil > new Date()) throw new AppError("ACCOUNT_LOCKED");
  const factors = await loadMfaFactors(db, challenge.userId);
  if (!factors.smsPhone) throw new AppError("BAD_REQUEST", MFA_MESSAGES.smsNotEnrolled);
  const phone = factors.smsPhone;
  const code = newSmsCode();
  const sent = await db.$transaction(async (tx) => {
    const count = await tx.mfaSmsCode.count({ where: { challengeId: challenge.id } });
    if (count >= MFA_LIMITS.smsCodesPerChallenge) throw new AppError("RATE_LIMITED", MFA_MESSAGES.tooManyTexts);
    await tx.mfaSmsCode.updateMany({
      where: { challengeId: challenge.id, usedAt: null },
      data: { usedAt: new Date() },
    });
    const row = await tx.mfaSmsCode.create({
      data: {
        userId: challenge.userId,
        purpose: "SIGN_IN",
        challengeId: challenge.id,
        phoneNumber: phone,
        codeHash: sha256Hex(code),
        expiresAt: new Date(Date.now() + MFA_LIMITS.smsCodeMinutes * 60_000),
      },
    });
    await appendAuditEvent(tx, actor, {
      organizationId: challenge.user.homeOrganizationId,
      streamType: "user",
      streamId: challenge.userId,
      type: "mfa.sms-code-sent",
      data: { purpose: "sign-in", phoneNumberEnding: phone.slice(-2) },
    });
    return row;
  });
  // sent directly: the person is waiting for it, and the code never rests in a job payload
  await deps.sms.send({
    idempotencyKey: `mfa-code:${sent.id}`,
    organizationId: challenge.organizationId,
    to: phone,
    text: `Your Signet sign-in code is ${code}. It expires in ${MFA_LIMITS.smsCodeMinutes} minutes. Do not share it.`,
  });
  return { phoneNumberEnding: phone.slice(-2), expiresInSeconds: MFA_LIMITS.smsCodeMinutes * 60 };
}

const SECOND_FACTOR_AMR: Record<MfaMethod, string[]> = {
  totp: ["otp", "mfa"],
  sms: ["sms", "mfa"],
  recovery_code: ["mfa"],
};

/**
 * Checks the code of a pending challenge and, when it is right, issues the session the first factor
 * earned. Every code is accepted once: TOTP by the last accepted time step, SMS and recovery codes
 * by a conditional "used" update. A wrong code counts towards the account lock exactly as a wrong
 * password does (same limit, same lock time, same ACCOUNT_LOCKED answer, audited).
 */
export async function answerMfaChallenge(
  actor: AnonymousActor,
  input: MfaChallengeAnswer,
  deps: CoreDeps,
): Promise<{ issued: IssuedToken; returnUrl: string | null }> {
  const { db, config } = deps;
  const challenge = await openChallenge(db, input.mfa_token);
  const userId = challenge.userId;
  const credential = challenge.user.credential;
  const audit = (type: string, data: Record<string, unknown>) =>
    db.$transaction((tx) =>
      appendAuditEvent(tx, actor, {
        organizationId: challenge.user.homeOrganizationId,
        streamType: "user",
        streamId: userId,
        type,
        data,
      }),
    );
  if (credential?.lockedUntil && credential.lockedUntil > new Date()) {
    await audit("sign-in.refused", { reason: "locked", secondFactor: input.method });
    throw new AppError("ACCOUNT_LOCKED");
  }

  const accepted = await checkCode(deps, challenge, input);
  if (!accepted) {
    const failedAttempts = (credential?.failedAttempts ?? challenge.failedAttempts) + 1;
    const lock = failedAttempts >= config.LOGIN_MAX_FAILED_ATTEMPTS;
    await db.mfaChallenge.update({
      where: { id: challenge.id },
      // a locked account's challenge is over: the person starts again after the lock
      data: { failedAttempts: { increment: 1 }, ...(lock ? { expiresAt: new Date() } : {}) },
    });
    if (credential) {
      await db.credential.update({
        where: { userId },
        data: {
          failedAttempts: lock ? 0 : failedAttempts,
          lockedUntil: lock ? new Date(Date.now() + config.LOGIN_LOCK_MINUTES * 60_000) : null,
        },
      });
    }
    await audit(lock ? "account.locked" : "sign-in.second-factor-failed", {
      failedAttempts,
      secondFactor: input.method,
    });
    if (lock) throw new AppError(credential ? "ACCOUNT_LOCKED" : "MFA_CHALLENGE_EXPIRED");
    throw new AppError("MFA_CODE_INVALID");
  }

  const { count } = await db.mfaChallenge.updateMany({
    where: { id: challenge.id, completedAt: null },
    data: { completedAt: new Date() },
  });
  if (count === 0) throw new AppError("MFA_CHALLENGE_EXPIRED");
  if (credential) {
    await db.credential.update({ where: { userId }, data: { failedAttempts: 0, lockedUntil: null } });
  }
  await db.user.update({ where: { id: userId }, data: { lastSignInAt: new Date() } });
  const amr = [challenge.firstFactor, ...SECOND_FACTOR_AMR[input.method]];
  await audit("sign-in.succeeded", {
    method: challenge.firstFactor === "fed" ? "oidc" : "password",
    secondFactor: input.method,
    partial: challenge.organizationId === null,
  });
  if (input.method === "recovery_code") {
    const remaining = await db.mfaRecoveryCode.count({ where: { userId, usedAt: null } });
    await audit("mfa.recovery-code-used", { remaining });
  }
  const issued = await issueToken(
    {
      userId,
      organizationId: challenge.organizationId,
      credentialsExpired: challenge.credentialsExpired,
      origin: actor,
      amr,
      ...(challenge.identityProviderId ? { identityProviderId: challenge.identityProviderId } : {}),
    },
    deps,
  );
  return { issued, returnUrl: challenge.returnUrl };
}

async function checkCode(
  deps: CoreDeps,
  challenge: { id: string; userId: string },
  input: MfaChallengeAnswer,
): Promise<boolean> {
  const { db } = deps;
  const userId = challenge.userId;
  const now = new Date();
  if (input.method === "totp") {
    const authenticator = await db.mfaAuthenticator.findUnique({ where: { userId } });
    if (!authenticator?.verifiedAt) return false;
    const step = await checkTotp(
      deps.fieldCipher.decrypt(authenticator.secretEncrypted),
      input.code.replace(/\s+/g, ""),
      authenticator.lastTimeStep,
    );
    if (step === null) return false;
    // two requests with the same code: only one moves the last time step
    const { count } = await db.mfaAuthenticator.updateMany({
      where: { userId, OR: [{ lastTimeStep: null }, { lastTimeStep: { lt: step } }] },
      data: { lastTimeStep: step },
    });
    return count === 1;
  }
  if (input.method === "sms") {
    const factors = await loadMfaFactors(db, userId);
    const code = await db.mfaSmsCode.findFirst({
      where: { challengeId: challenge.id, purpose: "SIGN_IN", usedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: "desc" },
    });
    if (!code || code.phoneNumber !== factors.smsPhone) return false;
    if (!sameHash(code.codeHash, sha256Hex(input.code.replace(/\s+/g, "")))) {
      const failed = code.failedAttempts + 1;
      await db.mfaSmsCode.update({
        where: { id: code.id },
        data: { failedAttempts: failed, ...(failed >= MFA_LIMITS.wrongTriesPerSmsCode ? { usedAt: now } : {}) },
      });
      return false;
    }
    const { count } = await db.mfaSmsCode.updateMany({ where: { id: code.id, usedAt: null }, data: { usedAt: now } });
    return count === 1;
  }
  const normalized = normalizeRecoveryCode(input.code);
  if (!/^[a-z0-9]{12}$/.test(normalized)) return false;
  const { count } = await db.mfaRecoveryCode.updateMany({
    where: { userId, codeHash: sha256Hex(normalized), usedAt: null },
    data: { usedAt: now },
  });
  return count === 1;
}
