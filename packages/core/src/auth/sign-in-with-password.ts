import { createHash } from "node:crypto";
import type { AnonymousActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { continueAfterFirstFactor, type FirstFactorOutcome } from "../mfa/sign-in-challenge.ts";
import { verifyAgainstDummy, verifyPassword } from "./password-hasher.ts";
import { readSignInAccount } from "./read-sign-in-account.ts";
import { recordSignIn } from "./record-sign-in.ts";

export interface SignInInput {
  username: string;
  password: string;
}

/**
 * A failed sign-in for an email without a password account answers exactly as a real account's
 * would: INVALID_CREDENTIALS until the same number of failures locks it, then ACCOUNT_LOCKED for the
 * same time, so neither the answers nor their order tell which accounts exist. Only the email's
 * SHA-256 is kept, and rows idle for a day are dropped.
 */
async function countUnknownAccountFailure(email: string, deps: CoreDeps): Promise<never> {
  const { db, config } = deps;
  const emailHash = createHash("sha256").update(email).digest("hex");
  const now = new Date();
  await db.unknownAccountSignInFailure.deleteMany({
    where: { updatedAt: { lt: new Date(now.getTime() - 86_400_000) } },
  });
  const row = await db.unknownAccountSignInFailure.findUnique({ where: { emailHash } });
  if (row?.lockedUntil && row.lockedUntil > now) throw new AppError("ACCOUNT_LOCKED");
  const failedAttempts = (row?.failedAttempts ?? 0) + 1;
  const lock = failedAttempts >= config.LOGIN_MAX_FAILED_ATTEMPTS;
  const data = {
    failedAttempts: lock ? 0 : failedAttempts,
    lockedUntil: lock ? new Date(now.getTime() + config.LOGIN_LOCK_MINUTES * 60_000) : null,
  };
  await db.unknownAccountSignInFailure.upsert({ where: { emailHash }, create: { emailHash, ...data }, update: data });
  throw new AppError("INVALID_CREDENTIALS");
}

/**
 * Password sign-in (spec §4 Session). A user of several organizations gets a partial token and
 * picks one; a user of one organization must be enabled there. Failed attempts count towards a
 * temporary lock; every outcome is audited on the user's stream.
 */
export async function signInWithPassword(
  actor: AnonymousActor,
  input: SignInInput,
  deps: CoreDeps,
): Promise<FirstFactorOutcome> {
  const { db, config } = deps;
  const email = input.username.trim().toLowerCase();
  const user = await readSignInAccount(db, email);
  if (!user?.credential) {
    await verifyAgainstDummy(input.password);
    return countUnknownAccountFailure(email, deps);
  }
  const credential = user.credential;
  const audit = (type: string, data: Record<string, unknown> = {}) =>
    db.$transaction((tx) =>
      appendAuditEvent(tx, actor, {
        organizationId: user.homeOrganizationId,
        streamType: "user",
        streamId: user.id,
        type,
        data,
      }),
    );

  if (credential.lockedUntil && credential.lockedUntil > new Date()) {
    await verifyAgainstDummy(input.password);
    await audit("sign-in.refused", { reason: "locked" });
    throw new AppError("ACCOUNT_LOCKED");
  }
  if (!(await verifyPassword(credential.passwordHash, input.password))) {
    const failedAttempts = credential.failedAttempts + 1;
    const lock = failedAttempts >= config.LOGIN_MAX_FAILED_ATTEMPTS;
    await db.credential.update({
      where: { userId: user.id },
      data: {
        failedAttempts: lock ? 0 : failedAttempts,
        lockedUntil: lock ? new Date(Date.now() + config.LOGIN_LOCK_MINUTES * 60_000) : null,
      },
    });
    await audit(lock ? "account.locked" : "sign-in.failed", { failedAttempts });
    throw new AppError("INVALID_CREDENTIALS");
  }

  const enabledHere = (m: (typeof user.memberships)[number]) => m.enabled && m.organization.enabled;
  const single = user.memberships.length === 1 ? user.memberships[0]! : null;
  if (user.memberships.length === 0 || (single && !enabledHere(single))) {
    await audit("sign-in.refused", { reason: "not-enabled-for-org" });
    throw new AppError("USER_NOT_ENABLED_FOR_ORG");
  }

  const credentialsExpired = credential.expiresAt !== null && credential.expiresAt <= new Date();
  // with a second factor due, no token is written and the failed-attempt count stays until the code
  // is right too: a right password must not give a code-guesser a fresh set of tries (issue 12 §4)
  const outcome = await continueAfterFirstFactor(
    actor,
    {
      userId: user.id,
      organizationId: single?.organizationId ?? null,
      credentialsExpired,
      firstFactor: "pwd",
      factors: user.factors,
      knownSubject: user.tokenSubject,
      writeTokenRow: (token) =>
        recordSignIn(db, actor, {
          userId: user.id,
          lastEvent: user.lastEvent,
          token,
          audit: {
            organizationId: user.homeOrganizationId,
            streamType: "user",
            streamId: user.id,
            type: "sign-in.succeeded",
            data: { partial: single === null },
          },
        }),
    },
    deps,
  );
  return outcome;
}
