import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import {
  IN_PERSON_MESSAGES,
  KBA_QUESTIONS,
  normalizeKbaAnswer,
  SIGNING_LIMITS,
  type SigningRoom,
} from "@signet/contract";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import type { SigningContext } from "./signing-context.ts";
import { kbaAnswers, loadSigningRoom } from "./signing-room-view.ts";
import { signingWrite } from "./signing-write.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest();

const auditVerification = (context: SigningContext, type: string, data: Record<string, unknown>) => ({
  organizationId: context.pkg.organizationId,
  streamType: "package" as const,
  streamId: context.pkg.id,
  type,
  data: { participantId: context.participant.id, sessionId: context.session.id, ...data },
});

/**
 * The EMAIL_CODE code of a session sent at `sentAt`: derived from the link key, so the outbox row
 * that sends it holds only the session id (like a signing link, no stored row holds a working code).
 */
export function emailVerificationCode(linkKey: Buffer, sessionId: string, sentAt: Date): string {
  const digest = createHmac("sha256", linkKey).update(`email-code:${sessionId}:${sentAt.getTime()}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, "0");
}

/**
 * Issue 5 §2: texts a six-digit one-time code to the participant's phone (SMS_CODE verification);
 * issue 34 §3: or emails it (EMAIL_CODE, what a delegate gets unless the original verified by text).
 */
export async function sendVerificationCode(context: SigningContext, deps: CoreDeps): Promise<SigningRoom> {
  const now = new Date();
  const sent = await signingWrite(context, deps, ["VERIFY"], async (tx, fresh) => {
    if (fresh.session.hostedByUserId) throw new AppError("BAD_REQUEST", IN_PERSON_MESSAGES.hostedUseInPerson);
    const method = fresh.participant.idVerification;
    if (method === "EMAIL_CODE" && !fresh.participant.email) {
      throw new AppError("BAD_REQUEST", "This participant has no email address to send a code to.");
    }
    if (method !== "EMAIL_CODE" && (method !== "SMS_CODE" || !fresh.participant.phoneNumber)) {
      throw new AppError("BAD_REQUEST", "This participant does not verify by a one-time code.");
    }
    if (fresh.session.lockedUntil && fresh.session.lockedUntil > now) throw new AppError("VERIFICATION_LOCKED");
    const codesSent = await tx.auditEvent.count({
      where: {
        streamType: "package",
        streamId: fresh.pkg.id,
        type: "participant.verification-code-sent",
        data: { path: ["sessionId"], equals: fresh.session.id },
      },
    });
    if (codesSent >= SIGNING_LIMITS.smsCodesPerSession) {
      throw new AppError("RATE_LIMITED", "Too many codes were sent. Open your invitation link again later.");
    }
    const code =
      method === "EMAIL_CODE"
        ? emailVerificationCode(deps.linkKey, fresh.session.id, now)
        : String(randomInt(0, 1_000_000)).padStart(6, "0");
    const session = await tx.signingSession.update({
      where: { id: fresh.session.id },
      data: {
        codeHash: sha256(code).toString("hex"),
        codeExpiresAt: new Date(now.getTime() + SIGNING_LIMITS.smsCodeMinutes * 60_000),
        codeSentAt: now,
      },
    });
    await appendAuditEvent(
      tx,
      fresh.actor,
      auditVerification(fresh, "participant.verification-code-sent", { method, count: codesSent + 1 }),
    );
    if (method === "EMAIL_CODE") {
      await enqueueOutbox(
        tx,
        "signing.email-code",
        { sessionId: session.id },
        `signing-email-code:${session.id}:${codesSent + 1}`,
      );
    }
    return { code, session, phone: fresh.participant.phoneNumber, count: codesSent + 1, fresh, method };
  });
  if (sent.method === "EMAIL_CODE") return loadSigningRoom({ ...sent.fresh, session: sent.session }, deps);
  // the code goes out directly (the participant is waiting for it); never through a stored job payload
  await deps.sms.send({
    idempotencyKey: `verification-code:${sent.session.id}:${sent.count}`,
    organizationId: context.pkg.organizationId,
    to: sent.phone!,
    text: `${context.pkg.organization.name}: your Signet verification code is ${sent.code}. It expires in ${SIGNING_LIMITS.smsCodeMinutes} minutes.`,
  });
  return loadSigningRoom({ ...sent.fresh, session: sent.session }, deps);
}

/**
 * Checks the one-time code or the knowledge answers. Wrong answers count; at the limit the
 * participant is locked out for a while (423), whatever session they come back with. The audit
 * records attempts and results, never the answers (DOMAIN.md §4).
 */
export async function verifyParticipant(
  context: SigningContext,
  input: { code: string } | { answers: Partial<Record<(typeof KBA_QUESTIONS)[number], string>> },
  deps: CoreDeps,
): Promise<SigningRoom> {
  const now = new Date();
  const outcome = await signingWrite(context, deps, ["VERIFY"], async (tx, fresh) => {
    const { session, participant } = fresh;
    if (session.hostedByUserId) throw new AppError("BAD_REQUEST", IN_PERSON_MESSAGES.hostedUseInPerson);
    if (session.lockedUntil && session.lockedUntil > now) throw new AppError("VERIFICATION_LOCKED");
    let passed: boolean;
    if ("code" in input) {
      if (participant.idVerification !== "SMS_CODE" && participant.idVerification !== "EMAIL_CODE") {
        throw new AppError("BAD_REQUEST");
      }
      const live = session.codeHash !== null && session.codeExpiresAt !== null && session.codeExpiresAt > now;
      passed = live && timingSafeEqual(sha256(input.code), Buffer.from(session.codeHash!, "hex"));
    } else {
      if (participant.idVerification !== "KBA") throw new AppError("BAD_REQUEST");
      const expected = kbaAnswers(deps, participant.verificationCiphertext);
      const asked = KBA_QUESTIONS.filter((question) => expected[question]);
      passed =
        asked.length > 0 &&
        asked.every((question) => {
          const given = normalizeKbaAnswer(input.answers[question] ?? "");
          const want = normalizeKbaAnswer(expected[question]!);
          return given.length > 0 && timingSafeEqual(sha256(given), sha256(want));
        });
    }
    const method = participant.idVerification;
    if (passed) {
      const updated = await tx.signingSession.update({
        where: { id: session.id },
        data: { verifiedAt: now, verificationFailures: 0, codeHash: null, codeExpiresAt: null },
      });
      await appendAuditEvent(tx, fresh.actor, auditVerification(fresh, "participant.verified", { method }));
      return { passed, fresh: { ...fresh, session: updated } };
    }
    const failures = session.verificationFailures + 1;
    const locked = failures >= SIGNING_LIMITS.verificationAttempts;
    const updated = await tx.signingSession.update({
      where: { id: session.id },
      data: {
        verificationFailures: locked ? 0 : failures,
        lockedUntil: locked ? new Date(now.getTime() + SIGNING_LIMITS.verificationLockMinutes * 60_000) : null,
        ...(locked ? { codeHash: null, codeExpiresAt: null } : {}),
      },
    });
    await appendAuditEvent(
      tx,
      fresh.actor,
      auditVerification(fresh, locked ? "participant.verification-locked" : "participant.verification-failed", {
        method,
        attempt: failures,
      }),
    );
    return {
      passed,
      locked,
      attemptsLeft: SIGNING_LIMITS.verificationAttempts - failures,
      fresh: { ...fresh, session: updated },
    };
  });
  if (outcome.passed) return loadSigningRoom(outcome.fresh, deps);
  if ("locked" in outcome && outcome.locked) throw new AppError("VERIFICATION_LOCKED");
  const left = "attemptsLeft" in outcome ? outcome.attemptsLeft : 0;
  throw new AppError("VERIFICATION_FAILED", undefined, [{ path: "attemptsLeft", message: String(left) }]);
}
