import { z } from "zod";
import { ID } from "./ids.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Identity proofing of A/V eSign signers (issue 16 §2, DOMAIN.md §8): a credential check at an
// identity-data provider, then knowledge questions. The rules here are pure so the server decides
// and the room explains from the same numbers.

export const IDENTITY_PROOFING = {
  questionCount: 5,
  passMark: 4,
  /** what the signer is told and sees counting down */
  timeLimitSeconds: 120,
  /** answers sent this long after the limit still count: the network is not the signer's fault */
  graceSeconds: 10,
  maxAttempts: 2,
  lockoutHours: 24,
} as const;

export const PROOFING_OUTCOMES = ["PASSED", "FAILED", "EXPIRED"] as const;
export type ProofingOutcome = (typeof PROOFING_OUTCOMES)[number];

/** What the rules need of one stored attempt. */
export interface ProofingAttemptFacts {
  startedAt: Date;
  expiresAt: Date;
  answeredAt: Date | null;
  correctCount: number | null;
  outcome: ProofingOutcome | null;
}

export const PROOFING_STATE_KINDS = ["not-started", "in-progress", "passed", "retry-available", "locked"] as const;
export type ProofingStateKind = (typeof PROOFING_STATE_KINDS)[number];

export interface ProofingState {
  kind: ProofingStateKind;
  /** in-progress: when the quiz closes; locked: when a new attempt is allowed */
  until?: Date;
  /** attempts left before the lockout (0 when locked, 2 when not started) */
  attemptsLeft: number;
  /** the last attempt that ended, if any */
  lastOutcome: ProofingOutcome | null;
  lastCorrectCount: number | null;
}

/** Whether a score passes. */
export const passes = (correctCount: number) => correctCount >= IDENTITY_PROOFING.passMark;

/** The last moment answers to a quiz are accepted (the limit plus the network grace). */
export const answerDeadline = (expiresAt: Date) =>
  new Date(expiresAt.getTime() + IDENTITY_PROOFING.graceSeconds * 1000);

/** The outcome an attempt has at `now`: its stored one, EXPIRED once an open quiz is past its deadline, else null. */
export function effectiveOutcome(attempt: ProofingAttemptFacts, now: Date): ProofingOutcome | null {
  if (attempt.outcome) return attempt.outcome;
  return now.getTime() > answerDeadline(attempt.expiresAt).getTime() ? "EXPIRED" : null;
}

/**
 * Where a participant stands (DOMAIN.md §8): two failed (or expired) attempts lock them out for 24
 * hours from the second failure; after that they get two attempts again. A passed attempt is final.
 */
export function proofingState(attempts: readonly ProofingAttemptFacts[], now: Date): ProofingState {
  const ordered = [...attempts].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  let failures = 0;
  let lockedUntil: Date | null = null;
  let last: { outcome: ProofingOutcome; correctCount: number | null } | null = null;
  for (const attempt of ordered) {
    const outcome = effectiveOutcome(attempt, now);
    if (outcome === "PASSED") {
      return { kind: "passed", attemptsLeft: 0, lastOutcome: "PASSED", lastCorrectCount: attempt.correctCount };
    }
    if (outcome === null) {
      return {
        kind: "in-progress",
        until: attempt.expiresAt,
        attemptsLeft: IDENTITY_PROOFING.maxAttempts - failures,
        lastOutcome: last?.outcome ?? null,
        lastCorrectCount: last?.correctCount ?? null,
      };
    }
    const endedAt = attempt.answeredAt ?? attempt.expiresAt;
    // a lockout that has run out starts a fresh pair of attempts
    if (lockedUntil && endedAt.getTime() >= lockedUntil.getTime()) {
      failures = 0;
      lockedUntil = null;
    }
    failures += 1;
    last = { outcome, correctCount: attempt.correctCount };
    if (failures >= IDENTITY_PROOFING.maxAttempts) {
      lockedUntil = new Date(endedAt.getTime() + IDENTITY_PROOFING.lockoutHours * 3_600_000);
    }
  }
  const lastFields = { lastOutcome: last?.outcome ?? null, lastCorrectCount: last?.correctCount ?? null };
  if (lockedUntil && now.getTime() < lockedUntil.getTime()) {
    return { kind: "locked", until: lockedUntil, attemptsLeft: 0, ...lastFields };
  }
  if (lockedUntil) return { kind: "not-started", attemptsLeft: IDENTITY_PROOFING.maxAttempts, ...lastFields };
  if (failures === 0) return { kind: "not-started", attemptsLeft: IDENTITY_PROOFING.maxAttempts, ...lastFields };
  return { kind: "retry-available", attemptsLeft: IDENTITY_PROOFING.maxAttempts - failures, ...lastFields };
}

const ATTEMPT_WORDS = ["no more attempts", "one more attempt", "two more attempts"];

/** The result of a scored quiz, in plain words. */
export function proofingResultMessage(correctCount: number, attemptsLeft: number, lockedUntilText?: string): string {
  const { questionCount } = IDENTITY_PROOFING;
  if (passes(correctCount))
    return `You answered ${correctCount} of ${questionCount} questions correctly. Your identity is verified.`;
  const score = `You answered ${correctCount} of ${questionCount} questions correctly.`;
  if (attemptsLeft <= 0 && lockedUntilText) return `${score} ${lockedOutMessage(lockedUntilText)}`;
  return `${score} You have ${ATTEMPT_WORDS[attemptsLeft] ?? `${attemptsLeft} more attempts`}.`;
}

export const lockedOutMessage = (untilText: string) =>
  `Identity verification failed twice. You can try again after ${untilText}.`;

export const PROOFING_MESSAGES = {
  providerUnavailable: "We could not reach the identity verification service. Try again in a few minutes.",
  noMatch:
    "We could not find a record matching those details. Check them and try again: this did not use up an attempt.",
  expired: "Time ran out before your answers arrived. That counts as one attempt.",
  notRequired: "Identity verification is not needed for this signing.",
  alreadyPassed: "Your identity is already verified.",
  quizOpen: "Answer the questions you were given first.",
  noQuiz: "Start identity verification first.",
  notYourQuiz: "That quiz is not yours.",
} as const;

const nameField = (label: string) =>
  z.string().trim().min(1, `Enter your ${label}.`).max(100, `Your ${label} is too long.`);

/** What the signer types for the credential check: sent to the provider, never stored or logged. */
export const identityDetailsSchema = z
  .object({
    givenName: nameField("first name").describe("The signer's given (first) name as on their records"),
    familyName: nameField("last name").describe("The signer's family (last) name as on their records"),
    dateOfBirth: z.iso
      .date("Enter your date of birth as YYYY-MM-DD.")
      .describe("The signer's date of birth, YYYY-MM-DD"),
    ssnLast4: z
      .string()
      .trim()
      .regex(/^\d{4}$/, "Enter the last four digits of your Social Security number.")
      .describe("The last four digits of the signer's Social Security number"),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{5}$/, "Enter a five-digit ZIP code.")
      .describe("The signer's five-digit ZIP code"),
  })
  .meta({ id: "IdentityProofingDetails" });
export type IdentityDetails = z.infer<typeof identityDetailsSchema>;

const STATE_TEXT =
  "not-started, in-progress (a quiz is open), passed, retry-available (the last attempt failed, another is allowed) or locked (too many failures; see lockedUntil)";
const OUTCOME_TEXT =
  "The last finished attempt: PASSED, FAILED (too few right answers) or EXPIRED (time ran out); null: none finished";
const CORRECT_TEXT = "Right answers in the last finished attempt; null: none finished";

export const proofingQuestionSchema = z
  .object({
    id: z.string().describe("The question's id, to answer it"),
    prompt: z.string().describe("The question as shown to the signer"),
    choices: z
      .array(
        z.object({
          id: z.string().describe("The choice's id, to answer with"),
          text: z.string().describe("The choice as shown"),
        }),
      )
      .describe("The possible answers, one of them right"),
  })
  .meta({ id: "IdentityProofingQuestion" });
export type ProofingQuestion = z.infer<typeof proofingQuestionSchema>;

export const proofingViewSchema = z
  .object({
    required: z.boolean().describe("false when this participant needs no proofing"),
    state: z.enum(PROOFING_STATE_KINDS).describe(STATE_TEXT),
    attemptsLeft: z.number().int().describe("Attempts the signer has left before being locked out"),
    maxAttempts: z.number().int().describe("Attempts allowed before a lockout"),
    questionCount: z.number().int().describe("Questions in a quiz"),
    passMark: z.number().int().describe("Right answers needed to pass"),
    timeLimitSeconds: z.number().int().describe("Seconds allowed to answer a quiz"),
    lockedUntil: z.iso.datetime().nullable().describe("Locked: when a new attempt is allowed"),
    lastOutcome: z.enum(PROOFING_OUTCOMES).nullable().describe(OUTCOME_TEXT),
    lastCorrectCount: z.number().int().nullable().describe(CORRECT_TEXT),
    quiz: z
      .object({
        attemptId: ID.attemptId,
        questions: z.array(proofingQuestionSchema).describe("The quiz's questions, in order"),
        expiresAt: z.iso.datetime().describe("When the quiz's time runs out (ISO 8601 time)"),
        secondsLeft: z.number().int().describe("Seconds left to answer"),
      })
      .nullable()
      .describe("The open quiz, without its answers; null: none open"),
    message: z.string().nullable().describe("the latest result or the lockout, in plain words"),
  })
  .meta({ id: "IdentityProofing" });
export type ProofingView = z.infer<typeof proofingViewSchema>;

export const proofingAnswersSchema = z
  .object({
    attemptId: ID.attemptId,
    answers: z
      .array(
        z.object({
          questionId: z.string().max(40).describe("The question answered"),
          choiceId: z.string().max(40).describe("The choice picked"),
        }),
      )
      .max(IDENTITY_PROOFING.questionCount)
      .describe("One answer per question of the quiz"),
  })
  .meta({ id: "IdentityProofingAnswers" });

const noParams = z.object({});
const base = { base: "api", version: 1, auth: "participant", tags: ["signing room"] } as const;

/** On the signing origin, with the signing session cookie and the room's header. */
export const identityProofingRoutes = {
  getIdentityProofing: define({
    ...base,
    method: "GET",
    path: "/signing/identity-proofing",
    summary: "Where the A/V signer stands in identity proofing (and their open quiz, without answers)",
    params: noParams,
    response: proofingViewSchema,
    status: 200,
  }),
  startIdentityProofing: define({
    ...base,
    method: "POST",
    path: "/signing/identity-proofing/attempts",
    summary: "Check the signer's details at the identity provider and start a timed quiz",
    params: noParams,
    body: identityDetailsSchema,
    response: proofingViewSchema,
    status: 201,
  }),
  answerIdentityProofing: define({
    ...base,
    method: "POST",
    path: "/signing/identity-proofing/answers",
    summary: "Answer the open quiz: 4 of 5 right passes; two failures lock for 24 hours",
    params: noParams,
    body: proofingAnswersSchema,
    response: proofingViewSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;

/** What the sender sees of one participant's identity proofing (never questions, answers or details). */
export const participantProofingSchema = z
  .object({
    participantId: ID.participantId,
    required: z.boolean().describe("an A/V signer who is not the host"),
    state: z.enum(PROOFING_STATE_KINDS).describe(STATE_TEXT),
    attempts: z.number().int().describe("attempts started, passed or not"),
    lastOutcome: z.enum(PROOFING_OUTCOMES).nullable().describe(OUTCOME_TEXT),
    lastCorrectCount: z.number().int().nullable().describe(CORRECT_TEXT),
    passedAt: z.iso.datetime().nullable().describe("When the participant passed (ISO 8601 time); null: not passed"),
    lockedUntil: z.iso
      .datetime()
      .nullable()
      .describe("While locked out: when a new attempt is allowed (ISO 8601 time); null: not locked"),
  })
  .meta({ id: "ParticipantIdentityProofing" });
export type ParticipantProofing = z.infer<typeof participantProofingSchema>;

export const packageProofingSchema = z
  .object({
    records: z.array(participantProofingSchema).describe("Each participant of the package and their identity proofing"),
  })
  .meta({ id: "PackageIdentityProofing" });

/** The sender's view (main API). */
export const identityProofingSenderRoutes = {
  listPackageIdentityProofing: define({
    base: "api",
    version: 9,
    auth: "user",
    tags: ["Identity proofing"],
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/identity-proofing",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "Each participant's identity-proofing outcome for an A/V eSign package (never the answers or details)",
    params: z.object({ orgId: ID.orgId, packageId: ID.packageId }),
    response: packageProofingSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;

/** Short words for the package page, by state. */
export function proofingOutcomeText(proofing: ParticipantProofing): string {
  const score =
    proofing.lastCorrectCount === null ? "" : ` (${proofing.lastCorrectCount} of ${IDENTITY_PROOFING.questionCount})`;
  switch (proofing.state) {
    case "passed":
      return `Identity proofing passed${score}`;
    case "locked":
      return "Identity proofing failed twice: locked";
    case "in-progress":
      return "Identity proofing: answering questions";
    case "retry-available":
      return `Identity proofing failed once${proofing.lastOutcome === "EXPIRED" ? " (ran out of time)" : score}`;
    default:
      return "Identity proofing not started";
  }
}
