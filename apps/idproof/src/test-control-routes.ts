// /_test/*: routes that exist only when test controls are on (never in a real deployment). They
// need no token, so a test can prepare the provider before its client has one.

import type { FaultBook } from "@signet/reference-service";
import { ProtocolError } from "@signet/reference-service";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { FaultMode, FaultStep } from "./protocol.ts";
import { correctAnswers, errorBody, faultBody, faultList, personBody, quizIdParams } from "./protocol.ts";
import type { ProviderContext } from "./provider-context.ts";

export async function testControlRoutes(
  parent: FastifyInstance,
  ctx: ProviderContext & { faults: FaultBook<FaultStep, FaultMode> },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["Test controls"];
  app.post(
    "/_test/faults",
    {
      schema: {
        summary: "Queue a fault for the next matching requests",
        tags,
        body: faultBody,
        response: { 200: faultList },
      },
    },
    async (request) => {
      ctx.faults.add(request.body);
      return { faults: ctx.faults.list() };
    },
  );
  app.get(
    "/_test/faults",
    { schema: { summary: "The faults still queued", tags, response: { 200: faultList } } },
    async () => ({ faults: ctx.faults.list() }),
  );
  app.delete("/_test/faults", { schema: { summary: "Clear every queued fault", tags } }, async (_request, reply) => {
    ctx.faults.clear();
    return reply.code(204).send();
  });
  app.post(
    "/_test/persons",
    { schema: { summary: "Add (or replace) a fictitious person", tags, body: personBody } },
    async (request, reply) => {
      const person = ctx.store.add(request.body);
      return reply.code(201).send({ reference: person.reference });
    },
  );
  app.get(
    "/_test/quizzes/:quizId/answers",
    {
      schema: {
        summary: "The right answers of a quiz, so a test can pass or fail it on purpose",
        tags,
        params: quizIdParams,
        response: { 200: correctAnswers, 404: errorBody },
      },
    },
    async (request) => {
      const quiz = ctx.store.quizzes.get(request.params.quizId);
      if (!quiz) throw new ProtocolError(404, "unknown_quiz", "There is no such quiz.");
      return {
        answers: quiz.questions.map((question) => ({ questionId: question.id, choiceId: question.correctChoiceId })),
      };
    },
  );
}
