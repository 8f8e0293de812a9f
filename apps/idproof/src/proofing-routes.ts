// The three calls of an identity proofing: match the person, hand out a quiz, score its answers.

import { faulted, ProtocolError } from "@signet/reference-service";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  answersBody,
  errorBody,
  identityCheckAnswer,
  identityCheckBody,
  quizAnswer,
  quizBody,
  quizIdParams,
  scoreAnswer,
} from "./protocol.ts";
import type { ProviderContext } from "./provider-context.ts";
import { makeQuiz } from "./quiz-maker.ts";

export async function proofingRoutes(parent: FastifyInstance, ctx: ProviderContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["Identity proofing"];
  const security = [{ bearer: [] }];
  app.addHook("onRequest", async (request) => {
    ctx.tokens.verify(request.headers.authorization);
  });

  app.post(
    "/identity-checks",
    {
      schema: {
        summary: "Match a person by name, date of birth, SSN last four and ZIP code",
        tags,
        security,
        body: identityCheckBody,
        response: { 200: identityCheckAnswer, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) =>
      faulted(ctx, "identity-check", reply, async () => {
        const person = ctx.store.match(request.body);
        return person ? { result: "match" as const, reference: person.reference } : { result: "no-match" as const };
      }),
  );

  app.post(
    "/quizzes",
    {
      schema: {
        summary: "Five out-of-wallet questions for a matched person",
        tags,
        security,
        body: quizBody,
        response: { 201: quizAnswer, 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) =>
      faulted(ctx, "quiz", reply, async () => {
        const person = ctx.store.byReference(request.body.reference);
        if (!person) throw new ProtocolError(404, "unknown_reference", "No person has that reference.");
        const quiz = makeQuiz(person, ctx.store.lastKinds.get(person.reference) ?? []);
        ctx.store.lastKinds.set(person.reference, quiz.kinds);
        ctx.store.quizzes.set(quiz.quizId, quiz);
        return reply.code(201).send({
          quizId: quiz.quizId,
          questions: quiz.questions.map(({ id, prompt, choices }) => ({ id, prompt, choices })),
        });
      }),
  );

  app.post(
    "/quizzes/:quizId/answers",
    {
      schema: {
        summary: "Score a quiz (once): how many answers were right",
        tags,
        security,
        params: quizIdParams,
        body: answersBody,
        response: { 200: scoreAnswer, 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) =>
      faulted(ctx, "answers", reply, async () => {
        const quiz = ctx.store.quizzes.get(request.params.quizId);
        if (!quiz) throw new ProtocolError(404, "unknown_quiz", "There is no such quiz.");
        if (quiz.answered) throw new ProtocolError(409, "quiz_answered", "This quiz has already been answered.");
        quiz.answered = true;
        const given = new Map(request.body.answers.map((answer) => [answer.questionId, answer.choiceId]));
        const correctCount = quiz.questions.filter(
          (question) => given.get(question.id) === question.correctChoiceId,
        ).length;
        return { correctCount, questionCount: quiz.questions.length };
      }),
  );
}
