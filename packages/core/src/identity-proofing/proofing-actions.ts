// Identity proofing of an A/V eSign signer in the signing room (issue 16 §2, DOMAIN.md §8): the
// signer's details go to the provider (never stored, never logged), a timed five-question quiz
// follows, and the outcome is kept per attempt. A provider that cannot be reached costs the signer
// nothing: no attempt is recorded, or the interrupted one is removed.
import {
  answerDeadline,
  effectiveOutcome,
  IDENTITY_PROOFING,
  type IdentityDetails,
  lockedOutMessage,
  PROOFING_MESSAGES,
  type ProofingView,
  passes,
  proofingResultMessage,
  proofingState,
} from "@signet/contract";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError } from "../errors/app-error.ts";
import type { SigningContext } from "../signing/signing-context.ts";
import { signingWrite } from "../signing/signing-write.ts";
import { proofingRequired } from "./proofing-required.ts";
import { IdentityProofingError } from "./provider-adapter.ts";
import { configuredIdentityProofing } from "./provider-adapters.ts";

type Reader = Db | Prisma.TransactionClient;
type AttemptRow = Prisma.IdentityProofingAttemptGetPayload<object>;

/** Credential checks that matched nobody, counted so a guessed SSN cannot be tried for ever. */
const UNMATCHED_PER_DAY = 5;

const audit = (context: SigningContext, type: string, data: Record<string, unknown>) => ({
  organizationId: context.pkg.organizationId,
  streamType: "package" as const,
  streamId: context.pkg.id,
  type,
  data: { participantId: context.participant.id, ...data },
});

/** The server's own words for a moment (the room shows the lockout in the signer's time zone itself). */
const utcText = (date: Date) =>
  `${date.toLocaleString("en-US", { timeZone: "UTC", dateStyle: "long", timeStyle: "short" })} UTC`;

const attemptsOf = (db: Reader, context: SigningContext) =>
  db.identityProofingAttempt.findMany({
    where: { participantId: context.participant.id, packageId: context.pkg.id },
    orderBy: { startedAt: "asc" },
  });

/**
 * Writes EXPIRED on open quizzes past their deadline (with the "ran out of time" audit sentence,
 * and the lockout when that was the second failure), so the record says what the rules decided.
 */
async function settleExpired(context: SigningContext, deps: CoreDeps, now: Date): Promise<void> {
  const open = await deps.db.identityProofingAttempt.findMany({
    where: { participantId: context.participant.id, packageId: context.pkg.id, outcome: null },
  });
  for (const attempt of open) {
    if (effectiveOutcome(attempt, now) !== "EXPIRED") continue;
    await deps.db.$transaction(async (tx) => {
      const settled = await tx.identityProofingAttempt.updateMany({
        where: { id: attempt.id, outcome: null },
        data: { outcome: "EXPIRED" },
      });
      if (settled.count === 0) return;
      await appendAuditEvent(tx, context.actor, audit(context, "participant.identity-proofing-expired", {}));
      await auditLockout(tx, context, now);
    });
  }
}

async function auditLockout(tx: Prisma.TransactionClient, context: SigningContext, now: Date) {
  const state = proofingState(await attemptsOf(tx, context), now);
  if (state.kind === "locked" && state.until) {
    await appendAuditEvent(
      tx,
      context.actor,
      audit(context, "participant.identity-proofing-locked", { until: state.until.toISOString() }),
    );
  }
}

function viewOf(
  context: SigningContext,
  attempts: AttemptRow[],
  now: Date,
  message: string | null = null,
): ProofingView {
  const required = proofingRequired(context.pkg, context.participant);
  const state = proofingState(attempts, now);
  const open = state.kind === "in-progress" ? attempts.find((attempt) => attempt.outcome === null) : undefined;
  let said = message;
  if (!said && state.kind === "locked" && state.until) said = lockedOutMessage(utcText(state.until));
  return {
    required,
    state: state.kind,
    attemptsLeft: state.attemptsLeft,
    maxAttempts: IDENTITY_PROOFING.maxAttempts,
    questionCount: IDENTITY_PROOFING.questionCount,
    passMark: IDENTITY_PROOFING.passMark,
    timeLimitSeconds: IDENTITY_PROOFING.timeLimitSeconds,
    lockedUntil: state.kind === "locked" && state.until ? state.until.toISOString() : null,
    lastOutcome: state.lastOutcome,
    lastCorrectCount: state.lastCorrectCount,
    quiz: open
      ? {
          attemptId: open.id,
          questions: open.questions as NonNullable<ProofingView["quiz"]>["questions"],
          expiresAt: open.expiresAt.toISOString(),
          secondsLeft: Math.max(0, Math.ceil((open.expiresAt.getTime() - now.getTime()) / 1000)),
        }
      : null,
    message: said,
  };
}

/** Where the signer stands, with the open quiz (never its answers). */
export async function loadIdentityProofing(context: SigningContext, deps: CoreDeps): Promise<ProofingView> {
  const now = new Date();
  await settleExpired(context, deps, now);
  return viewOf(context, await attemptsOf(deps.db, context), now);
}

const unavailable = () => new AppError("SERVICE_UNAVAILABLE", PROOFING_MESSAGES.providerUnavailable);

/** Checks the details at the provider and opens a timed quiz (one attempt). */
export async function startIdentityProofing(
  context: SigningContext,
  details: IdentityDetails,
  deps: CoreDeps,
): Promise<ProofingView> {
  const now = new Date();
  if (!proofingRequired(context.pkg, context.participant))
    throw new AppError("CONFLICT", PROOFING_MESSAGES.notRequired);
  await settleExpired(context, deps, now);
  const before = proofingState(await attemptsOf(deps.db, context), now);
  refuseStart(before);
  const since = new Date(now.getTime() - 24 * 3_600_000);
  const unmatched = await deps.db.auditEvent.count({
    where: {
      streamType: "package",
      streamId: context.pkg.id,
      type: "participant.identity-check-unmatched",
      occurredAt: { gte: since },
      data: { path: ["participantId"], equals: context.participant.id },
    },
  });
  if (unmatched >= UNMATCHED_PER_DAY) throw new AppError("VERIFICATION_LOCKED");

  const provider = configuredIdentityProofing(deps.config);
  if (!provider) throw unavailable();
  let quiz: Awaited<ReturnType<typeof provider.adapter.startQuiz>>;
  let reference: string;
  try {
    const check = await provider.adapter.checkIdentity(provider.connection, details);
    if (!check.matched) {
      await deps.db.$transaction((tx) =>
        appendAuditEvent(tx, context.actor, audit(context, "participant.identity-check-unmatched", {})),
      );
      throw new AppError("VERIFICATION_FAILED", PROOFING_MESSAGES.noMatch);
    }
    reference = check.reference;
    quiz = await provider.adapter.startQuiz(provider.connection, reference);
  } catch (error) {
    if (error instanceof IdentityProofingError) {
      deps.logger.warn({ kind: error.kind, status: error.status }, "identity-proofing provider failed");
      throw unavailable();
    }
    throw error;
  }

  const started = new Date();
  return signingWrite(
    context,
    deps,
    ["IDENTITY_PROOFING"],
    async (tx, fresh) => {
      // a second start sent at the same moment waits for this one and then finds its quiz open
      refuseStart(proofingState(await attemptsOf(tx, fresh), started));
      await tx.identityProofingAttempt.create({
        data: {
          organizationId: fresh.pkg.organizationId,
          packageId: fresh.pkg.id,
          participantId: fresh.participant.id,
          provider: provider.provider,
          personReferenceEncrypted: deps.fieldCipher.encrypt(reference),
          quizId: quiz.quizId,
          questions: quiz.questions,
          startedAt: started,
          expiresAt: new Date(started.getTime() + IDENTITY_PROOFING.timeLimitSeconds * 1000),
        },
      });
      await appendAuditEvent(tx, fresh.actor, audit(fresh, "participant.identity-proofing-started", {}));
      return viewOf(fresh, await attemptsOf(tx, fresh), started);
    },
    { lock: "update" },
  );
}

function refuseStart(state: ReturnType<typeof proofingState>) {
  if (state.kind === "passed") throw new AppError("CONFLICT", PROOFING_MESSAGES.alreadyPassed);
  if (state.kind === "in-progress") throw new AppError("CONFLICT", PROOFING_MESSAGES.quizOpen);
  if (state.kind === "locked" && state.until) {
    throw new AppError("VERIFICATION_LOCKED", lockedOutMessage(utcText(state.until)));
  }
}

/** Scores the open quiz at the provider: 4 of 5 passes; a late answer counts as an expired attempt. */
export async function answerIdentityProofing(
  context: SigningContext,
  input: { attemptId: string; answers: { questionId: string; choiceId: string }[] },
  deps: CoreDeps,
): Promise<ProofingView> {
  const now = new Date();
  const attempt = await deps.db.identityProofingAttempt.findFirst({
    where: { id: input.attemptId, participantId: context.participant.id, packageId: context.pkg.id },
  });
  // someone else's quiz is as unknown as a made-up one
  if (!attempt) throw new AppError("NOT_FOUND", PROOFING_MESSAGES.notYourQuiz);
  if (attempt.outcome !== null) throw new AppError("CONFLICT", "This quiz has already been answered.");
  if (now.getTime() > answerDeadline(attempt.expiresAt).getTime()) {
    await settleExpired(context, deps, now);
    const attempts = await attemptsOf(deps.db, context);
    const state = proofingState(attempts, now);
    const message =
      state.kind === "locked" && state.until
        ? `${PROOFING_MESSAGES.expired} ${lockedOutMessage(utcText(state.until))}`
        : PROOFING_MESSAGES.expired;
    return viewOf(context, attempts, now, message);
  }

  const provider = configuredIdentityProofing(deps.config);
  let score: { correctCount: number };
  try {
    if (!provider) throw new IdentityProofingError("unreachable", "No identity provider is configured.");
    score = await provider.adapter.scoreQuiz(provider.connection, attempt.quizId, input.answers);
  } catch (error) {
    if (!(error instanceof IdentityProofingError)) throw error;
    deps.logger.warn({ kind: error.kind, status: error.status }, "identity-proofing provider failed");
    // the quiz cannot be scored: it is withdrawn and does not count, the signer starts again later
    await deps.db.$transaction(async (tx) => {
      const removed = await tx.identityProofingAttempt.deleteMany({ where: { id: attempt.id, outcome: null } });
      if (removed.count > 0) {
        await appendAuditEvent(tx, context.actor, audit(context, "participant.identity-proofing-interrupted", {}));
      }
    });
    throw unavailable();
  }

  const answeredAt = new Date();
  const passed = passes(score.correctCount);
  return signingWrite(
    context,
    deps,
    ["IDENTITY_PROOFING"],
    async (tx, fresh) => {
      const written = await tx.identityProofingAttempt.updateMany({
        where: { id: attempt.id, outcome: null },
        data: { outcome: passed ? "PASSED" : "FAILED", correctCount: score.correctCount, answeredAt },
      });
      if (written.count === 0) throw new AppError("CONFLICT", "This quiz has already been answered.");
      const data = { correctCount: score.correctCount, questionCount: IDENTITY_PROOFING.questionCount };
      await appendAuditEvent(
        tx,
        fresh.actor,
        audit(fresh, passed ? "participant.identity-proofing-passed" : "participant.identity-proofing-failed", data),
      );
      if (!passed) await auditLockout(tx, fresh, answeredAt);
      const attempts = await attemptsOf(tx, fresh);
      const state = proofingState(attempts, answeredAt);
      const message = proofingResultMessage(
        score.correctCount,
        state.kind === "locked" ? 0 : state.attemptsLeft,
        state.until && state.kind === "locked" ? utcText(state.until) : undefined,
      );
      return viewOf(fresh, attempts, answeredAt, message);
    },
    { lock: "update" },
  );
}
