// The reference identity-proofing provider as Signet sees it: a spawned process spoken to over HTTP.
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type SpawnedReferenceIdProofing,
  spawnReferenceIdProofing,
} from "../src/testing/spawn-reference-idproofing.ts";

let provider: SpawnedReferenceIdProofing;
let token: string;

const AVERY = {
  givenName: "Avery",
  familyName: "Quillfeather",
  dateOfBirth: "1984-03-17",
  ssnLast4: "0417",
  postalCode: "55401",
};

async function call(method: string, path: string, body?: unknown, bearer: string | null = token) {
  const response = await fetch(`${provider.url}${path}`, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

async function fetchToken(secret = provider.clientSecret) {
  return fetch(`${provider.url}/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${provider.clientId}:${secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
}

type Quiz = { quizId: string; questions: { id: string; prompt: string; choices: { id: string; text: string }[] }[] };

beforeAll(async () => {
  provider = await spawnReferenceIdProofing();
  token = ((await (await fetchToken()).json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await provider?.kill();
});

describe("the reference identity-proofing provider", () => {
  it("issues tokens only to its clients, and every call needs one", async () => {
    expect((await fetchToken("wrong")).status).toBe(401);
    expect((await call("POST", "/identity-checks", AVERY, null)).status).toBe(401);
    expect((await call("POST", "/identity-checks", AVERY, "made-up")).status).toBe(401);
  });

  it("matches a fixture person regardless of name case, and nobody on any wrong detail", async () => {
    const match = await call("POST", "/identity-checks", { ...AVERY, givenName: "AVERY" });
    expect(match).toMatchObject({ status: 200, body: { result: "match" } });
    for (const wrong of [{ ssnLast4: "0418" }, { dateOfBirth: "1984-03-18" }, { postalCode: "55402" }]) {
      expect((await call("POST", "/identity-checks", { ...AVERY, ...wrong })).body).toEqual({ result: "no-match" });
    }
    const invalid = await call("POST", "/identity-checks", { ...AVERY, ssnLast4: "12345" });
    expect(invalid.status).toBe(400);
    // a refusal names the field, never the value typed
    expect(JSON.stringify(invalid.body)).not.toContain("12345");
  });

  it("asks five multiple-choice questions with None of the above, different ones on the next attempt", async () => {
    const { body } = await call("POST", "/identity-checks", AVERY);
    const reference = body!.reference as string;
    const first = (await call("POST", "/quizzes", { reference })).body as unknown as Quiz;
    const second = (await call("POST", "/quizzes", { reference })).body as unknown as Quiz;
    expect(first.questions).toHaveLength(5);
    for (const question of [...first.questions, ...second.questions]) {
      expect(question.choices.length).toBeGreaterThanOrEqual(4);
      expect(question.choices.length).toBeLessThanOrEqual(5);
      expect(question.choices.at(-1)!.text).toBe("None of the above");
      expect(question).not.toHaveProperty("correctChoiceId");
    }
    const prompts = (quiz: Quiz) => quiz.questions.map((question) => question.prompt);
    expect(prompts(second).filter((prompt) => prompts(first).includes(prompt))).toEqual([]);
    expect((await call("POST", "/quizzes", { reference: "psn_nobody" })).status).toBe(404);
  });

  it("scores answers once: all right, four right, and a second scoring refused", async () => {
    const reference = (await call("POST", "/identity-checks", AVERY)).body!.reference as string;
    const quiz = (await call("POST", "/quizzes", { reference })).body as unknown as Quiz;
    const right = await provider.correctAnswers(quiz.quizId);
    expect(await call("POST", `/quizzes/${quiz.quizId}/answers`, { answers: right })).toMatchObject({
      status: 200,
      body: { correctCount: 5, questionCount: 5 },
    });
    expect((await call("POST", `/quizzes/${quiz.quizId}/answers`, { answers: right })).status).toBe(409);

    const next = (await call("POST", "/quizzes", { reference })).body as unknown as Quiz;
    const answers = await provider.correctAnswers(next.quizId);
    const wrongChoice = next.questions[0]!.choices.find((choice) => choice.id !== answers[0]!.choiceId)!.id;
    answers[0] = { questionId: answers[0]!.questionId, choiceId: wrongChoice };
    const scored = await call("POST", `/quizzes/${next.quizId}/answers`, { answers });
    expect(scored.body).toEqual({ correctCount: 4, questionCount: 5 });
    expect((await call("POST", "/quizzes/qz_unknown/answers", { answers: [] })).status).toBe(404);
  });

  it("knows a person a test adds", async () => {
    const person = {
      ...AVERY,
      givenName: "Testa",
      familyName: "Added",
      facts: { street: "Elm Row", bank: "Tiny Bank" },
    };
    const reference = await provider.addPerson(person);
    const match = await call("POST", "/identity-checks", person);
    expect(match.body).toEqual({ result: "match", reference });
    const quiz = (await call("POST", "/quizzes", { reference })).body as unknown as Quiz;
    expect(quiz.questions).toHaveLength(5);
  });

  it("fails, hangs and lags on request", async () => {
    await provider.fault("identity-check", "fail");
    expect((await call("POST", "/identity-checks", AVERY)).status).toBe(503);
    expect((await call("POST", "/identity-checks", AVERY)).status).toBe(200);

    await provider.fault("quiz", "timeout");
    const reference = (await call("POST", "/identity-checks", AVERY)).body!.reference as string;
    const held = fetch(`${provider.url}/quizzes`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ reference }),
      signal: AbortSignal.timeout(1000),
    });
    await expect(held).rejects.toThrow();

    await provider.fault("identity-check", "slow", { delayMs: 600 });
    const started = Date.now();
    expect((await call("POST", "/identity-checks", AVERY)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  });

  it("describes itself in a valid OpenAPI 3.1 document", async () => {
    const document = await (await fetch(`${provider.url}/openapi.json`)).json();
    const result = await new Validator().validate(document as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys((document as { paths: object }).paths)).toEqual(
      expect.arrayContaining(["/oauth/token", "/identity-checks", "/quizzes", "/quizzes/{quizId}/answers"]),
    );
  });
});
