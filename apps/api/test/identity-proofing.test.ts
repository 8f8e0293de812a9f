import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { auditSentence, type ProofingView, type SigningRoom } from "@signet/contract";
import { isIdentityProofed } from "@signet/core";
import { createTestDatabase, markIdentityProofed, type TestDatabase } from "@signet/core/testing";
import { type SpawnedReferenceIdProofing, spawnReferenceIdProofing } from "@signet/idproof/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedServer, startServer } from "../src/start-server.ts";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { packageOrg } from "./support/package-fixtures.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  type SigningClient,
  sendPackage,
  signablePackage,
} from "./support/signing-fixtures.ts";
import { type ErrorBody, packageAudit } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { TEST_AUTH_SECRET } from "./support/test-app.ts";

// Issue 16 §2, DOMAIN.md §8: an A/V signer proves who they are (credential check, then 5 knowledge
// questions, 4 right to pass, 2 minutes, two attempts, then 24 hours) before the host's session,
// against the reference provider as a separate process. Time is moved by moving the attempts back.

let provider: SpawnedReferenceIdProofing;
let database: TestDatabase;
let server: StartedServer;
let smtp: SmtpCapture;
const logLines: string[] = [];
const db = () => server.db;
const signingUrl = () => server.signingRoom!.url;

const AVERY = {
  givenName: "Avery",
  familyName: "Quillfeather",
  dateOfBirth: "1984-03-17",
  ssnLast4: "0417",
  postalCode: "55401",
};

beforeAll(async () => {
  provider = await spawnReferenceIdProofing();
  smtp = await startSmtpCapture();
  database = await createTestDatabase();
  await database.db.$disconnect();
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  server = await startServer(
    {
      ...ACCESS_TEST_ENV,
      DATABASE_URL: database.url,
      // the reference services listen on loopback: allowed by name, as an operator would
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
      PORT: "0",
      SIGNING_ROOM_LISTEN_PORT: "0",
      AUTH_SECRET: TEST_AUTH_SECRET,
      SEED_DEMO: "false",
      WEB_DIST: "/nonexistent",
      SMTP_URL: smtp.url,
      IDPROOF_URL: provider.url,
      IDPROOF_CLIENT_ID: provider.clientId,
      IDPROOF_CLIENT_SECRET: provider.clientSecret,
      IDPROOF_TIMEOUT_SECONDS: "1",
    },
    // debug: the most the API ever writes about a request
    { logLevel: "debug", logDestination: destination },
  );
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
  await smtp?.close();
  await provider?.kill();
});

type View = ProofingView & ErrorBody;
const view = (client: SigningClient) => client.request<View>("GET", "/api/v1/signing/identity-proofing");
const start = (client: SigningClient, details: object = AVERY) =>
  client.request<View>("POST", "/api/v1/signing/identity-proofing/attempts", { json: details });
const answer = (client: SigningClient, attemptId: string, answers: { questionId: string; choiceId: string }[]) =>
  client.request<View>("POST", "/api/v1/signing/identity-proofing/answers", { json: { attemptId, answers } });

/** The provider's right answers for the attempt, with the first `wrong` of them changed to a wrong choice. */
async function answersFor(started: View, wrong = 0) {
  const attempt = await db().identityProofingAttempt.findUniqueOrThrow({ where: { id: started.quiz!.attemptId } });
  const right = await provider.correctAnswers(attempt.quizId);
  return right.map((pick, index) => {
    if (index >= wrong) return pick;
    const question = started.quiz!.questions.find((candidate) => candidate.id === pick.questionId)!;
    return {
      questionId: pick.questionId,
      choiceId: question.choices.find((choice) => choice.id !== pick.choiceId)!.id,
    };
  });
}

/** An A/V package (Ada hosts; Ben and Cleo sign), sent, with Ben and Cleo consented in their rooms. */
async function avPackage() {
  const tag = randomUUID().slice(0, 8);
  const emails = ["ada", "ben", "cleo"].map((name) => `${name}-${tag}@example.com`);
  const app = { server, url: server.url, close: async () => undefined };
  const s = await signablePackage(app, db(), {
    signers: emails.map((email, index) => ({ givenName: ["Ada", "Ben", "Cleo"][index]!, email })),
  });
  const mailsBefore = smtp.messages.length;
  await sendPackage(s, db());
  await db().package.update({ where: { id: s.pkg.id }, data: { avEsign: true } });
  await db().participant.update({ where: { id: s.signers[0]!.id }, data: { avHost: true } });
  const rooms: { client: SigningClient; room: SigningRoom }[] = [];
  for (const email of emails) {
    rooms.push(await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, email, mailsBefore))));
  }
  return { s, host: rooms[0]!, ben: rooms[1]!, cleo: rooms[2]! };
}

const sentences = async (packageId: string) =>
  (await packageAudit(db(), packageId)).map(
    (event) => auditSentence({ type: event.type, actor: "Ben", data: event.data as Record<string, unknown> }).sentence,
  );

/** Moves every attempt of the participant `seconds` into the past. */
async function travel(participantId: string, seconds: number) {
  await db().$executeRaw`UPDATE "IdentityProofingAttempt"
    SET "startedAt" = "startedAt" - make_interval(secs => ${seconds}),
        "expiresAt" = "expiresAt" - make_interval(secs => ${seconds}),
        "answeredAt" = "answeredAt" - make_interval(secs => ${seconds})
    WHERE "participantId" = ${participantId}::uuid`;
}

describe("identity proofing of A/V signers", () => {
  it("gates a signer after consent, never the host, and passes at 4 of 5", async () => {
    const { s, host, ben } = await avPackage();
    expect(host.room.stage).not.toBe("IDENTITY_PROOFING");
    expect(ben.room.stage).toBe("IDENTITY_PROOFING");
    // nothing else is open to an unproofed signer
    const tag = await ben.client.request<ErrorBody>(
      "PUT",
      `/api/v1/signing/tags/${ben.room.tags[0]?.id ?? randomUUID()}`,
      {
        json: { value: "applied" },
      },
    );
    expect(tag.status).toBe(403);
    expect((await view(host.client)).body).toMatchObject({ required: false });

    const initial = await view(ben.client);
    expect(initial.body).toMatchObject({ required: true, state: "not-started", attemptsLeft: 2, quiz: null });
    const started = await start(ben.client);
    expect(started.status).toBe(201);
    expect(started.body.state).toBe("in-progress");
    expect(started.body.quiz!.questions).toHaveLength(5);
    expect(started.body.quiz!.secondsLeft).toBeGreaterThan(110);
    // the right answers stay at the provider
    for (const question of started.body.quiz!.questions)
      expect(Object.keys(question).sort()).toEqual(["choices", "id", "prompt"]);
    // a second start while the quiz is open is refused
    expect((await start(ben.client)).status).toBe(409);

    const passed = await answer(ben.client, started.body.quiz!.attemptId, await answersFor(started.body, 1));
    expect(passed.status).toBe(200);
    expect(passed.body).toMatchObject({ state: "passed", lastCorrectCount: 4 });
    expect(passed.body.message).toBe("You answered 4 of 5 questions correctly. Your identity is verified.");
    expect(await isIdentityProofed(db(), s.signers[1]!.id)).toBe(true);
    expect((await ben.client.room()).body.stage).toBe("SIGN");
    expect(await sentences(s.pkg.id)).toContain("Ben passed identity verification (4 of 5 correct).");

    // the stored row keeps the questions and the outcome, the person only encrypted, no identity details
    const row = await db().identityProofingAttempt.findFirstOrThrow({ where: { participantId: s.signers[1]!.id } });
    expect(row).toMatchObject({ outcome: "PASSED", correctCount: 4, provider: "reference" });
    expect(row.personReferenceEncrypted).not.toContain("psn_");
    expect(JSON.stringify(row)).not.toContain(AVERY.ssnLast4);
    expect(JSON.stringify(row)).not.toContain(AVERY.dateOfBirth);
  });

  it("fails at 3 of 5 with one more attempt, then passes", async () => {
    const { s, ben } = await avPackage();
    const first = await start(ben.client);
    const failed = await answer(ben.client, first.body.quiz!.attemptId, await answersFor(first.body, 2));
    expect(failed.body).toMatchObject({ state: "retry-available", attemptsLeft: 1, lastOutcome: "FAILED" });
    expect(failed.body.message).toBe("You answered 3 of 5 questions correctly. You have one more attempt.");
    const second = await start(ben.client);
    expect(second.status).toBe(201);
    // the second quiz asks about other things than the first
    const prompts = (v: View) => v.quiz!.questions.map((question) => question.prompt);
    expect(prompts(second.body).filter((prompt) => prompts(first.body).includes(prompt))).toEqual([]);
    const passed = await answer(ben.client, second.body.quiz!.attemptId, await answersFor(second.body));
    expect(passed.body).toMatchObject({ state: "passed", lastCorrectCount: 5 });
    const said = await sentences(s.pkg.id);
    expect(said).toContain("Ben failed identity verification (3 of 5 correct).");
    expect(said).toContain("Ben passed identity verification (5 of 5 correct).");
  });

  it("locks for 24 hours after two failures, then allows two attempts again", async () => {
    const { s, ben } = await avPackage();
    for (let round = 0; round < 2; round++) {
      const started = await start(ben.client);
      expect(started.status).toBe(201);
      await answer(ben.client, started.body.quiz!.attemptId, await answersFor(started.body, 3));
    }
    const locked = await view(ben.client);
    expect(locked.body).toMatchObject({ state: "locked", attemptsLeft: 0 });
    const until = new Date(locked.body.lockedUntil!);
    expect(until.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(locked.body.message).toMatch(/^Identity verification failed twice\. You can try again after .+\.$/);
    const refused = await start(ben.client);
    expect(refused.status).toBe(423);
    expect(refused.body.message).toMatch(/failed twice/);
    expect(
      (await sentences(s.pkg.id)).some((sentence) =>
        sentence.startsWith("Ben was locked out of identity verification until"),
      ),
    ).toBe(true);

    await travel(s.signers[1]!.id, 23 * 3600);
    expect((await start(ben.client)).status).toBe(423);
    await travel(s.signers[1]!.id, 3600);
    expect((await view(ben.client)).body).toMatchObject({ state: "not-started", attemptsLeft: 2 });
    expect((await start(ben.client)).status).toBe(201);
  });

  it("counts a quiz answered too late as a failed attempt", async () => {
    const { s, ben } = await avPackage();
    const started = await start(ben.client);
    const answers = await answersFor(started.body);
    await travel(s.signers[1]!.id, 120 + 11);
    const late = await answer(ben.client, started.body.quiz!.attemptId, answers);
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ state: "retry-available", attemptsLeft: 1, lastOutcome: "EXPIRED" });
    expect(late.body.message).toMatch(/Time ran out/);
    expect(await isIdentityProofed(db(), s.signers[1]!.id)).toBe(false);
    expect(await sentences(s.pkg.id)).toContain("Ben ran out of time answering the identity questions.");
    // a quiz left open expires on its own too
    const next = await start(ben.client);
    await travel(s.signers[1]!.id, 200);
    expect((await view(ben.client)).body).toMatchObject({ state: "locked" });
    expect((await answer(ben.client, next.body.quiz!.attemptId, [])).status).toBe(409);
  });

  it("does not use up an attempt when the provider fails, hangs or matches nobody", async () => {
    const { s, ben } = await avPackage();
    const participantId = s.signers[1]!.id;
    const unreachable = "We could not reach the identity verification service. Try again in a few minutes.";
    await provider.fault("identity-check", "fail");
    const failed = await start(ben.client);
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe(unreachable);
    await provider.fault("quiz", "timeout");
    const hung = await start(ben.client);
    expect(hung.status).toBe(503);
    expect(hung.body.message).toBe(unreachable);
    const nobody = await start(ben.client, { ...AVERY, ssnLast4: "9999" });
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toMatch(/could not find a record/);
    expect(await db().identityProofingAttempt.count({ where: { participantId } })).toBe(0);

    const started = await start(ben.client);
    await provider.fault("answers", "fail");
    const scoring = await answer(ben.client, started.body.quiz!.attemptId, await answersFor(started.body));
    expect(scoring.status).toBe(503);
    expect(scoring.body.message).toBe(unreachable);
    expect((await view(ben.client)).body).toMatchObject({ state: "not-started", attemptsLeft: 2 });
    expect(await db().identityProofingAttempt.count({ where: { participantId } })).toBe(0);
  });

  it("stops credential checks after five that matched nobody in a day", async () => {
    const { s, ben } = await avPackage();
    for (let round = 0; round < 5; round++) {
      expect((await start(ben.client, { ...AVERY, postalCode: `1000${round}` })).status).toBe(400);
    }
    const stopped = await start(ben.client);
    expect(stopped.status).toBe(423);
    expect(await db().identityProofingAttempt.count({ where: { participantId: s.signers[1]!.id } })).toBe(0);
    expect(await sentences(s.pkg.id)).toContain(
      "Ben gave identity details that matched no record at the identity service.",
    );
    // a signer who cannot get past proofing may still decline
    const declined = await ben.client.request<SigningRoom>("POST", "/api/v1/signing/decline", {
      json: { reason: "I cannot verify my identity online." },
    });
    expect(declined.status).toBe(200);
    expect(declined.body.stage).toBe("CLOSED");
  });

  it("refuses answers to someone else's quiz and a bad body, never with a server error", async () => {
    const { ben, cleo } = await avPackage();
    const started = await start(ben.client);
    const answers = await answersFor(started.body);
    const stolen = await answer(cleo.client, started.body.quiz!.attemptId, answers);
    expect(stolen.status).toBe(404);
    expect((await view(ben.client)).body.state).toBe("in-progress");
    expect((await answer(ben.client, randomUUID(), answers)).status).toBe(404);
    expect((await start(cleo.client, { ...AVERY, ssnLast4: "12a4" })).status).toBe(400);
    expect((await start(cleo.client, { nonsense: true })).status).toBe(400);
    const noHeader = await fetch(`${signingUrl()}/api/v1/signing/identity-proofing/attempts`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: [...cleo.client.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: JSON.stringify(AVERY),
    });
    expect(noHeader.status).toBeGreaterThanOrEqual(400);
    expect(noHeader.status).toBeLessThan(500);
    // without a session
    const anonymous = await fetch(`${signingUrl()}/api/v1/signing/identity-proofing`);
    expect(anonymous.status).toBe(401);
  });

  it("shows the sender each participant's outcome, only in their own organization", async () => {
    const { s, host, ben, cleo } = await avPackage();
    const started = await start(ben.client);
    await answer(ben.client, started.body.quiz!.attemptId, await answersFor(started.body, 2));
    await markIdentityProofed(db(), {
      organizationId: s.org.organizationId,
      packageId: s.pkg.id,
      participantId: s.signers[2]!.id,
    });
    expect((await cleo.client.room()).body.stage).toBe("SIGN");
    expect((await host.client.room()).body.stage).toBe("SIGN");
    const path = `/api/v9/organizations/${s.org.organizationId}/packages/${s.pkg.id}/identity-proofing`;
    const seen = await s.admin.request<{ records: Record<string, unknown>[] }>("GET", path);
    expect(seen.status).toBe(200);
    expect(seen.body.records).toEqual([
      expect.objectContaining({ participantId: s.signers[0]!.id, required: false, state: "not-started", attempts: 0 }),
      expect.objectContaining({
        participantId: s.signers[1]!.id,
        required: true,
        state: "retry-available",
        attempts: 1,
        lastOutcome: "FAILED",
        lastCorrectCount: 3,
        passedAt: null,
      }),
      expect.objectContaining({ participantId: s.signers[2]!.id, required: true, state: "passed", attempts: 1 }),
    ]);
    expect(JSON.stringify(seen.body)).not.toMatch(/question|choice|psn_/i);

    const other = await packageOrg(db(), server.url);
    expect((await other.admin.request("GET", path)).status).toBe(404);
    const ownOrgOtherPackage = `/api/v9/organizations/${other.org.organizationId}/packages/${s.pkg.id}/identity-proofing`;
    expect((await other.admin.request("GET", ownOrgOtherPackage)).status).toBe(404);
    const unknown = `/api/v9/organizations/${s.org.organizationId}/packages/${randomUUID()}/identity-proofing`;
    expect((await s.admin.request("GET", unknown)).status).toBe(404);
  });

  it("never writes the identity details to the log", async () => {
    expect(logLines.length).toBeGreaterThan(0);
    const log = logLines.join("\n");
    expect(log).toContain("identity-proofing");
    for (const secret of [AVERY.dateOfBirth, "Quillfeather", '"0417"', '"9999"', "ssnLast4", "dateOfBirth"]) {
      expect(log).not.toContain(secret);
    }
  });
});
