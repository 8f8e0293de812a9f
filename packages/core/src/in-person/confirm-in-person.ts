import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import {
  type ConfirmInPerson,
  hostIdStatement,
  IN_PERSON_LIMITS,
  IN_PERSON_MESSAGES,
  type InPersonCodeChannel,
  type InPersonRoom,
  idAttestationProblems,
  SIGNING_LIMITS,
} from "@signet/contract";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import type { SigningContext } from "../signing/signing-context.ts";
import { participantName } from "../signing/signing-room-view.ts";
import { signingWrite } from "../signing/signing-write.ts";
import { codeChannels, inPersonRoomOf } from "./in-person-room.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest();

const audit = (context: SigningContext, type: string, data: Record<string, unknown>) => ({
  organizationId: context.pkg.organizationId,
  streamType: "package" as const,
  streamId: context.pkg.id,
  type,
  data: { participantId: context.participant.id, sessionId: context.session.id, ...data },
});

/** The hosted session's identity check, or 409 for an ordinary session. */
async function checkOf(tx: Prisma.TransactionClient, fresh: SigningContext) {
  const check = fresh.session.hostedByUserId
    ? await tx.inPersonIdentityCheck.findUnique({ where: { sessionId: fresh.session.id } })
    : null;
  if (!check) throw new AppError("CONFLICT", IN_PERSON_MESSAGES.notHosted);
  if (check.confirmedAt) throw new AppError("CONFLICT", IN_PERSON_MESSAGES.alreadyConfirmed);
  return check;
}

async function answer(context: SigningContext, deps: CoreDeps): Promise<{ inPerson: InPersonRoom }> {
  const session = await deps.db.signingSession.findUniqueOrThrow({ where: { id: context.session.id } });
  const inPerson = await inPersonRoomOf(deps.db, { ...context, session });
  if (!inPerson) throw new AppError("CONFLICT", IN_PERSON_MESSAGES.notHosted);
  return { inPerson };
}

/**
 * Issue 34 §2a: a six-digit one-time code to the email or phone on file of the participant present
 * with the host. It proves the person at the device holds that inbox or phone; the code machinery
 * (hash, expiry, attempts, lock-out) is the session's, as for SMS_CODE verification.
 */
export async function sendInPersonCode(
  context: SigningContext,
  input: { channel: InPersonCodeChannel },
  deps: CoreDeps,
): Promise<{ inPerson: InPersonRoom }> {
  const now = new Date();
  const sent = await signingWrite(context, deps, ["VERIFY"], async (tx, fresh) => {
    const check = await checkOf(tx, fresh);
    if (fresh.session.lockedUntil && fresh.session.lockedUntil > now) throw new AppError("VERIFICATION_LOCKED");
    const target = codeChannels(fresh.participant).find((candidate) => candidate.channel === input.channel);
    const to = input.channel === "EMAIL" ? fresh.participant.email : fresh.participant.phoneNumber;
    if (!target || !to) {
      throw new AppError("BAD_REQUEST", IN_PERSON_MESSAGES.noDestination, [
        { path: "channel", message: IN_PERSON_MESSAGES.noDestination },
      ]);
    }
    const codesSent = await tx.auditEvent.count({
      where: {
        streamType: "package",
        streamId: fresh.pkg.id,
        type: "participant.in-person-code-sent",
        data: { path: ["sessionId"], equals: fresh.session.id },
      },
    });
    if (codesSent >= IN_PERSON_LIMITS.codesPerSession)
      throw new AppError("RATE_LIMITED", IN_PERSON_MESSAGES.tooManyCodes);
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const session = await tx.signingSession.update({
      where: { id: fresh.session.id },
      data: {
        codeHash: sha256(code).toString("hex"),
        codeExpiresAt: new Date(now.getTime() + IN_PERSON_LIMITS.codeMinutes * 60_000),
        codeSentAt: now,
      },
    });
    await tx.inPersonIdentityCheck.update({
      where: { id: check.id },
      data: { codeChannel: input.channel, codeDestination: target.destination },
    });
    const count = codesSent + 1;
    if (input.channel === "EMAIL") {
      // the outbox is the only way mail leaves; the job carries the code as the sign-up code's does
      await enqueueOutbox(
        tx,
        "email.send",
        {
          organizationId: fresh.pkg.organizationId,
          to,
          packageId: fresh.pkg.id,
          participantId: fresh.participant.id,
          template: "in-person-code",
          data: {
            recipientName: participantName(fresh.participant),
            hostName: check.hostName,
            organizationName: fresh.pkg.organization.name,
            packageName: fresh.pkg.name,
            code,
            expiresInMinutes: IN_PERSON_LIMITS.codeMinutes,
          },
        },
        `in-person-code:${session.id}:${count}`,
      );
    }
    await appendAuditEvent(
      tx,
      fresh.actor,
      audit(fresh, "participant.in-person-code-sent", { channel: input.channel, sentTo: target.destination, count }),
    );
    return { code, to, count, session, fresh };
  });
  if (input.channel === "SMS") {
    // the participant is waiting at the device: the text goes out directly, never from a stored job
    await deps.sms.send({
      idempotencyKey: `in-person-code:${sent.session.id}:${sent.count}`,
      organizationId: context.pkg.organizationId,
      to: sent.to,
      text: `${context.pkg.organization.name}: your code to sign in person is ${sent.code}. It expires in ${IN_PERSON_LIMITS.codeMinutes} minutes.`,
    });
  }
  return answer(sent.fresh, deps);
}

/**
 * The earliest calendar day anywhere on earth (UTC-12): an ID that expires today where the signing
 * happens is still valid, whatever the server's clock zone.
 */
function earliestToday(now: Date): string {
  return new Date(now.getTime() - 12 * 60 * 60_000).toISOString().slice(0, 10);
}

/**
 * Confirms who is signing in a hosted session: the code typed back (wrong codes count towards the
 * session's lock-out, as for SMS_CODE), or the host's statement that they checked an ID in person.
 * An ID check records its type, issuer, expiry and the statement ticked; never an ID number or image.
 * Either one stands in for the participant's own verification method in this session.
 */
export async function confirmInPerson(
  context: SigningContext,
  input: ConfirmInPerson,
  deps: CoreDeps,
): Promise<{ inPerson: InPersonRoom }> {
  const now = new Date();
  const outcome = await signingWrite(context, deps, ["VERIFY"], async (tx, fresh) => {
    const check = await checkOf(tx, fresh);
    const { session } = fresh;
    if (session.lockedUntil && session.lockedUntil > now) throw new AppError("VERIFICATION_LOCKED");
    let confirmation: Prisma.InPersonIdentityCheckUpdateInput;
    if (input.method === "CODE") {
      if (!check.codeChannel || !session.codeHash) {
        throw new AppError("BAD_REQUEST", IN_PERSON_MESSAGES.noCodeSent, [
          { path: "code", message: IN_PERSON_MESSAGES.noCodeSent },
        ]);
      }
      const live = session.codeExpiresAt !== null && session.codeExpiresAt > now;
      const passed = live && timingSafeEqual(sha256(input.code), Buffer.from(session.codeHash, "hex"));
      const method = check.codeChannel === "EMAIL" ? "IN_PERSON_CODE_EMAIL" : "IN_PERSON_CODE_SMS";
      if (!passed) {
        const failures = session.verificationFailures + 1;
        const locked = failures >= SIGNING_LIMITS.verificationAttempts;
        await tx.signingSession.update({
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
          audit(fresh, locked ? "participant.verification-locked" : "participant.verification-failed", {
            method,
            attempt: failures,
          }),
        );
        return { passed: false as const, locked, attemptsLeft: SIGNING_LIMITS.verificationAttempts - failures };
      }
      confirmation = { method };
    } else {
      const problems = idAttestationProblems(input, earliestToday(now));
      if (problems.length > 0) throw new AppError("BAD_REQUEST", problems[0]!.message, problems);
      confirmation = {
        method: "HOST_ATTESTED_ID",
        idType: input.idType,
        idTypeOther: input.idType === "OTHER" ? (input.idTypeOther?.trim() ?? null) : null,
        idIssuer: input.idIssuer,
        idExpiresOn: input.idExpiresOn,
        hostStatement: hostIdStatement(check.hostName),
      };
    }
    const updated = await tx.inPersonIdentityCheck.update({
      where: { id: check.id },
      data: { ...confirmation, confirmedAt: now },
    });
    await tx.signingSession.update({
      where: { id: session.id },
      data: { verifiedAt: now, verificationFailures: 0, codeHash: null, codeExpiresAt: null },
    });
    await appendAuditEvent(
      tx,
      fresh.actor,
      audit(fresh, "participant.identity-confirmed-in-person", {
        method: updated.method,
        hostUserId: check.hostUserId,
        ...(updated.method === "HOST_ATTESTED_ID"
          ? {
              idType: updated.idType,
              idTypeOther: updated.idTypeOther,
              idIssuer: updated.idIssuer,
              idExpiresOn: updated.idExpiresOn,
              hostStatement: updated.hostStatement,
            }
          : { sentTo: updated.codeDestination }),
      }),
    );
    return { passed: true as const, fresh };
  });
  if (outcome.passed) return answer(outcome.fresh, deps);
  if (outcome.locked) throw new AppError("VERIFICATION_LOCKED");
  throw new AppError("VERIFICATION_FAILED", undefined, [
    { path: "attemptsLeft", message: String(outcome.attemptsLeft) },
  ]);
}
