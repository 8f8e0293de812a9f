// The reference identity-proofing provider's wire protocol (README.md), one zod schema per body and
// answer, named in a registry of this app's own so its OpenAPI component names never collide with
// Signet's when both load in one process.
import { z } from "zod";

export const PROTOCOL_VERSION = "1";
export const QUESTION_COUNT = 5;
export const NONE_OF_THE_ABOVE = "None of the above";

/** The kinds of out-of-wallet question the provider asks; a quiz uses five of them. */
export const FACT_KINDS = [
  "street",
  "county",
  "vehicleMake",
  "lender",
  "areaCode",
  "employer",
  "city",
  "bank",
  "associate",
  "school",
] as const;
export type FactKind = (typeof FACT_KINDS)[number];

/** The requests a test can make misbehave (README "Test controls"). */
export const FAULT_STEPS = ["token", "identity-check", "quiz", "answers"] as const;
export type FaultStep = (typeof FAULT_STEPS)[number];
export const FAULT_MODES = ["fail", "timeout", "slow"] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const protocolRegistry = z.registry<{ id: string }>();
const named = <T extends z.ZodType>(id: string, schema: T): T => {
  protocolRegistry.add(schema, { id });
  return schema;
};

export const errorBody = named(
  "Error",
  z.object({
    error: z.string().describe("a stable code, e.g. quiz_answered"),
    message: z.string().describe("what went wrong, in plain words"),
  }),
);

export const tokenAnswer = named(
  "AccessToken",
  z.object({
    access_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int().describe("seconds"),
  }),
);
export const tokenForm = z.object({ grant_type: z.string().describe("client_credentials") });

const name = z.string().trim().min(1).max(100);
export const identityCheckBody = named(
  "IdentityCheckRequest",
  z.object({
    givenName: name,
    familyName: name,
    dateOfBirth: z.iso.date().describe("YYYY-MM-DD"),
    ssnLast4: z.string().regex(/^\d{4}$/),
    postalCode: z.string().regex(/^\d{5}$/),
  }),
);
export type IdentityCheckBody = z.infer<typeof identityCheckBody>;

export const identityCheckAnswer = named(
  "IdentityCheckResult",
  z.discriminatedUnion("result", [
    z.object({
      result: z.literal("match"),
      reference: z.string().describe("the provider's opaque reference to the person"),
    }),
    z.object({ result: z.literal("no-match") }),
  ]),
);

export const quizBody = named("QuizRequest", z.object({ reference: z.string().min(1).max(100) }));

export const quizQuestion = named(
  "QuizQuestion",
  z.object({
    id: z.string(),
    prompt: z.string(),
    choices: z
      .array(z.object({ id: z.string(), text: z.string() }))
      .min(4)
      .max(5),
  }),
);
export const quizAnswer = named(
  "Quiz",
  z.object({
    quizId: z.string(),
    questions: z.array(quizQuestion).length(QUESTION_COUNT),
  }),
);

export const answersBody = named(
  "QuizAnswers",
  z.object({
    answers: z
      .array(z.object({ questionId: z.string().max(40), choiceId: z.string().max(40) }))
      .max(QUESTION_COUNT * 2),
  }),
);
export const scoreAnswer = named(
  "QuizScore",
  z.object({
    correctCount: z.number().int().min(0),
    questionCount: z.number().int(),
  }),
);

export const quizIdParams = z.object({ quizId: z.string().max(60) });

export const personBody = named(
  "TestPerson",
  identityCheckBody.extend({
    reference: z.string().min(1).max(100).optional(),
    facts: z.partialRecord(z.enum(FACT_KINDS), z.string().min(1).max(100)),
  }),
);

export const faultBody = z.object({
  step: z.enum(FAULT_STEPS),
  mode: z.enum(FAULT_MODES),
  count: z.number().int().min(1).max(100).default(1),
  delayMs: z.number().int().min(0).max(120_000).default(3000),
});
export const faultList = z.object({ faults: z.array(faultBody) });
export const correctAnswers = named(
  "TestCorrectAnswers",
  z.object({ answers: z.array(z.object({ questionId: z.string(), choiceId: z.string() })) }),
);
